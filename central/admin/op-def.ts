/** The shape of one administrative operation (ops.ts, console-ops.ts), and `op` to declare one with its types inferred. */
import type { z } from 'zod';
import type { Central } from '../store/context.js';
import type { OpContext, Role } from './roles.js';

/** One operation: its arguments, who may run it, whether it needs a second operator, and what it does. */
export interface AdminOpDef<S extends z.ZodTypeAny = z.ZodTypeAny> {
  readonly args: S;
  readonly roles: readonly Role[];
  /** Under dual control: always (`true`) or for these arguments. */
  readonly dual?: true | ((a: z.infer<S>) => boolean);
  /** The state the operation changes, read before it runs (journaled as `before`). */
  readonly before?: (c: Central, a: z.infer<S>) => Promise<unknown>;
  /** Refusals known before a dual operation is proposed (nothing changed); its run checks again. */
  readonly check?: (c: Central, a: z.infer<S>) => Promise<void>;
  /** Runs outside the act's transaction (its `admin.op` row and idempotency record after it): file copies under the engine's lock. */
  readonly standalone?: true;
  readonly run: (c: Central, a: z.infer<S>, ctx: OpContext) => Promise<unknown>;
}

export const op = <S extends z.ZodTypeAny>(def: AdminOpDef<S>): AdminOpDef<S> => def;
