import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { TOOLS } from '../validation/mcpTools.ts';
import { generateValidatorsSource, VALIDATORS_FILE } from './genValidators.ts';

const FIXTURE = path.resolve(import.meta.dirname, '../fixtures/propose_room_snippet_app.tool.json');

describe('generated validators', () => {
  it('are up to date with the tool definitions (run `npx tsx scripts/genValidators.ts`)', () => {
    expect(fs.readFileSync(VALIDATORS_FILE, 'utf8')).toBe(generateValidatorsSource());
  });

  it('compile the published snippet schema and need no eval or require', () => {
    const published = JSON.parse(fs.readFileSync(FIXTURE, 'utf8'));
    expect(TOOLS.find((t) => t.name === published.name)?.inputSchema).toEqual(published.inputSchema);
    const src = fs.readFileSync(VALIDATORS_FILE, 'utf8');
    expect(src).toContain(JSON.stringify(published.inputSchema));
    expect(src).not.toMatch(/\brequire\(|new Function|\beval\(/);
  });
});
