// Worker-thread entry: TypeScript is compiled in memory by tsx, whatever host started the pool.
import { register } from 'tsx/esm/api';

register();
await import('./unit-worker.ts');
