/** The application's after-commit port: the host's devices, the operator's language, and the event bus. */
import type { AfterCommit } from '../services/receipts/after-commit.js';
import type { AppContext } from './context.js';

export function afterCommitOf(ctx: AppContext): AfterCommit {
  return { printer: ctx.devices.printer, drawer: ctx.devices.drawer ?? null, language: ctx.language, emit: ctx.emit };
}
