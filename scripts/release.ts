/**
 * `npm run release -- COMMAND …` (#23). Who runs what, with which key:
 *   keygen FILE                                  anyone: an ed25519 key pair (FILE, FILE.pub)
 *   build --version X.Y.Z --vendor-key FILE --out DIR --root ROOT.JSON [--artifact FILE] [--no-build] [--from DIR]
 *                                                the vendor's build machine: npm run build, then the
 *                                                compiled JavaScript packed with the lottery's current
 *                                                root.json (a fresh terminal starts from it) and signed
 *                                                (1 of 2 signatures); --artifact: the AppImage or deb
 *                                                electron-builder made, a second signed target
 *   approve --dir DIR --approval-key FILE        the lottery: its approval signature (2 of 2)
 *   root --root-key FILE --vendor PUB --approval PUB --online PUB --out FILE [--version N]
 *                                                the lottery, where its root key is: the TUF root.json
 * Then `guichet central` admin ops updates.root (root.json), updates.approve (DIR), updates.ring.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { approveReleaseFolder, buildReleaseFolder, makeKeyPair, writeRoot } from './release-lib.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const [command, ...rest] = process.argv.slice(2);
const { values, positionals } = parseArgs({
  args: rest,
  allowPositionals: true,
  options: {
    version: { type: 'string' },
    'vendor-key': { type: 'string' },
    'approval-key': { type: 'string' },
    'root-key': { type: 'string' },
    vendor: { type: 'string' },
    approval: { type: 'string' },
    online: { type: 'string' },
    out: { type: 'string' },
    dir: { type: 'string' },
    'no-build': { type: 'boolean' },
    root: { type: 'string' },
    artifact: { type: 'string' },
    from: { type: 'string' },
  },
});
const need = (name: keyof typeof values): string => {
  const v = values[name];
  if (typeof v !== 'string' || v === '') {
    console.error(`release ${command}: --${name} is required`);
    process.exit(2);
  }
  return v;
};
const now = new Date().toISOString();

switch (command) {
  case 'keygen': {
    if (!positionals[0]) throw new Error('release keygen FILE');
    console.log(JSON.stringify(makeKeyPair(path.resolve(positionals[0]))));
    break;
  }
  case 'build': {
    const version = need('version');
    const project = values.from ? path.resolve(values.from) : ROOT;
    const rootJson = readFileSync(need('root'));
    if (!values['no-build']) execFileSync('npm', ['run', 'build', '--silent'], { cwd: project, stdio: 'inherit' });
    const r = await buildReleaseFolder({
      project,
      out: path.resolve(need('out')),
      version,
      vendorKeyPem: readFileSync(need('vendor-key'), 'utf8'),
      now,
      rootJson,
      ...(values.artifact ? { artifact: path.resolve(values.artifact) } : {}),
    });
    console.log(JSON.stringify(r));
    break;
  }
  case 'approve':
    console.log(JSON.stringify(approveReleaseFolder(path.resolve(need('dir')), readFileSync(need('approval-key'), 'utf8'))));
    break;
  case 'root': {
    const read = (k: 'vendor' | 'approval' | 'online') => readFileSync(need(k), 'utf8');
    const out = writeRoot(path.resolve(need('out')), { rootKeyPem: readFileSync(need('root-key'), 'utf8'), vendorPub: read('vendor'), approvalPub: read('approval'), onlinePub: read('online') }, Number(values.version ?? 1), now);
    console.log(JSON.stringify({ root: out }));
    break;
  }
  default:
    console.error('usage: npm run release -- keygen FILE | build --version X.Y.Z --vendor-key FILE --out DIR --root ROOT.JSON [--artifact FILE] [--no-build] [--from DIR] | approve --dir DIR --approval-key FILE | root --root-key FILE --vendor PUB --approval PUB --online PUB --out FILE [--version N]');
    process.exit(2);
}
