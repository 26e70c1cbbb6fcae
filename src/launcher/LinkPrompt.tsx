import { useState } from 'react';
import { PromptDialog } from '../components/PromptDialog.tsx';
import { linkParts, SHOWN_REST } from './linkParts.ts';
import type { PendingLink } from './useLinkGate.ts';

const TITLES = {
  web: 'Open a link from',
  email: 'Write an email from a link in',
  phone: 'Call a number from',
};

/**
 * "Open a link from Lunch poll?": the whole address, its host apart and large, a long rest shortened
 * with a marked gap the person can expand, and the launcher's warnings (international or look-alike
 * names, no encryption). Nothing opens until the person says Open; it opens with no opener or referrer.
 */
export function LinkPrompt({ pending, appName }: { pending: PendingLink; appName: string }) {
  const { kind, href } = pending.request;
  const parts = linkParts(kind, href);
  const [whole, setWhole] = useState(false);
  const long = parts.rest.length > SHOWN_REST;
  const head = long && !whole ? parts.rest.slice(0, SHOWN_REST - 16) : parts.rest;
  const tail = long && !whole ? parts.rest.slice(-16) : '';
  return (
    <PromptDialog
      className="link-prompt"
      title={`${TITLES[kind]} ${appName}?`}
      onCancel={() => pending.answer(false)}
      actions={[
        { label: 'Cancel', onPress: () => pending.answer(false) },
        { label: 'Open', primary: true, onPress: () => pending.answer(true) },
      ]}
    >
      <p className="muted">It opens in a new tab, and the site does not learn which app or room sent you.</p>
      <figure className="link-address">
        <figcaption>{kind === 'web' ? 'Site' : kind === 'email' ? 'To' : 'Number'}</figcaption>
        <code className="link-host" dir="ltr">
          <span className="link-sub">{parts.host.slice(0, parts.host.length - parts.site.length)}</span>
          <strong>{parts.site}</strong>
        </code>
        <figcaption>Full address</figcaption>
        <code className="link-full" dir="ltr" data-testid="link-full">
          <span className="muted">{parts.scheme}</span>
          <strong>{parts.host}</strong>
          <bdi>{head}</bdi>
          {tail && (
            <>
              <mark className="link-gap" title="Shortened">
                …({parts.rest.length - head.length - tail.length} more characters)…
              </mark>
              <bdi>{tail}</bdi>
            </>
          )}
        </code>
        {long && (
          <button type="button" className="link-more" onClick={() => setWhole(!whole)}>
            {whole ? 'Shorten the address' : `Show all ${parts.rest.length} characters`}
          </button>
        )}
      </figure>
      {parts.flags.length > 0 && (
        <ul className="link-flags" aria-label="Check this address">
          {parts.flags.map((flag) => (
            <li key={flag}>⚠ {flag}</li>
          ))}
        </ul>
      )}
    </PromptDialog>
  );
}
