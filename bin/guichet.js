#!/usr/bin/env node
// The `guichet` command. The sources are TypeScript; tsx compiles them in memory as they load.
import { register } from 'tsx/esm/api';

register();
await import('../main/cli/main.ts');
