// Worker-thread entry when running from the TypeScript sources: tsx compiles verify-worker.ts in memory.
// (Compiled builds start verify-worker.js directly.)
import { register } from 'tsx/esm/api';

register();
await import('./verify-worker.ts');
