import type { Clock } from '../client/waitForDecision.ts';

/** A clock whose sleeps return at once and move time forward: tests and the simulation wait for free. */
export class VirtualClock implements Clock {
  constructor(
    private t = 0,
    /** Runs after each sleep, at the new time (e.g. the owner approving meanwhile). */
    private readonly onWake?: (now: number) => Promise<void> | void,
  ) {}

  now(): number {
    return this.t;
  }

  async sleep(ms: number): Promise<void> {
    this.t += ms;
    await this.onWake?.(this.t);
  }
}
