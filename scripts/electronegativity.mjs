#!/usr/bin/env node
/**
 * Runs Doyensec's electronegativity on the Electron host's sources (main/hosts/electron and the renderer's
 * index.html; the compiled output says the same in a syntax its parser does not know), prints every finding and exits
 * non-zero on any finding of HIGH severity, or on a file it could not parse (unscanned is unknown).
 *
 * Electronegativity reads only .js/.ts/.html/.json, so the files are staged in a temporary folder
 * with readable extensions (.cts → .ts, .cjs → .js) and reported under their real names. It is
 * called through its runner, not its command line (whose option parsing needs an older commander),
 * with Electron's version given so it never needs the network (and its got answered offline: answerOffline).
 *
 * Usage: node scripts/electronegativity.mjs [--json FILE]
 */
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const require = createRequire(import.meta.url);
const SCANNED = { '.ts': '.ts', '.cts': '.ts', '.mts': '.ts', '.js': '.js', '.cjs': '.js', '.mjs': '.js', '.html': '.html' };

/** The sources and build outputs to scan, relative to the project root. */
function targets() {
  const list = [];
  for (const dir of ['main/hosts/electron']) {
    const abs = path.join(root, dir);
    if (!existsSync(abs)) continue;
    for (const name of readdirSync(abs)) if (SCANNED[path.extname(name)]) list.push(path.join(dir, name));
  }
  const html = ['renderer/index.html'].find((f) => existsSync(path.join(root, f)));
  if (html) list.push(html);
  return list;
}

function stage(files) {
  const dir = mkdtempSync(path.join(tmpdir(), 'guichet-electronegativity-'));
  const names = new Map();
  for (const rel of files) {
    const ext = path.extname(rel);
    const staged = rel.slice(0, -ext.length) + SCANNED[ext];
    mkdirSync(path.dirname(path.join(dir, staged)), { recursive: true });
    copyFileSync(path.join(root, rel), path.join(dir, staged));
    names.set(path.join(dir, staged), rel);
  }
  // Without a package.json naming Electron, some checks do not know they face an Electron app.
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'guichet-scan', devDependencies: { electron: electronVersion() } }));
  return { dir, names };
}

function electronVersion() {
  return JSON.parse(readFileSync(require.resolve('electron/package.json'), 'utf8')).version;
}

/**
 * The scan needs no network (Electron's version is given), yet electronegativity asks for its locale
 * strings and Electron's release list through got 11, whose retry after a time-out throws out of a
 * timer on Node 24 ("The `onCancel` handler was attached after the promise settled") and ends the run.
 * Both look-ups have a fallback for a failed request: got is answered "offline" at once, no request made.
 */
function answerOffline() {
  const gotPath = require.resolve('got', { paths: [path.dirname(require.resolve('@doyensec/electronegativity/package.json'))] });
  const offline = () => Promise.reject(new Error('offline: electronegativity runs without the network here'));
  Object.assign(offline, { head: offline, get: offline, default: offline });
  require.cache[gotPath] = { id: gotPath, filename: gotPath, loaded: true, children: [], paths: [], exports: offline };
}

function option(name) {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

async function main() {
  const files = targets();
  const { dir, names } = stage(files);
  answerOffline();
  const run = require('@doyensec/electronegativity/dist/runner.js');
  const version = electronVersion();
  let result;
  // The runner logs progress and a warning that it cannot fetch Electron's releases offline: keep the output to the findings.
  const { log, warn, info } = console;
  console.log = console.warn = console.info = () => {};
  try {
    result = await run({ input: dir, isRelative: false, electronVersionOverride: version, customScan: [], excludeFromScan: [], parserPlugins: [] });
  } finally {
    Object.assign(console, { log, warn, info });
    rmSync(dir, { recursive: true, force: true });
  }
  const where = (file) => names.get(file) ?? path.relative(dir, file);
  const findings = result.issues
    .map((i) => ({
      id: i.id,
      severity: i.severity.name,
      confidence: i.confidence.name,
      file: where(i.file),
      line: i.location?.line ?? 0,
      column: i.location?.column ?? 0,
      description: i.description,
      manualReview: Boolean(i.manualReview),
    }))
    .sort((a, b) => ['HIGH', 'MEDIUM', 'LOW', 'INFORMATIONAL'].indexOf(a.severity) - ['HIGH', 'MEDIUM', 'LOW', 'INFORMATIONAL'].indexOf(b.severity));
  const unparsed = result.errors.filter((e) => !e.tolerable).map((e) => ({ file: where(e.file), message: e.message }));

  console.log(`electronegativity ${require('@doyensec/electronegativity/package.json').version}, Electron ${version}: ${files.length} files, ${result.globalChecks + result.atomicChecks} checks`);
  for (const f of findings) {
    console.log(`  ${f.severity.padEnd(13)} ${f.id} ${f.file}:${f.line}:${f.column}${f.manualReview ? ' (review)' : ''} — ${f.description}`);
  }
  for (const e of unparsed) console.log(`  UNPARSED      ${e.file}: ${e.message}`);
  const json = option('--json');
  if (json) writeFileSync(json, JSON.stringify({ electron: version, files, findings, unparsed }, null, 2));

  const high = findings.filter((f) => f.severity === 'HIGH');
  if (high.length > 0 || unparsed.length > 0) {
    console.error(`electronegativity: ${high.length} finding(s) of HIGH severity, ${unparsed.length} file(s) not parsed`);
    process.exit(1);
  }
  console.log(`electronegativity: no finding of HIGH severity (${findings.length} lower)`);
}

await main();
