import { useId } from 'react';
import type { NetworkDeclaration } from '../../validation/views.ts';
import { ErrorNotice } from '../components/ErrorNotice.tsx';
import { Failure } from '../wireError.ts';
import { hostLine, type NetworkChange, networkChange } from './networkHosts.ts';

const SENDS = 'send data to and receive data from';
const LOADS = 'load images, fonts, media and stylesheets from';

/**
 * The card's Network section: the hosts the app's room.json declares in plain words, what that lets it
 * do with members' data and the risks no CSP removes; an update's changes come first.
 */
export function NetworkSection({
  network,
  before,
}: {
  network: NetworkDeclaration;
  /** The hosts of the version an update replaces: undefined for a new app, 'loading' while read. */
  before?: NetworkDeclaration | 'loading' | Failure;
}) {
  const id = useId();
  const connect = network.connectDomains;
  const resource = network.resourceDomains;
  const any = connect.length + resource.length > 0;
  return (
    <section className="network" aria-labelledby={id}>
      <h3 id={id}>Network</h3>
      {before === 'loading' ? (
        <p className="muted">Reading the hosts of the version in the launcher…</p>
      ) : before instanceof Failure ? (
        <ErrorNotice failure={before} className="warning" announce={false} />
      ) : (
        before && <Changes change={networkChange(before, network)} />
      )}
      {!any && <p>This app cannot reach the network.</p>}
      {connect.length > 0 && (
        <>
          <p>It can {SENDS}:</p>
          <Hosts label="Hosts it sends data to" origins={connect} />
        </>
      )}
      {resource.length > 0 && (
        <>
          <p>It can {LOADS}:</p>
          <Hosts label="Hosts it loads files from" origins={resource} />
        </>
      )}
      {any && (
        <>
          <p className="warning">It can send what it keeps on members' devices to those hosts.</p>
          <p className="muted">
            What no review removes: its requests may carry a member's own sign-in on those sites (their
            cookies); a declared name can later resolve to a private address on a member's network
            {resource.length > 0
              ? '; stylesheets from these hosts are not reviewed code: they cannot run script, but they can restyle the app'
              : ''}
            .
          </p>
        </>
      )}
    </section>
  );
}

function Changes({ change }: { change: NetworkChange }) {
  const rows: [string, string[]][] = [
    ['Now also sends data to and receives data from', change.connectAdded],
    ['Now also loads images, fonts, media and stylesheets from', change.resourceAdded],
    ['No longer sends data to or receives data from', change.connectRemoved],
    ['No longer loads images, fonts, media and stylesheets from', change.resourceRemoved],
  ];
  const shown = rows.filter(([, origins]) => origins.length > 0);
  if (shown.length === 0) return <p>This update does not change the network hosts.</p>;
  return (
    <div className="network-change" role="note" aria-label="Network change in this update">
      {shown.map(([words, origins]) => (
        <div key={words} className={words.startsWith('Now') ? 'warning' : undefined}>
          <p>{words}:</p>
          <Hosts label={words} origins={origins} />
        </div>
      ))}
    </div>
  );
}

function Hosts({ label, origins }: { label: string; origins: string[] }) {
  return (
    <ul className="network-hosts" aria-label={label}>
      {origins.map((origin) => {
        const line = hostLine(origin);
        return (
          <li key={origin}>
            {line.unicode ? (
              <>
                <code>{line.unicode}</code> <span className="muted">(punycode </span>
                <code>{origin}</code>
                <span className="muted">)</span>
              </>
            ) : (
              <code>{origin}</code>
            )}
            {line.flag && <span className="warning"> — {line.flag}</span>}
          </li>
        );
      })}
    </ul>
  );
}
