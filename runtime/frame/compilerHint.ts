import { COMPILE_HINT } from '../protocol.ts';
import { loadCompiler } from './compileApp.ts';

// Imported first by main.ts, so it runs before the rest of the runtime evaluates: on a compile cache miss
// (the host says so in the URL) the compiler's scripts download and parse while React and the loader start.
if (new URLSearchParams(location.search).has(COMPILE_HINT)) loadCompiler().catch(() => undefined);
