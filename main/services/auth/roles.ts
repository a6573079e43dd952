/**
 * Roles and the permission table. The services enforce it (a host only hides buttons):
 * - cashier: sell, check, pay within the retailer's payout limit, file claims, receive/activate packs, open a cash session;
 * - manager: everything a cashier does, plus voids, pack returns, cash in/out, session close, reports, settings, operators;
 * - technician: diagnostics, device set-up and outcome-file imports only (no sale, no payout, no cash, no report with money in it),
 *   and alone may let a packaged terminal out of kiosk mode for a while ('kiosk.exit'); a technician may also lift an
 *   operator's PIN lock ('operator.unlock'), the way back when the terminal's managers are locked out.
 * Trusting or revoking a lottery key is a manager's act; importing an outcome file, a manager's or a technician's.
 */
import type { RoleName } from '../../../db/queries/operators.js';
import { PermissionError } from './errors.js';
import { isIssuedSession, type OperatorSession } from './session.js';

export type Role = RoleName;
export const ROLES: readonly Role[] = ['cashier', 'manager', 'technician'];

const SELLER: readonly Role[] = ['cashier', 'manager'];
const MANAGER: readonly Role[] = ['manager'];
const TECH: readonly Role[] = ['manager', 'technician'];
const TECHNICIAN: readonly Role[] = ['technician'];

/** Which roles hold each permission. */
export const PERMISSIONS = {
  'ticket.sell': SELLER,
  'ticket.check': SELLER,
  'payout.pay': SELLER,
  'claim.file': SELLER,
  'pack.receive': SELLER,
  'pack.activate': SELLER,
  'session.open': SELLER,
  'drawer.open': SELLER,
  'sale.void': MANAGER,
  'pack.settle': MANAGER,
  'stoplist.manage': MANAGER,
  'pack.return': MANAGER,
  'session.close': MANAGER,
  'cash.move': MANAGER,
  'report.x': MANAGER,
  'report.z': MANAGER,
  'settings.change': MANAGER,
  'operator.manage': MANAGER,
  'operator.unlock': TECH,
  'diagnostics.run': TECH,
  'devices.setup': TECH,
  'outbox.view': TECH,
  'keys.manage': MANAGER,
  'outcomes.import': TECH,
  'kiosk.exit': TECHNICIAN,
} as const satisfies Record<string, readonly Role[]>;

export type Permission = keyof typeof PERMISSIONS;

const WORDS: Record<Permission, string> = {
  'ticket.sell': 'sell tickets',
  'ticket.check': 'check tickets',
  'payout.pay': 'pay prizes',
  'claim.file': 'file claims',
  'pack.receive': 'receive packs',
  'pack.activate': 'activate packs',
  'session.open': 'open a cash session',
  'drawer.open': 'open the cash drawer',
  'sale.void': 'void sales',
  'pack.settle': 'settle packs',
  'stoplist.manage': 'stop-list packs and tickets',
  'pack.return': 'return packs',
  'session.close': 'close the cash session',
  'cash.move': 'put cash in or take cash out',
  'report.x': 'see the X report',
  'report.z': 'see Z reports',
  'settings.change': 'change settings and limits',
  'operator.manage': 'manage operators',
  'operator.unlock': "lift an operator's PIN lock",
  'diagnostics.run': 'run diagnostics',
  'devices.setup': 'set up devices',
  'outbox.view': 'see the outbox',
  'keys.manage': "trust or revoke the lottery's keys",
  'outcomes.import': 'import outcome files',
  'kiosk.exit': 'let the terminal out of kiosk mode',
};

export function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}

/** Whether the role holds the permission. */
export function can(role: Role, permission: Permission): boolean {
  return (PERMISSIONS[permission] as readonly Role[]).includes(role);
}

/** Every permission of a role, in table order. */
export function permissionsOf(role: Role): Permission[] {
  return (Object.keys(PERMISSIONS) as Permission[]).filter((p) => can(role, p));
}

/**
 * Throws PermissionError unless the session was issued by `authenticate`/`login`/`switchOperator`
 * and its role holds the permission. Pure: see `authorize` for the check against the database.
 */
export function requirePermission(session: OperatorSession, permission: Permission): void {
  if (!isIssuedSession(session)) throw new PermissionError('this operator session was not opened with a PIN');
  if (!can(session.role, permission)) {
    throw new PermissionError(`operator '${session.name}' (${session.role}) may not ${WORDS[permission]}`);
  }
}
