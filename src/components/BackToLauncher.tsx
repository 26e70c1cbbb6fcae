import { navigate } from '../router.ts';

/** The room pages' way back: "Back to the launcher", followed in place. */
export function BackToLauncher({ roomId }: { roomId: string }) {
  const launcher = `/rooms/${encodeURIComponent(roomId)}`;
  return (
    <p>
      <a
        href={launcher}
        onClick={(e) => {
          e.preventDefault();
          navigate(launcher);
        }}
      >
        Back to the launcher
      </a>
    </p>
  );
}
