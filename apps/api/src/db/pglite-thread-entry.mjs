// The entry of PGlite's worker thread (pglite-thread.ts). Plain JavaScript: on Node 20 the tsx
// loader that `node --import tsx` registers does not reach a worker's entry, so the worker
// registers it here, then loads the TypeScript.
import { register } from 'tsx/esm/api';

register();
await import('./pglite-thread-worker.ts');
