#!/usr/bin/env node
// The launcher (#23): `guichet-launcher [COMMAND] --data DIR [ARGS...]` (COMMAND `kiosk` when none) runs a pending update's self-check
// (and rolls it back by itself when it fails: main/services/updates/supervise.ts), then starts
// `DIR/versions/current` (its release.json's `start`) with ARGS, or this installation's bin/guichet.js
// when no release was installed. Nothing of a version runs unless it is the release TUF verified, checked
// against the root.json outside the data folder (GUICHET_UPDATE_ROOT, or the one beside this
// installation's package.json: main/services/updates/verify-release.ts); an unverified `current` is not
// started: this installation's own version is. Exit code 75 from the started version asks for a restart
// (an update was installed): the launcher loops.
import { spawnSync } from 'node:child_process';
import { existsSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const home = path.resolve(here, '..');
const checkout = existsSync(path.join(home, 'main/services/updates/supervise.ts'));
if (checkout) {
  const { register } = await import('tsx/esm/api');
  register();
}
const mod = (p) => new URL(checkout ? `../${p}.ts` : `../out/${p}.js`, import.meta.url).href;
const { supervisePending, readManifest } = await import(mod('main/services/updates/supervise'));
const { updatePaths } = await import(mod('main/services/updates/paths'));
const { currentTarget } = await import(mod('main/services/updates/install'));
const { anchorRootFile, verifyRelease, UnverifiedReleaseError, UPDATE_ROOT_ENV } = await import(mod('main/services/updates/verify-release'));

const args = process.argv.slice(2);
const at = args.indexOf('--data');
if (at < 0 || !args[at + 1]) {
  console.error('usage: guichet-launcher --data DIR [ARGS...]');
  process.exit(2);
}
const paths = updatePaths(args[at + 1]);
// The anchor of every release, outside the data folder; what this launcher starts measures itself by it too.
const anchor = anchorRootFile(home);
if (anchor) process.env[UPDATE_ROOT_ENV] = anchor;
const nodeModules = existsSync(path.join(home, 'node_modules')) ? realpathSync(path.join(home, 'node_modules')) : null;
const verify = (dir) => {
  if (!anchor) throw new UnverifiedReleaseError(`this installation holds no root.json to verify releases against (${UPDATE_ROOT_ENV})`);
  return verifyRelease(paths, dir, anchor, nodeModules);
};
// This installation's own self-check (the version under every release).
const ownSelfCheck = checkout ? [path.join(home, 'bin/run-ts.js'), path.join(home, 'main/hosts/update/self-check-main.ts')] : [path.join(home, 'out/main/hosts/update/self-check-main.js')];
const launch = { verify, selfCheckOf: (dir) => (dir ? [path.join(dir, readManifest(dir).selfcheck)] : ownSelfCheck) };

for (;;) {
  const outcome = await supervisePending(paths, launch);
  if (outcome.outcome !== 'none') console.error(`guichet-launcher: ${JSON.stringify(outcome)}`);
  let dir = currentTarget(paths);
  if (dir) {
    try {
      verify(dir);
    } catch (err) {
      console.error(`guichet-launcher: ${dir} is not a verified release, not started (this installation's version is): ${err instanceof Error ? err.message : String(err)}`);
      dir = null;
    }
  }
  const start = dir ? path.join(dir, readManifest(dir).start) : path.join(home, 'bin/guichet.js');
  // No command given (`guichet-launcher --data DIR`): the counter's kiosk on that folder.
  const command = args[0] && !args[0].startsWith('-') ? args : ['kiosk', ...args];
  const r = spawnSync(process.execPath, [start, ...command], { stdio: 'inherit' });
  if (r.status !== 75) process.exit(r.status ?? 1);
}
