import { describe, expect, it } from 'vitest';
import { FairBuilds } from './FairBuilds.ts';

/** A build that runs until released, logging its start and end. */
function gated(log: string[], name: string) {
  let release = () => {};
  const done = new Promise<void>((r) => (release = r));
  return {
    release,
    build: async () => {
      log.push(`start ${name}`);
      await done;
      log.push(`end ${name}`);
      return name;
    },
  };
}

describe('FairBuilds', () => {
  it("runs one key's builds one after another while another key's goes at once", async () => {
    const fair = new FairBuilds();
    const log: string[] = [];
    const a = [gated(log, 'a1'), gated(log, 'a2'), gated(log, 'a3')];
    const b = gated(log, 'b1');
    const results = [...a.map((g) => fair.run('a', g.build)), fair.run('b', b.build)];
    await new Promise((r) => setTimeout(r, 0));
    expect(log).toEqual(['start a1', 'start b1']);
    b.release();
    a[0]?.release();
    await results[0];
    await results[3];
    await new Promise((r) => setTimeout(r, 0));
    expect(log).toEqual(['start a1', 'start b1', 'end b1', 'end a1', 'start a2']);
    a[1]?.release();
    a[2]?.release();
    expect(await Promise.all(results)).toEqual(['a1', 'a2', 'a3', 'b1']);
    await new Promise((r) => setTimeout(r, 0));
    expect(fair.size).toBe(0);
  });

  it('goes on with the next build of a key after one fails', async () => {
    const fair = new FairBuilds();
    const failed = fair.run('a', () => Promise.reject(new Error('no')));
    const next = fair.run('a', async () => 'ok');
    await expect(failed).rejects.toThrow('no');
    expect(await next).toBe('ok');
  });
});
