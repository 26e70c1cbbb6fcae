import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { saveSection } from './report.ts';

it('a section run alone replaces its own section and JSON key and keeps every other', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'room-report-'));
  try {
    fs.writeFileSync(
      path.join(dir, 'benchmarks.md'),
      '# Benchmarks\n\n| a |\n\n## Busy room\n\nold room\n\n## Several servers\n\nservers\n',
    );
    fs.writeFileSync(
      path.join(dir, 'benchmarks.json'),
      JSON.stringify({ rows: [1], busy_room: { old: true } }),
    );
    saveSection(dir, 'busy_room', { section: '## Busy room\n\nnew room\n', results: { new: true } });
    saveSection(dir, 'packages', { section: '## Pre-bundled packages\n\npackages\n', results: [2] });
    expect(fs.readFileSync(path.join(dir, 'benchmarks.md'), 'utf8')).toBe(
      '# Benchmarks\n\n| a |\n\n## Busy room\n\nnew room\n## Several servers\n\nservers\n\n## Pre-bundled packages\n\npackages\n',
    );
    expect(JSON.parse(fs.readFileSync(path.join(dir, 'benchmarks.json'), 'utf8'))).toEqual({
      rows: [1],
      busy_room: { new: true },
      packages: [2],
    });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
