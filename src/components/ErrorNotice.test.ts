import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Failure } from '../wireError.ts';
import { ErrorNotice } from './ErrorNotice.tsx';

const failure = new Failure({ code: 'not_found', message: 'No such app' }, 'Could not load the versions');
const html = (props: Omit<Parameters<typeof ErrorNotice>[0], 'failure'>) =>
  renderToStaticMarkup(createElement(ErrorNotice, { failure, ...props }));

describe('ErrorNotice', () => {
  it('shows the failure as an alert, its code kept on the element', () => {
    expect(html({})).toBe(
      '<p role="alert" class="error-text" data-error-code="not_found">Could not load the versions: No such app</p>',
    );
  });
  it('offers Retry where the place can try again', () => {
    expect(html({ onRetry: () => {} })).toContain('<button type="button">Retry</button>');
  });
  it('keeps the role and class each place had', () => {
    expect(html({ as: 'span', className: '', announce: 'status' })).toBe(
      '<span role="status" data-error-code="not_found">Could not load the versions: No such app</span>',
    );
    expect(html({ announce: false })).not.toContain('role=');
  });
});
