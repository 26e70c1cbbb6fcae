import { useMemo } from 'react';

/**
 * What a project's scaffold means here: the files that never run (the Room renders src/App.tsx itself
 * and applies the CSS its mount entry imports), and the devDependencies, shown and never installed.
 */
export function ProjectNote({ files, notRun }: { files: Record<string, string>; notRun: Set<string> }) {
  const dev = useMemo(() => devDependencies(files), [files]);
  if (notRun.size === 0 && dev.length === 0) return null;
  return (
    <section className="muted" aria-label="Project files">
      {notRun.size > 0 && (
        <p>
          Not run here: {[...notRun].map((p, i) => [i > 0 && ', ', <code key={p}>{p}</code>])}. The Room
          renders the app's <code>src/App.tsx</code> itself and applies the CSS a mount entry imports; build
          configs, <code>index.html</code> and <code>public/</code> files no code imports are shown, never
          used.
        </p>
      )}
      {dev.length > 0 && (
        <>
          <p>devDependencies in package.json (shown, never installed or bundled):</p>
          <ul className="dependency-list" aria-label="devDependencies">
            {dev.map(([name, range]) => (
              <li key={name}>
                <code>
                  {name}@{range}
                </code>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function devDependencies(files: Record<string, string>): [string, string][] {
  try {
    const dev = (JSON.parse(files['package.json'] ?? '{}') as { devDependencies?: unknown }).devDependencies;
    if (!dev || typeof dev !== 'object') return [];
    return Object.entries(dev).map(([name, range]) => [name, String(range)]);
  } catch {
    return [];
  }
}
