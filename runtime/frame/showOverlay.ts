import type { FrameError } from '../protocol.ts';
import { codeFrame } from './codeFrame.ts';

const TITLES: Record<FrameError['code'], string> = {
  compile_error: 'Compile error',
  unresolved_import: 'Unresolved import',
  runtime_error: 'Runtime error',
  missing_default_export: 'Missing default export',
  missing_entry: 'No entry file',
  unresponsive: 'Not responding',
};

/** Shows the error over the app, in the frame itself: kind, message, file:line:column and a code frame. */
export function showOverlay(error: FrameError, files: Record<string, string>): void {
  document.getElementById('room-error-overlay')?.remove();
  const overlay = document.createElement('div');
  overlay.id = 'room-error-overlay';
  overlay.setAttribute('role', 'alert');
  // Inline styles only: the app's own CSS must not hide or restyle the overlay.
  overlay.style.cssText =
    'position:fixed;inset:0;z-index:2147483647;overflow:auto;margin:0;padding:16px;' +
    'background:#fff5f5;color:#1a1a1a;font:14px/1.45 system-ui,sans-serif;text-align:left';
  const title = document.createElement('h2');
  title.style.cssText = 'margin:0 0 8px;font-size:18px;color:#b00020';
  title.textContent = TITLES[error.code];
  const message = document.createElement('p');
  message.style.cssText = 'margin:0 0 8px;white-space:pre-wrap';
  message.textContent = error.message;
  overlay.append(title, message);
  if (error.file) {
    const where = document.createElement('p');
    where.className = 'room-error-location';
    where.style.cssText = 'margin:0 0 8px;font-family:ui-monospace,monospace';
    where.textContent = location(error);
    overlay.append(where);
    const source = files[error.file];
    if (source !== undefined && error.line) {
      const pre = document.createElement('pre');
      pre.style.cssText = 'margin:0;padding:8px;background:#fff;border:1px solid #e0b4b4;overflow:auto';
      pre.textContent = codeFrame(source, error.line, error.column);
      overlay.append(pre);
    }
  }
  document.body.append(overlay);
}

/** `src/App.tsx:3:9`, as far as the location is known. */
export function location(error: FrameError): string {
  return [error.file, error.line, error.column].filter((part) => part !== undefined).join(':');
}
