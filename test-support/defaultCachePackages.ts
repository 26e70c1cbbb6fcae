import { agentAppPackages } from './agentApps/agentAppPackages.ts';

// Exact, so CI fills the same cache every time.
export const E2E_PACKAGES = [
  'date-fns@4.4.0',
  'use-immer@0.11.0',
  'safe-buffer@5.2.1',
  'react-textarea-autosize@8.5.9',
  // The react.dev package examples e2e/packages.spec.ts runs pre-bundled, at the corpus's pins.
  'immer@1.7.3',
  'use-immer@0.5.1',
  'remarkable@2.0.1',
  // e2e/packages.spec.ts: zustand's persist middleware over the runtime's localStorage, pre-bundled.
  'zustand@4.5.7',
  // The shadcn/ui-style app e2e/projectConventions.spec.ts proposes (cn() and a Button).
  'clsx@2.1.1',
  'tailwind-merge@3.7.3',
  'class-variance-authority@0.7.1',
  '@radix-ui/react-slot@1.5.1',
];

/** What the e2e apps import and what the agent-app corpus (`npm run compat:agents`) asks for. */
export function defaultCachePackages(): string[] {
  return [...E2E_PACKAGES, ...agentAppPackages()];
}
