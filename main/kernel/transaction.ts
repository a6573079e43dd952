/** The transaction every change of the terminal's state runs in. */
import type { LotteryTerminal } from './terminal.js';

/** Runs `fn` in one IMMEDIATE transaction (takes the write lock first): all of it commits, or none. */
export function inTransaction<T>(t: LotteryTerminal, fn: () => T): T {
  return t.db.transaction(fn).immediate();
}

/** The journal may only grow inside a transaction that also holds the state change it records. */
export function assertInTransaction(t: LotteryTerminal, what: string): void {
  if (!t.db.inTransaction) throw new Error(`${what} must run inside a transaction (use inTransaction)`);
}
