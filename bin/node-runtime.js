// Keeps the `guichet` command and bin/run-ts.js on Node 24 when they are started by an older node (a
// shell's `node bin/guichet.js`, or the `#!/usr/bin/env node` line finding the machine's Node 20): they
// start again, with the same arguments, on the project's pinned Node (.runtime/node-vVERSION/bin/node,
// installed by scripts/setup.sh; the version is scripts/node-pin.sh's), or stop with a clear message
// when there is none. Only node: built-ins, and syntax Node 18 parses, so the old node gets this far.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const NODE_MAJOR = 24;
const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** The pinned Node's path in this checkout, or null (no pin file, or not installed). */
export function pinnedNode(root = ROOT) {
  let pin;
  try {
    pin = readFileSync(`${root}/scripts/node-pin.sh`, 'utf8');
  } catch {
    return null;
  }
  const version = /^GUICHET_NODE_VERSION=(\d+\.\d+\.\d+)\s*$/m.exec(pin)?.[1];
  if (!version) return null;
  const node = `${root}/.runtime/node-v${version}/bin/node`;
  return existsSync(node) ? node : null;
}

/** The file descriptors the arguments name (`--pin-fd 3`, `--code-fd=4`): a restarted command must get them too. */
export function namedDescriptors(args) {
  const fds = [];
  args.forEach((arg, i) => {
    const m = /^--[a-z][a-z-]*-fd(?:=(\d+))?$/.exec(arg);
    const n = m ? Number(m[1] ?? args[i + 1]) : NaN;
    if (Number.isInteger(n) && n > 2) fds.push(n);
  });
  return fds;
}

/**
 * What to do on Node `version` (process.versions.node): run here, start again on `pinned`, or refuse.
 * `script` is the entry file, `args` what follows it, `execArgv` node's own flags.
 */
export function runtimePlan(version, pinned, script, args, execArgv = []) {
  if (Number(version.split('.')[0]) >= NODE_MAJOR) return { action: 'run' };
  if (!pinned) {
    return {
      action: 'refuse',
      message:
        `Guichet needs Node.js ${NODE_MAJOR} or later, and this is Node ${version}: run scripts/setup.sh (it installs the pinned Node in .runtime/).\n` +
        `Guichet a besoin de Node.js ${NODE_MAJOR} ou plus récent, et celui-ci est Node ${version} : lancez scripts/setup.sh (il installe le Node prévu dans .runtime/).`,
    };
  }
  const fds = namedDescriptors(args);
  const stdio = ['inherit', 'inherit', 'inherit'];
  for (let fd = 3; fd <= Math.max(2, ...fds); fd++) stdio.push(fds.includes(fd) ? fd : 'ignore');
  return { action: 'restart', node: pinned, args: [...execArgv, script, ...args], stdio };
}

/**
 * Hands this command over to the pinned Node when this one is too old: returns true when it did (the
 * caller must then do nothing more; this process ends with the child, with its code or its signal, and
 * passes it SIGINT, SIGTERM and SIGHUP), false when the command runs here. Exits 1 when it can do neither.
 */
export function handOverToNode24(scriptUrl) {
  const plan = runtimePlan(process.versions.node, pinnedNode(), fileURLToPath(scriptUrl), process.argv.slice(2), process.execArgv);
  if (plan.action === 'run') return false;
  if (plan.action === 'refuse') {
    console.error(plan.message);
    process.exit(1);
  }
  const child = spawn(plan.node, plan.args, { stdio: plan.stdio });
  const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'];
  for (const signal of signals) process.on(signal, () => child.kill(signal));
  child.on('error', (err) => {
    console.error(`guichet: cannot start ${plan.node}: ${err.message}`);
    process.exit(1);
  });
  child.on('exit', (code, signal) => {
    if (signal) {
      for (const s of signals) process.removeAllListeners(s);
      process.kill(process.pid, signal);
    } else process.exit(code ?? 1);
  });
  return true;
}
