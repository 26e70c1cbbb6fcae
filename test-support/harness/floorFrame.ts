import { createElement } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';

/**
 * The bench's floor: a sandboxed frame that is nothing but React painting "hello", reporting its first
 * paint exactly as the runtime does (a synchronous render, rAF, then a task). `?warm` waits for the host to ask.
 */
const root = createRoot(document.getElementById('root') as HTMLElement);

function paint(): void {
  flushSync(() => root.render(createElement('p', null, 'hello')));
  requestAnimationFrame(() => setTimeout(() => window.parent.postMessage('floor-painted', '*'), 0));
}

if (location.search.includes('warm')) {
  window.addEventListener('message', (event) => {
    if (event.source === window.parent && event.data === 'floor-render') paint();
  });
  window.parent.postMessage('floor-ready', '*');
} else paint();
