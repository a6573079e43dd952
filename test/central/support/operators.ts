/**
 * Operators for tests (#22): `createOperator(c, { name, roles })` adds one to a store (as the setup
 * actor), enrols it with its code, and answers its password and a `totp()` that gives the code of the moment by central's clock.
 * Each code logs in once (central refuses a code already used): log an operator in once per 30 s, or
 * move the store's clock (`now`) between logins.
 */
import type { Role } from '../../../central/admin/roles.js';
import type { Central } from '../../../central/store/context.js';
import { addOperator, enrolOperator, totpCode } from '../../../central/store/operators.js';

export interface TestOperator {
  name: string;
  password: string;
  totpSecret: string;
  otpauthUri: string;
  /** The authenticator's code now (central's clock). */
  totp(): string;
}

let count = 0;

export async function createOperator(c: Central, opts: { name?: string; roles: readonly Role[]; password?: string }): Promise<TestOperator> {
  const name = opts.name ?? `op${process.pid}x${++count}`;
  const password = opts.password ?? `pw-${name}-correct-horse`;
  // Created by the setup actor, then enrolled by the operator itself with its code (as a person would).
  const { enrolment_code: code } = await addOperator(c, 'setup', { name, roles: opts.roles });
  const made = await enrolOperator(c, { operator: name, code, password, address: 'test' });
  return { name, password, totpSecret: made.totp_secret, otpauthUri: made.otpauth_uri, totp: () => totpCode(name, made.totp_secret, c.now()) };
}
