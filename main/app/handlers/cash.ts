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
  'cash.close': (ctx, { counted_cents, confirm_difference }) =>
    closeSession(ctx.terminal, requireSession(ctx), { counted_cents, ...(confirm_difference === undefined ? {} : { confirm_difference }) }, afterCommitOf(ctx)),
  'cash.statements': (ctx, { print }) => statementsAct(ctx.terminal, requireSession(ctx), print, afterCommitOf(ctx)),
  'cash.z': (ctx, { number, print }) => zReportAct(ctx.terminal, requireSession(ctx), { ...(number === undefined ? {} : { number }), print: print === true }, afterCommitOf(ctx)),
};
