#!/usr/bin/env node
// Runs the TypeScript CLI through tsx, so `npx room …` works inside the project without a build step.
import { register } from 'tsx/esm/api';

register();
const { runCli } = await import('../main.ts');
const code = await runCli(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(`${text}\n`),
  stderr: (text) => process.stderr.write(text.startsWith('\r') || text === '\n' ? text : `${text}\n`),
  env: process.env,
  isTTY: Boolean(process.stderr.isTTY),
});
process.exitCode = code;
