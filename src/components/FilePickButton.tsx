import { useRef } from 'react';

/** A button that opens the browser's file picker for one JSON file, read here and never uploaded. */
export function FilePickButton({
  children,
  inputLabel,
  onPick,
}: {
  children: string;
  /** The hidden input's accessible name. */
  inputLabel: string;
  onPick: (file: File | undefined) => void;
}) {
  const picker = useRef<HTMLInputElement>(null);
  return (
    <>
      <button type="button" onClick={() => picker.current?.click()}>
        {children}
      </button>
      <input
        ref={picker}
        type="file"
        accept=".json,application/json"
        hidden
        aria-label={inputLabel}
        onChange={(e) => {
          onPick(e.target.files?.[0]);
          // The same file picked again must fire again.
          e.target.value = '';
        }}
      />
    </>
  );
}
