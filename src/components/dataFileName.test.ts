import { describe, expect, it } from 'vitest';
import { dataFileName } from './dataFileName.ts';

const at = new Date('2026-12-07T15:00:00Z');

describe('data file names', () => {
  it('are cleaned as files.save cleans an app’s names', () => {
    expect(dataFileName('Pantry data', at)).toBe('Pantry data 2026-12-07.json');
    expect(dataFileName('../etc/passwd\u202Egnp.exe data', at)).toBe(
      '_etc_passwdgnp.exe data 2026-12-07.json',
    );
    expect(dataFileName('CON data', at)).toBe('CON data 2026-12-07.json');
  });

  it('fall back to the date when the name cleans to nothing acceptable', () => {
    expect(dataFileName('Notes (3 KB) data', at)).toBe('data 2026-12-07.json');
  });
});
