#!/usr/bin/env node
// Runs one TypeScript entry point (benchmarks, scripts) through tsx: `node bin/run-ts.js FILE [ARGS...]`.
import { register } from 'tsx/esm/api';
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';

const [file, ...rest] = process.argv.slice(2);
if (!file) {
  console.error('usage: node bin/run-ts.js FILE [ARGS...]');
  process.exit(2);
}
process.argv = [process.argv[0], resolve(file), ...rest];
register();
await import(pathToFileURL(resolve(file)).href);
