// `guichet scan` and `guichet devices`, end to end (the serial case through a socat pty pair).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ROOT, runGuichet } from '../../support/guichet-runner.js';
import { createPtyPair, type PtyPair } from './pty-pair.js';

let pty: PtyPair;
beforeEach(async () => {
  pty = await createPtyPair();
});
afterEach(async () => {
  await pty.dispose();
});

/** Starts `guichet ARGS`; `untilStderr` resolves when stderr matches; `done` with the exit. */
function start(args: string[]) {
  const child = spawn(process.execPath, [path.join(ROOT, 'bin/guichet.js'), ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  const waiters: Array<{ re: RegExp; resolve: () => void }> = [];
  child.stdout.on('data', (b: Buffer) => (stdout += b.toString()));
  child.stderr.on('data', (b: Buffer) => {
    stderr += b.toString();
    for (const w of waiters) if (w.re.test(stderr)) w.resolve();
  });
  const done = new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.on('close', (code) => resolve({ code, stdout, stderr })),
  );
  return {
    untilStderr: (re: RegExp) => new Promise<void>((resolve) => (re.test(stderr) ? resolve() : waiters.push({ re, resolve }))),
    done,
  };
}

describe('guichet scan', () => {
  it('prints each scan from a serial scanner as one JSON line and exits after --count', async () => {
    const run = start(['scan', '--scanner', `serial:${pty.device}?baud=9600&suffix=cr`, '--count', '2', '--timeout', '30', '--json']);
    await run.untilStderr(/"state":"open"/);
    await pty.write('3000123456789\r4006381333931\rEXTRA\r');
    const { code, stdout, stderr } = await run.done;
    expect(code, stderr).toBe(0);
    const lines = stdout.trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines.map((l) => l.data)).toEqual(['3000123456789', '4006381333931']);
    expect(lines[0]).toMatchObject({ source: `serial:${pty.device}` });
    expect(typeof lines[0]!.receivedAt).toBe('string');
    expect(typeof lines[0]!.durationMs).toBe('number');
  });

  it('exits with status 2 when --timeout passes before --count scans', async () => {
    const run = start(['scan', '--scanner', `serial:${pty.device}`, '--count', '1', '--timeout', '0.5']);
    const { code, stdout, stderr } = await run.done;
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toMatch(/timed out after 0.5 s with 0 of 1 scan\(s\)/);
  });

  it('feeds a virtual scanner from the command line', async () => {
    const r = await runGuichet(['scan', '--scanner', 'virtual:cli-test', '--feed', '123456', '--feed', 'ABC-9']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.trim().split('\n').map((l) => (JSON.parse(l) as { data: string }).data)).toEqual(['123456', 'ABC-9']);
  });

  it('rejects a bad URI or misused options with a clear message', async () => {
    const bad = await runGuichet(['scan', '--scanner', 'serial:/dev/ttyUSB0?baud=12']);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/invalid device URI 'serial:\/dev\/ttyUSB0\?baud=12': baud must be one of/);
    const feed = await runGuichet(['scan', '--scanner', `serial:${pty.device}`, '--feed', 'x']);
    expect(feed.stderr).toMatch(/--feed only applies to a virtual scanner/);
    const count = await runGuichet(['scan', '--scanner', 'virtual:', '--count', '0']);
    expect(count.code).not.toBe(0);
    expect(count.stderr).toMatch(/expected a whole number ≥ 1/);
  });
});

describe('guichet devices', () => {
  it('lists devices as JSON with the problems found', async () => {
    const r = await runGuichet(['devices', '--json']);
    expect(r.code, r.stderr).toBe(0);
    const probe = JSON.parse(r.stdout) as { devices: Array<{ kind: string; uri: string; guess: string }>; problems: unknown[] };
    expect(Array.isArray(probe.problems)).toBe(true);
    for (const d of probe.devices) {
      expect(['serial', 'hid']).toContain(d.kind);
      expect(d.uri.startsWith(`${d.kind}:`)).toBe(true);
      expect(d.guess.length).toBeGreaterThan(0);
    }
  });
});
