/** Operators (manager): list them with their lock state, lift a PIN lock, add one, disable one, give one a new PIN. */
import { z } from 'zod';
import { cleanText } from '../../text.js';
import type { Role } from '../views.js';

const name = cleanText(z.string().trim().min(1).max(64));

export const operatorMethods = {
  'operators.list': z.object({}).strict(),
  /** Lifts the operator's PIN lock and resets their count of locks (journal 'operator.unlock'). */
  'operators.unlock': z.object({ name }).strict(),
  /** Adds an operator (journal 'operator.add'); the PIN must fit the role (the service says how). */
  'operators.add': z.object({ name, role: z.enum(['cashier', 'manager', 'technician']), pin: z.string().min(1).max(16) }).strict(),
  /** Disables an operator for good (journal 'operator.disable'): never oneself, never the last manager; names are never reused. */
  'operators.disable': z.object({ name }).strict(),
  /** Gives another operator a new PIN (journal 'operator.pin' by_manager); one's own is changed with the current PIN. */
  'operators.set-pin': z.object({ name, pin: z.string().min(1).max(16) }).strict(),
} as const;

/** What anyone may see of an operator (never the PIN hash). */
export interface OperatorAdminView {
  readonly id: number;
  readonly name: string;
  readonly role: Role;
  readonly active: boolean;
  /** The end of the PIN lock (past or future), null when none or when only an unlock can lift it. */
  readonly locked_until: string | null;
  /** Locked until a manager or a technician unlocks them (the 4th lock since the last unlock, and later ones; never the last manager). */
  readonly locked_until_unlock: boolean;
  readonly created_at: string;
  readonly disabled_at: string | null;
}

export interface OperatorOutputs {
  'operators.list': readonly OperatorAdminView[];
  'operators.unlock': OperatorAdminView;
  'operators.add': OperatorAdminView;
  'operators.disable': OperatorAdminView;
  'operators.set-pin': OperatorAdminView;
}
