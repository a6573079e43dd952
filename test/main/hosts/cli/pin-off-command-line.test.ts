/**
 * A PIN never shows on a command line (issue #20): every user of the machine reads them (`ps`,
 * /proc/PID/cmdline). The commands that take a PIN get it from a file descriptor (`--pin-fd N`), an
 * environment variable (GUICHET_PIN, GUICHET_NEW_PIN, GUICHET_CURRENT_PIN) or a prompt without echo in
 * a terminal; while each runs as a real process, no process's command line holds its PIN. `--pin` and
 * its kin are refused, saying how to give the PIN.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../../support/guichet-runner.js';

const BIN = path.join(ROOT, 'bin/guichet.js');
const base = mkdtempSync(path.join(tmpdir(), 'guichet-pin-argv-'));
const data = path.join(base, 'terminal');
afterAll(() => rmSync(base, { recursive: true, force: true }));

// PINs no other process on this machine is likely to carry (other tests use 123456, 2222…).
const MANAGER_PIN = '73914682';
const CASHIER_PIN = '8265';
const CHANGED_PIN = '5170394';
const SECRETS = [MANAGER_PIN, CASHIER_PIN, CHANGED_PIN];

interface Watched {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
  /** How many times the child's own command line was read while it ran. */
  readonly seenRunning: number;
  /** Command lines that held a PIN, as `pid: cmdline`. */
  readonly leaks: string[];
}

function commandLines(): Map<string, string> {
  const lines = new Map<string, string>();
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      lines.set(pid, readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' '));
    } catch {
      // gone meanwhile
    }
  }
  return lines;
}

/**
 * Runs `guichet ARGS` with `env` added and `fds` written to the child's descriptors 3, 4… (each then
 * closed); reads every process's command line again and again until the child exits.
 */
