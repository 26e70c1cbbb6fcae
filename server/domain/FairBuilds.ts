/**
 * Package builds take turns by who asked: each key (an approver, or the background moves) has at most
 * one build waiting for or holding the server's build slot, so one person's queue of slow hostile builds
 * delays another person's approval by one build at most per key ahead, not by the whole queue.
 */
export class FairBuilds {
  private readonly tails = new Map<string, Promise<unknown>>();

  run<T>(key: string, build: () => Promise<T>): Promise<T> {
    const before = this.tails.get(key) ?? Promise.resolve();
    const mine = before.then(build, build);
    const tail = mine.catch(() => undefined);
    this.tails.set(key, tail);
    // The last one out leaves no entry behind.
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return mine;
  }

  /** Keys with a build waiting or running (for tests). */
  get size(): number {
    return this.tails.size;
  }
}

/** One queue per server process, shared by approvals and the background moves. */
export const fairBuilds = new FairBuilds();
