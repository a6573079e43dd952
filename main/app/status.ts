/** What the status bar shows: the terminal's status and the operator at the counter (core handlers, the session guard, settings). */
import { operatorLanguage } from '../services/operators/language.js';
import { operatorView as viewOf, terminalStatus } from '../services/terminal/status.js';
import type { OperatorView, StatusView } from '../../common/api/views.js';
import type { AppContext } from './context.js';

/** The operator at the counter, with their screen language (their own choice, else the terminal's). */
export function operatorView(ctx: AppContext): OperatorView | null {
  const view = viewOf(ctx.session);
  return view ? { ...view, language: operatorLanguage(ctx.terminal, view.name) ?? ctx.language } : null;
}

export async function statusOf(ctx: AppContext): Promise<StatusView> {
  const status = await terminalStatus(ctx.terminal, ctx.session, ctx.devices.printer);
  return { ...status, operator: operatorView(ctx) };
}
