/** A pair of connected pseudo-terminals made by socat, to stand in for a serial cable. */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface PtyPair {
  /** The end the driver opens (a symlink to /dev/pts/N). */
  readonly device: string;
  /** The end the test writes into. */
  readonly peer: string;
  /** Writes bytes into the peer end. */
  write(bytes: string | Uint8Array): Promise<void>;
  /** Kills socat: both ends vanish, as when a USB adapter is pulled. */
  vanish(): Promise<void>;
  /** Starts socat again with the same link names (new ptys behind them). */
  restart(): Promise<void>;
  dispose(): Promise<void>;
}

async function waitFor(check: () => boolean, what: string, ms = 5000): Promise<void> {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

export async function createPtyPair(): Promise<PtyPair> {
  const dir = mkdtempSync(path.join(tmpdir(), 'guichet-pty-'));
  const device = path.join(dir, 'scanner');
  const peer = path.join(dir, 'peer');
  let socat: ChildProcess | undefined;
  let peerHandle: FileHandle | undefined;

  async function start(): Promise<void> {
    socat = spawn('socat', [`pty,raw,echo=0,link=${device}`, `pty,raw,echo=0,link=${peer}`], { stdio: 'ignore' });
    await waitFor(() => existsSync(device) && existsSync(peer), 'socat links');
    peerHandle = await open(peer, 'r+');
  }

  async function stop(): Promise<void> {
    await peerHandle?.close().catch(() => undefined);
    peerHandle = undefined;
    const proc = socat;
    socat = undefined;
    if (proc && proc.exitCode === null) {
      const exited = new Promise((r) => proc.once('exit', r));
      proc.kill('SIGKILL');
      await exited;
    }
    // socat killed hard leaves its links behind: remove them so "gone" means gone.
    rmSync(device, { force: true });
    rmSync(peer, { force: true });
  }

  await start();
  return {
    device,
    peer,
    async write(bytes) {
      if (!peerHandle) throw new Error('pty pair is down');
      await peerHandle.write(typeof bytes === 'string' ? Buffer.from(bytes, 'latin1') : bytes);
    },
    vanish: stop,
    restart: start,
    async dispose() {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Resolves with the first event `name` for which `accept` holds (or rejects after `ms`). */
export function nextEvent<T>(
  emitter: { on(e: string, l: (v: T) => void): unknown; off(e: string, l: (v: T) => void): unknown },
  name: string,
  accept: (v: T) => boolean = () => true,
  ms = 10_000,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      emitter.off(name, listener);
      reject(new Error(`no '${name}' event within ${ms} ms`));
    }, ms);
    function listener(v: T): void {
      if (!accept(v)) return;
      clearTimeout(timer);
      emitter.off(name, listener);
      resolve(v);
    }
    emitter.on(name, listener);
  });
}
