/** Operators (manager only: the services refuse anyone else with `forbidden`). */
import { addOperator, changePin, disableOperator, listOperators, unlockOperator } from '../../services/operators/operators.js';
import type { Handlers } from '../handler.js';
import { requireSession } from '../require-session.js';

export const operatorHandlers: Handlers = {
  'operators.list': (ctx) => listOperators(ctx.terminal, requireSession(ctx)),
  'operators.unlock': (ctx, { name }) => unlockOperator(ctx.terminal, requireSession(ctx), name),
  'operators.add': (ctx, input) => addOperator(ctx.terminal, requireSession(ctx), input),
  'operators.disable': (ctx, { name }) => disableOperator(ctx.terminal, requireSession(ctx), name),
  'operators.set-pin': (ctx, { name, pin }) => changePin(ctx.terminal, requireSession(ctx), { name, pin }),
};
