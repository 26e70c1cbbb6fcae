import { InAppLink } from './InAppLink.tsx';

/** The room pages' way back: "Back to the launcher", followed in place. */
export function BackToLauncher({ roomId }: { roomId: string }) {
  const launcher = `/rooms/${encodeURIComponent(roomId)}`;
  return (
    <p>
      <InAppLink href={launcher}>Back to the launcher</InAppLink>
    </p>
  );
}
