import * as React from 'react';
import * as JsxRuntime from 'react/jsx-runtime';
import * as ReactDOM from 'react-dom';
import * as ReactDOMClient from 'react-dom/client';

// React's production build has no jsxDEV: map it onto jsx/jsxs so dev-runtime output still runs.
const jsxDevRuntime = {
  Fragment: JsxRuntime.Fragment,
  jsxDEV: (type: React.ElementType, props: object, key: React.Key | undefined, isStatic: boolean) =>
    isStatic ? JsxRuntime.jsxs(type, props, key) : JsxRuntime.jsx(type, props, key),
};

/** Bare imports the frame serves itself; anything else needs the Sandpack fallback. */
export function providedModules(sdk: unknown): Record<string, unknown> {
  return {
    react: React,
    'react-dom': ReactDOM,
    'react-dom/client': ReactDOMClient,
    'react/jsx-runtime': JsxRuntime,
    'react/jsx-dev-runtime': jsxDevRuntime,
    '@room/sdk': sdk,
  };
}
