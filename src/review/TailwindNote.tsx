import { useMemo } from 'react';
import { tailwindConfigPath } from '../../validation/tailwindConfigPath.ts';
import { tailwindUse } from '../../validation/tailwindUse.ts';

const WHY = {
  'css-import': 'its CSS imports tailwindcss (or has its @tailwind directives)',
  'package-json': 'its package.json lists tailwindcss',
  'no-css': 'it has class names and no CSS of its own',
  'own-css': 'it has CSS of its own',
  'no-class-names': 'it has no CSS and no class names',
} as const;

/** Whether the frame will style this app with Tailwind, and why (the same decision the frame makes). */
export function TailwindNote({ files }: { files: Record<string, string> }) {
  const use = useMemo(() => tailwindUse(files), [files]);
  const config = use.on ? tailwindConfigPath(files) : undefined;
  return (
    <p className="muted" data-tailwind={use.on ? 'on' : 'off'}>
      {use.on ? 'Styled with Tailwind' : 'Not styled with Tailwind'}: {WHY[use.reason]}.
      {config && ` Its ${config} is applied: it is the app's code, and runs in the app's frame only.`}
    </p>
  );
}
