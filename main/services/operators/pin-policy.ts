/**
 * How long a PIN must be, by role: managers and technicians at least 6 digits (a 4-digit PIN falls to an
 * offline search of a copied database in minutes); cashiers at least the terminal's setting (4 by default).
 * Enforced when an operator is added (and at `guichet init`) and when a PIN is changed; login still takes
 * 4 to 8 digits so that a PIN set before the rule keeps working until it is changed.
 */
import type { RoleName } from '../../../db/queries/operators.js';
import { SECURITY_DEFAULTS } from '../../kernel/settings.js';
import { OperatorError } from './errors.js';

/** Fewest digits of a manager's or technician's PIN. */
export const PRIVILEGED_PIN_MIN_DIGITS = 6;
/** Most digits of any PIN (what the keypad and the login take). */
export const PIN_MAX_DIGITS = 8;

/** Fewest digits of a PIN for the role, given the cashier minimum in force. */
export function minPinDigits(role: RoleName, cashierMin: number = SECURITY_DEFAULTS.cashier_pin_min_digits): number {
  return role === 'cashier' ? cashierMin : PRIVILEGED_PIN_MIN_DIGITS;
}

/** Throws OperatorError('bad-pin') naming the rule unless `pin` is all digits and long enough for the role. */
export function checkPinForRole(pin: string, role: RoleName, cashierMin: number = SECURITY_DEFAULTS.cashier_pin_min_digits): void {
  const min = minPinDigits(role, cashierMin);
  if (!/^\d+$/.test(pin)) throw new OperatorError('bad-pin', `a PIN is made of digits only (${min} to ${PIN_MAX_DIGITS})`, { problem: 'digits', min, max: PIN_MAX_DIGITS });
  if (pin.length < min || pin.length > PIN_MAX_DIGITS) {
    const who = role === 'cashier' ? 'a cashier' : `a ${role}`;
    throw new OperatorError('bad-pin', `${who}'s PIN has ${min} to ${PIN_MAX_DIGITS} digits, not ${pin.length}`, { problem: 'length', min, max: PIN_MAX_DIGITS, length: pin.length });
  }
}
