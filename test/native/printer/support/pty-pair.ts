// A pair of connected pseudo-terminals made by socat: the driver opens one end as a real tty,
// the test plays the printer on the other end.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface PtyPair {
  /** The end the driver opens. */
  readonly driverPath: string;
  /** The end the fake printer opens. */
  readonly printerPath: string;
  readonly process: ChildProcess;
  /** Kills socat: both ends vanish. */
  kill(): Promise<void>;
}

export async function openPtyPair(): Promise<PtyPair> {
  const dir = mkdtempSync(path.join(tmpdir(), 'guichet-pty-'));
  const driverPath = path.join(dir, 'driver');
  const printerPath = path.join(dir, 'printer');
  const child = spawn('socat', [`pty,raw,echo=0,link=${driverPath}`, `pty,raw,echo=0,link=${printerPath}`], { stdio: 'ignore' });
  let exited = false;
  const exit = new Promise<void>((resolve) =>
    child.once('exit', () => {
      exited = true;
      resolve();
    }),
  );
  for (let i = 0; i < 200 && !(existsSync(driverPath) && existsSync(printerPath)); i++) {
    if (exited) throw new Error('socat exited before making the pseudo-terminals');
    await new Promise((r) => setTimeout(r, 25));
  }
  if (!existsSync(driverPath) || !existsSync(printerPath)) throw new Error('socat did not make the pseudo-terminals in time');
  return {
    driverPath,
    printerPath,
    process: child,
    async kill() {
      if (!exited) {
        child.kill('SIGKILL');
        await exit;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
