/** Cash sessions and reports: translates the API into the cash acts (main/services/cash/acts.ts). */
import { cashStatus, closeSession, xReportAct, zReportAct } from '../../services/cash/acts.js';
import { statementsAct } from '../../services/cash/statement-acts.js';
import { moveCash, openCashSession } from '../../services/cash/sessions.js';
import { afterCommitOf } from '../after-commit.js';
import type { Handlers } from '../handler.js';
import { requireSession } from '../require-session.js';

export const cashHandlers: Handlers = {
  'cash.status': (ctx) => {
    requireSession(ctx);
    return cashStatus(ctx.terminal);
  },
  'cash.open': (ctx, { float_cents }) => {
    openCashSession(ctx.terminal, requireSession(ctx), { float_cents });
    return cashStatus(ctx.terminal);
  },
  'cash.move': (ctx, input) => {
    const row = moveCash(ctx.terminal, requireSession(ctx), input);
    return { kind: row.kind, amount_cents: row.amount_cents, reason: row.reason, at: row.at };
  },
  'cash.x': (ctx, { print }) => xReportAct(ctx.terminal, requireSession(ctx), print === true, afterCommitOf(ctx)),
  'cash.close': async (ctx, { counted_cents, confirm_difference }) => {
    const done = await closeSession(ctx.terminal, requireSession(ctx), { counted_cents, ...(confirm_difference === undefined ? {} : { confirm_difference }) }, afterCommitOf(ctx));
    // The till is closed: no transaction open, the moment a waiting update installs (#23).
    ctx.onTillClosed?.();
    return done;
  },
  'cash.statements': (ctx, { print }) => statementsAct(ctx.terminal, requireSession(ctx), print, afterCommitOf(ctx)),
  'cash.z': (ctx, { number, print }) => zReportAct(ctx.terminal, requireSession(ctx), { ...(number === undefined ? {} : { number }), print: print === true }, afterCommitOf(ctx)),
};