async function watchedGuichet(args: readonly string[], env: Record<string, string> = {}, fds: readonly string[] = []): Promise<Watched> {
  const clean = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('GUICHET_')));
  const child = spawn(process.execPath, [BIN, ...args], { env: { ...clean, ...env }, stdio: ['pipe', 'pipe', 'pipe', ...fds.map(() => 'pipe' as const)] });
  fds.forEach((text, i) => {
    const stream = child.stdio[3 + i] as NodeJS.WritableStream;
    stream.end(`${text}\n`);
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
  child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  let running = true;
  const code = new Promise<number | null>((resolve) =>
    child.on('close', (c) => {
      running = false;
      resolve(c);
    }),
  );
  const pid = String(child.pid);
  let seenRunning = 0;
  const leaks = new Set<string>();
  while (running) {
    const lines = commandLines();
    if (lines.get(pid)?.includes(BIN)) seenRunning++;
    for (const [p, line] of lines) if (SECRETS.some((s) => line.includes(s))) leaks.add(`${p}: ${line}`);
    await new Promise((r) => setImmediate(r));
  }
  return { code: await code, stdout, stderr, seenRunning, leaks: [...leaks] };
}

describe('PINs never on the command line', () => {
  it('init, operator add, login, session open, operator pin and report take their PINs by fd or environment; no command line holds one', async () => {
    const runs: [string, Watched][] = [];
    const run = async (name: string, args: readonly string[], env: Record<string, string> = {}, fds: readonly string[] = []): Promise<Watched> => {
      const r = await watchedGuichet([...args, '--data', data], env, fds);
      runs.push([name, r]);
      return r;
    };
    // The first manager's PIN from descriptor 3.
    expect((await run('init', ['init', '--terminal', 'T-PIN', '--manager', 'alice', '--pin-fd', '3'], {}, [MANAGER_PIN])).stderr).toBe('');
    // The acting manager's PIN from the environment, the new cashier's from descriptor 3.
    const add = await run('operator add', ['operator', 'add', 'bob', '--role', 'cashier', '--operator', 'alice', '--new-pin-fd', '3'], { GUICHET_PIN: MANAGER_PIN }, [CASHIER_PIN]);
    expect([add.code, add.stderr]).toEqual([0, '']);
    // Both PINs from variables.
    const add2 = await run('operator add (env)', ['operator', 'add', 'carl', '--role', 'cashier'], { GUICHET_OPERATOR: 'alice', GUICHET_PIN: MANAGER_PIN, GUICHET_NEW_PIN: CASHIER_PIN });
    expect([add2.code, add2.stderr]).toEqual([0, '']);
    const login = await run('login', ['login', '--operator', 'bob', '--pin-fd', '3', '--json'], {}, [CASHIER_PIN]);
    expect([login.code, login.stderr]).toEqual([0, '']);
    expect(JSON.parse(login.stdout)).toMatchObject({ operator: 'bob', role: 'cashier' });
    const open = await run('session open', ['session', 'open', '--float-cents', '5000', '--operator', 'bob'], { GUICHET_PIN: CASHIER_PIN });
    expect([open.code, open.stderr]).toEqual([0, '']);
    // Changing one's own PIN: the current one is the acting one (fd 3), the new one from fd 4.
    const change = await run('operator pin', ['operator', 'pin', '--operator', 'bob', '--pin-fd', '3', '--new-pin-fd', '4'], {}, [CASHIER_PIN, CHANGED_PIN]);
    expect([change.code, change.stderr]).toEqual([0, '']);
    const oldPin = await run('login (old PIN)', ['login', '--operator', 'bob'], { GUICHET_PIN: CASHIER_PIN });
    expect([oldPin.code, oldPin.stderr]).toEqual([1, expect.stringMatching(/wrong PIN for operator 'bob'/)]);
    const x = await run('report x', ['report', 'x', '--operator', 'alice', '--pin-fd', '3'], {}, [MANAGER_PIN]);
    expect([x.code, x.stderr]).toEqual([0, '']);

    for (const [name, r] of runs) {
      expect(r.seenRunning, `${name}: its command line was read while it ran`).toBeGreaterThan(0);
      expect(r.leaks, `${name}: command lines holding a PIN`).toEqual([]);
    }
  });

  it('refuses --pin, --new-pin and --current-pin before doing anything, saying how to give the PIN', async () => {
    for (const [args, flag, variable, fd] of [
      [['login', '--operator', 'bob', '--pin', CASHIER_PIN], '--pin', 'GUICHET_PIN', '--pin-fd'],
      [['init', '--terminal', 'T-NEW', '--manager', 'zoe', `--pin=${MANAGER_PIN}`], '--pin', 'GUICHET_PIN', '--pin-fd'],
      [['operator', 'add', 'dan', '--role', 'cashier', '--operator', 'alice', '--new-pin', CASHIER_PIN], '--new-pin', 'GUICHET_NEW_PIN', '--new-pin-fd'],
      [['operator', 'pin', '--operator', 'bob', '--current-pin', CHANGED_PIN], '--current-pin', 'GUICHET_CURRENT_PIN', '--current-pin-fd'],
    ] as const) {
      const r = await watchedGuichet([...args, '--data', path.join(base, 'refused')], { GUICHET_PIN: MANAGER_PIN });
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toContain(`guichet: ${flag} is not taken: a PIN on the command line is visible to every user of this machine (ps).`);
      expect(r.stderr).toContain(`Set ${variable}, give ${fd} N (read from file descriptor N), or type it when asked`);
      expect(r.stdout).toBe('');
      // The watcher sees a PIN that is on a command line (here, until the refusal): its silence above means something.
      expect(r.seenRunning).toBeGreaterThan(0);
      expect(r.leaks.length).toBeGreaterThan(0);
    }
    expect(readdirSync(base)).not.toContain('refused');
  });

  it('without a PIN and without a terminal, says how to give one and waits for nothing', async () => {
    const r = await watchedGuichet(['report', 'x', '--operator', 'alice', '--data', data]);
    expect([r.code, r.stdout]).toEqual([1, '']);
    expect(r.stderr).toBe("guichet: operator 'alice' needs a PIN: set GUICHET_PIN, give --pin-fd N (read from file descriptor N), or type it when asked (standard input a terminal)\n");
    const empty = await watchedGuichet(['report', 'x', '--operator', 'alice', '--pin-fd', '3', '--data', data], {}, ['']);
    expect([empty.code, empty.stderr]).toEqual([1, 'guichet: --pin-fd 3: no PIN read (an empty first line)\n']);
  });

  it('in a terminal, asks for the PIN and does not echo it', async () => {
    // util-linux `script` gives the command a pseudo-terminal; what we write goes to it as typed keys.
    const clean = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('GUICHET_')));
    const command = [process.execPath, BIN, 'login', '--operator', 'alice', '--data', data].map((a) => `'${a}'`).join(' ');
    const child = spawn('script', ['-qefc', command, '/dev/null'], { env: clean, stdio: ['pipe', 'pipe', 'pipe'] });
    let screen = '';
    // Typed once the prompt shows (or the command ended without one: the assertions below say so).
    const prompted = new Promise<boolean>((resolve) => {
      child.stdout.setEncoding('utf8').on('data', (d: string) => {
        screen += d;
        if (screen.includes('PIN for operator alice: ')) resolve(true);
      });
      child.on('close', () => resolve(false));
    });
    const code = new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(await prompted, screen).toBe(true);
    child.stdin.write(`${MANAGER_PIN}\r`);
    expect(await code, screen).toBe(0);
    expect(screen).toMatch(/alice \(manager\) logged in on terminal T-PIN/);
    expect(screen).not.toContain(MANAGER_PIN);
  });
});
