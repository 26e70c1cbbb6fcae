import type { PinnedPackage } from '../../validation/views.ts';

/** The npm packages a Sandpack-fallback app runs with: the app's own first with licences, the rest folded. */
export function PackageList(props: { packages: PinnedPackage[] }) {
  const own = props.packages.filter((p) => p.role === 'direct' || p.role === 'peer');
  const rest = props.packages.filter((p) => p.role !== 'direct' && p.role !== 'peer');
  return (
    <section aria-label="npm packages">
      <p>Runs with Sandpack and these exact npm packages, and only these:</p>
      <ul className="dependency-list">
        {own.map((p) => (
          <li key={`${p.name}@${p.version}`}>
            <code>
              {p.name}@{p.version}
            </code>{' '}
            <span className="muted">
              {p.license}
              {p.role === 'peer' ? ', required by another package' : ''}
            </span>
          </li>
        ))}
      </ul>
      {rest.length > 0 && (
        <details>
          <summary>
            {rest.length} more packages they need, and the bundler's own (
            {rest.filter((p) => p.role === 'bundler').length} installed for every Sandpack app)
          </summary>
          <ul className="dependency-list">
            {rest.map((p) => (
              <li key={`${p.name}@${p.version}`}>
                <code>
                  {p.name}@{p.version}
                </code>{' '}
                <span className="muted">{p.license}</span>
              </li>
            ))}
          </ul>
        </details>
      )}
    </section>
  );
}
