/** Operators (manager only: the services refuse anyone else with `forbidden`). */
import { listOperators, unlockOperator } from '../../services/operators/operators.js';
import type { Handlers } from '../handler.js';
import { requireSession } from '../require-session.js';

export const operatorHandlers: Handlers = {
  'operators.list': (ctx) => listOperators(ctx.terminal, requireSession(ctx)),
  'operators.unlock': (ctx, { name }) => unlockOperator(ctx.terminal, requireSession(ctx), name),
};
