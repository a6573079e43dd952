#!/usr/bin/env node
// The `guichet` command. The sources are TypeScript; tsx compiles them in memory as they load.
// The lottery side's commands (emission, units, central) live in central/cli, the terminal's in
// main/hosts/cli: neither side loads the other.
import { register } from 'tsx/esm/api';

const LOTTERY = new Set(['emission', 'units', 'central']);
register();
await import(LOTTERY.has(process.argv[2] ?? '') ? '../central/cli/main.ts' : '../main/hosts/cli/main.ts');
