import { makeSandpackTailwind } from './makeSandpackTailwind.ts';

/** Compiles one app's Tailwind CSS off the launcher's main thread: a hostile sheet can only stall this worker. */
self.onmessage = async (event: MessageEvent<Record<string, string>>) => {
  try {
    self.postMessage({ made: await makeSandpackTailwind(event.data) });
  } catch (err) {
    self.postMessage({ error: (err as Error).message });
  }
};
