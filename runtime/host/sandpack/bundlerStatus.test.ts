import { describe, expect, it } from 'vitest';
import { isBundlerStatus } from './bundlerStatus.ts';

describe('isBundlerStatus', () => {
  it("accepts the bundler's steps only: no sentence of the app's, however short, reaches the launcher's line", () => {
    expect(isBundlerStatus('installing-dependencies')).toBe(true);
    expect(isBundlerStatus('Room launcher: your session expired. Sign in again below')).toBe(false);
    expect(isBundlerStatus('w '.repeat(1000))).toBe(false);
    expect(isBundlerStatus({ toString: () => 'idle' })).toBe(false);
  });
});
