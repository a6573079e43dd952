#!/usr/bin/env node
// Runs one TypeScript entry point (benchmarks, scripts) through tsx: `node bin/run-ts.js FILE [ARGS...]`.
// Started by a Node older than 24, it starts again on the project's pinned Node (bin/node-runtime.js).
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';
import { handOverToNode24 } from './node-runtime.js';

const [file, ...rest] = process.argv.slice(2);
if (!file) {
  console.error('usage: node bin/run-ts.js FILE [ARGS...]');
  process.exit(2);
}
if (!handOverToNode24(import.meta.url)) {
  const { register } = await import('tsx/esm/api');
  process.argv = [process.argv[0], resolve(file), ...rest];
  register();
  await import(pathToFileURL(resolve(file)).href);
}
