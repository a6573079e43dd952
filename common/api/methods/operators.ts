/** Operators (manager): list them with their lock state, and lift a PIN lock. */
import { z } from 'zod';
import { cleanText } from '../../text.js';
import type { Role } from '../views.js';

const name = cleanText(z.string().trim().min(1).max(64));

export const operatorMethods = {
  'operators.list': z.object({}).strict(),
  /** Lifts the operator's PIN lock and resets their count of locks (journal 'operator.unlock'). */
  'operators.unlock': z.object({ name }).strict(),
} as const;

/** What anyone may see of an operator (never the PIN hash). */
export interface OperatorAdminView {
  readonly id: number;
  readonly name: string;
  readonly role: Role;
  readonly active: boolean;
  /** The end of the PIN lock (past or future), null when none or when only a manager can lift it. */
  readonly locked_until: string | null;
  /** Locked until a manager unlocks them (the 4th lock since the last unlock, and later ones). */
  readonly locked_until_unlock: boolean;
  readonly created_at: string;
  readonly disabled_at: string | null;
}

export interface OperatorOutputs {
  'operators.list': readonly OperatorAdminView[];
  'operators.unlock': OperatorAdminView;
}
