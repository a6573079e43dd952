#!/usr/bin/env node
// The `guichet` command. In a checkout the sources are TypeScript and tsx compiles them in memory as
// they load; an installed terminal has only the compiled JavaScript (out/, from `npm run build`) and
// no sources next to it, and runs that without any TypeScript loader.
// The lottery side's commands (emission, units, central) live in central/cli, the terminal's in
// main/hosts/cli: neither side loads the other.
// Started by a Node older than 24, it starts again on the project's pinned Node (bin/node-runtime.js).
// GUICHET_SPAWN_COMPILED=1 (set by `npm test` for the tiers that spawn, right after it built out/) runs the
// compiled build in a checkout too: tests start what ships (test/support/fresh-build.ts checks it is fresh).
import { existsSync } from 'node:fs';
import { handOverToNode24 } from './node-runtime.js';

const LOTTERY = new Set(['emission', 'units', 'central']);
// `units show UNIT` (a digital unit sold at this terminal) is the terminal's; `units export|render` the lottery's.
const terminalUnits = process.argv[2] === 'units' && process.argv[3] === 'show';
const entry = LOTTERY.has(process.argv[2] ?? '') && !terminalUnits ? 'central/cli/main' : 'main/hosts/cli/main';
const source = new URL(`../${entry}.ts`, import.meta.url);
const compiled = new URL(`../out/${entry}.js`, import.meta.url);

if (handOverToNode24(import.meta.url)) {
  // The pinned Node runs the command; this process only waits for it.
} else if (process.env.GUICHET_SPAWN_COMPILED === '1' || (!existsSync(source) && existsSync(compiled))) {
  if (!existsSync(compiled)) {
    console.error(`guichet: GUICHET_SPAWN_COMPILED is set but ${compiled.pathname} is not built: run npm run build`);
    process.exit(2);
  }
  await import(compiled.href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import(source.href);
}
