/**
 * Helpers of the two-terminals-and-central tests (claims, packs, the retailer's account): an enrolled
 * counter on a central that published its emission, central "down", and the refusal a call must end in.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { authenticate } from '../../../../main/services/auth/login.js';
import type { OperatorSession } from '../../../../main/services/auth/session.js';
import { openCashSession } from '../../../../main/services/cash/sessions.js';
import { activatePack, receivePack } from '../../../../main/services/packs/packs.js';
import { createCentralClient } from '../../../../main/services/sync/client.js';
import { enrollTerminal } from '../../../../main/services/sync/enroll.js';
import { syncOnce } from '../../../../main/services/sync/sync.js';
import type { LotteryTerminal } from '../../../../main/kernel/terminal.js';
import { rootOfCode } from '../../../central/support/letters.js';

/** A client to a port nobody listens on: central "down" for a claim or a pack operation. */
export const DOWN = { client: createCentralClient({ url: 'http://127.0.0.1:9', timeoutMs: 2000, maxAttempts: 1 }) };

/** The error of class `kind` that `p` rejects with; fails the test when it resolves or rejects otherwise. */
export async function refusedWith<E extends Error>(p: Promise<unknown>, kind: new (...args: never[]) => E): Promise<E> {
  try {
    await p;
  } catch (err) {
    if (err instanceof kind) return err;
    throw err;
  }
  throw new Error(`the call was not refused with a ${kind.name}`);
}

export interface Counter {
  readonly t: LotteryTerminal;
  /** alice, the manager enrolment created (PIN 123456). */
  readonly manager: OperatorSession;
  readonly dir: string;
}

export interface CounterOptions {
  /** The terminal's clock (default: real time). */
  readonly clock?: () => Date;
  /** The cash session's float (default 1 000,00 €). */
  readonly floatCents?: number;
  /** A pack received and activated here, then pushed so that central holds it active. */
  readonly pack?: string;
}

/**
 * Enrols a fresh folder with central (the published outcome files come with the first feed), logs the
 * manager in and opens the cash session; with `pack`, receives and activates it and pushes, so that
 * central holds it active (a claim of a ticket of a pack central does not know as active is refused).
 */
export async function enrolledCounter(url: string, code: string, options: CounterOptions = {}): Promise<Counter> {
  const dir = mkdtempSync(path.join(tmpdir(), 'guichet-two-terminals-'));
  const { terminal: t } = await enrollTerminal(dir, {
    ...(options.clock ? { clock: options.clock } : {}),
    centralUrl: url,
    code,
    root: rootOfCode(code),
    managerName: 'alice',
    pin: '123456',
    client: { initialDelayMs: 10, maxDelayMs: 200, maxAttempts: 20 },
  });
  await syncOnce(t);
  const manager = await authenticate(t, 'alice', '123456');
  openCashSession(t, manager, { float_cents: options.floatCents ?? 100_000 });
  if (options.pack) {
    receivePack(t, manager, options.pack);
    activatePack(t, manager, options.pack);
    await syncOnce(t);
  }
  return { t, manager, dir };
}

/** Closes the counters and removes their folders (any not made, skipped). */
export function dropCounters(...counters: readonly (Counter | undefined)[]): void {
  for (const x of counters) {
    x?.t.close();
    if (x) rmSync(x.dir, { recursive: true, force: true });
  }
}
