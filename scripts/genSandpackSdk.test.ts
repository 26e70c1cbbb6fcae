import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generateSdkModuleSource, SDK_MODULE_FILE } from './genSandpackSdk.ts';

describe("the Sandpack frame's @room/sdk", () => {
  it('is up to date with runtime/frame (run `npx tsx scripts/genSandpackSdk.ts`)', async () => {
    expect(fs.readFileSync(SDK_MODULE_FILE, 'utf8')).toBe(await generateSdkModuleSource());
  });
});
