import type { PackagesPath, PinnedPackage } from '../../validation/views.ts';
import { formatBytes } from '../components/formatBytes.ts';

/**
 * The npm packages an app runs with, judged at proposal time: the app's own first, each with its
 * version, expected path and unpacked size (rows read "date-fns 4.1.0 · pre-bundled · 20.6 MB"), the
 * rest folded.
 */
export function PackageList(props: {
  packages: PinnedPackage[];
  expectedPath: PackagesPath | null;
  expectedNote: string | null;
}) {
  const own = props.packages.filter((p) => p.role === 'direct' || p.role === 'peer');
  const rest = props.packages.filter((p) => p.role !== 'direct' && p.role !== 'peer');
  const total = props.packages.reduce((n, p) => n + (p.unpacked_size ?? 0), 0);
  return (
    <section aria-label="npm packages">
      <p>{lead(props.expectedPath)}</p>
      {props.expectedNote && <p className="muted">{props.expectedNote}</p>}
      <ul className="dependency-list" aria-label="The app's npm packages">
        {own.map((p) => (
          <li key={`${p.name}@${p.version}`}>
            <PackageRow p={p} />
            {p.role === 'peer' && <span className="muted">, required by another package</span>}
          </li>
        ))}
      </ul>
      <p className="muted">
        {props.packages.length} packages, {formatBytes(total)} unpacked in all
        {props.packages.some((p) => p.unpacked_size === null) ? ' (some sizes unknown)' : ''}.
      </p>
      {rest.length > 0 && (
        <details>
          <summary>
            {rest.length} more packages they need, and the bundler's own (
            {rest.filter((p) => p.role === 'bundler').length} installed for every Sandpack app)
          </summary>
          <ul className="dependency-list">
            {rest.map((p) => (
              <li key={`${p.name}@${p.version}`}>
                <PackageRow p={p} />
              </li>
            ))}
          </ul>
        </details>
      )}
    </section>
  );
}

function PackageRow(props: { p: PinnedPackage }) {
  const { p } = props;
  return (
    <>
      <code>{p.name}</code> {p.version} · {pathLabel(p.expected_path)} ·{' '}
      {p.unpacked_size === null ? 'size unknown' : formatBytes(p.unpacked_size)}{' '}
      <span className="muted">{p.license}</span>
    </>
  );
}

function lead(path: PackagesPath | null): string {
  if (path === 'bundle')
    return 'Expected to run pre-bundled: on approval the server builds these exact npm packages, and only these, into one bundle (a build that fails sends the app to Sandpack).';
  if (path === 'sandpack')
    return 'Expected to run with Sandpack and these exact npm packages, and only these:';
  return 'Runs with these exact npm packages, and only these:';
}

function pathLabel(path: PackagesPath | null): string {
  return path === 'bundle' ? 'pre-bundled' : path === 'sandpack' ? 'Sandpack' : 'path not judged';
}
