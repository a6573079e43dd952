/** A real terminal in a temp folder, with a test clock and three operators (alice manager, bob cashier, tom technician). */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { authenticate } from '../../../../main/services/auth/login.js';
import { touchSession, type OperatorSession } from '../../../../main/services/auth/session.js';
import { addOperator } from '../../../../main/services/operators/operators.js';
import { fixedClock, type FixedClock } from '../../../../main/kernel/clock.js';
import { initTerminal } from '../../../../main/services/terminal/init.js';
import { openLotteryTerminal } from '../../../../main/kernel/open.js';
import type { LotteryTerminal } from '../../../../main/kernel/terminal.js';

export interface Fixture {
  readonly dir: string;
  readonly t: LotteryTerminal;
  readonly clock: FixedClock;
  readonly alice: OperatorSession;
  readonly bob: OperatorSession;
  readonly tom: OperatorSession;
  /**
   * Moves the clock as `clock.advance` or `clock.set` would, the fixture's operators staying active
   * meanwhile (their sessions are not ended by the idle logout): for tests about other things than idling.
   */
  later(by: number | string): void;
  cleanup(): void;
}

const templates = new Map<boolean, Promise<string>>();

/** Builds (once per test file and shape) a terminal folder that later fixtures copy: scrypt is slow. */
function template(withOperators: boolean): Promise<string> {
  let made = templates.get(withOperators);
  if (!made) {
    made = (async () => {
      const dir = mkdtempSync(join(tmpdir(), 'guichet-template-'));
      const { terminal: t } = await initTerminal(dir, { terminalId: 'T-001', managerName: 'alice', pin: '123456', clock: fixedClock('2026-11-30T09:00:00.000Z') });
      if (withOperators) {
        const alice = await authenticate(t, 'alice', '123456');
        await addOperator(t, alice, { name: 'bob', role: 'cashier', pin: '4321' });
        await addOperator(t, alice, { name: 'tom', role: 'technician', pin: '555555' });
      }
      t.close();
      process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
      return dir;
    })();
    templates.set(withOperators, made);
  }
  return made;
}

/**
 * A fresh terminal 'T-001' (a copy of a template made with `initTerminal` and `addOperator`), opened
 * with a test clock at 2026-11-30T09:00:00.000Z, and sessions for its operators.
 */
export async function makeTerminal(options: { operators?: boolean } = {}): Promise<Fixture> {
  const withOperators = options.operators !== false;
  const source = await template(withOperators);
  const dir = mkdtempSync(join(tmpdir(), 'guichet-counter-'));
  cpSync(source, dir, { recursive: true });
  const clock = fixedClock('2026-11-30T09:00:00.000Z');
  const t = openLotteryTerminal(dir, { clock });
  const alice = await authenticate(t, 'alice', '123456');
  const bob = withOperators ? await authenticate(t, 'bob', '4321') : alice;
  const tom = withOperators ? await authenticate(t, 'tom', '555555') : alice;
  return {
    dir,
    t,
    clock,
    alice,
    bob,
    tom,
    later: (by) => {
      if (typeof by === 'number') clock.advance(by);
      else clock.set(by);
      for (const s of [alice, bob, tom]) touchSession(s, clock().getTime());
    },
    cleanup: () => {
      t.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Row counts of every table the counter writes, and the counters: "nothing changed" compares these. */
export function snapshot(t: LotteryTerminal): Record<string, unknown> {
  const count = (table: string): number => (t.db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
  return {
    journal: count('journal'),
    outbox: count('outbox'),
    cash_sessions: t.db.prepare('SELECT * FROM cash_sessions ORDER BY id').all(),
    cash_movements: count('cash_movements'),
    operators: t.db.prepare('SELECT id, name, role, active, pin_hash FROM operators ORDER BY id').all(),
    counters: t.db.prepare('SELECT name, value FROM counters ORDER BY name').all(),
    settings: t.db.prepare('SELECT key, value_json FROM settings ORDER BY key').all(),
  };
}
