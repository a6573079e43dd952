/**
 * The back office's roles (issue #22), checked on the server for every administrative operation
 * (admin/ops.ts: each entry names the roles that may run it; an administrator may run them all).
 */
import { z } from 'zod';

export const ROLES = ['administrator', 'security', 'finance', 'support', 'auditor'] as const;
export type Role = (typeof ROLES)[number];
export const RoleSchema = z.enum(ROLES);

/** Every role: the read operations (the auditor reads everything and writes nothing). */
export const ANY_ROLE: readonly Role[] = ROLES;

/** What a role may do, in a person's words (FR/EN), for listings and refusals. */
export const ROLE_LABELS: Readonly<Record<Role, { en: string; fr: string }>> = {
  administrator: { en: 'administrator: everything, and the operators', fr: 'administrateur : tout, et les opérateurs' },
  security: { en: 'security officer: keys, stop list, terminals disabled and enabled, games, limits', fr: 'responsable sécurité : clés, liste d’opposition, terminaux désactivés et réactivés, jeux, plafonds' },
  finance: { en: 'finance: statements, exceptions (investigated, closed), charge-backs and write-offs, prize claims paid, pack shipments', fr: 'finance : relevés, anomalies (examen, clôture), rétrofacturations et passages en perte, paiement des réclamations de gros lots, expéditions de carnets' },
  support: { en: 'support: the fleet, terminal events, retailers, configuration read, exceptions investigated', fr: 'support : le parc, les événements des terminaux, les détaillants, lecture de la configuration, examen des anomalies' },
  auditor: { en: 'auditor: reads everything, changes nothing', fr: 'auditeur : lit tout, ne change rien' },
};

/** Whether `held` may run an operation open to `allowed` (an administrator may run all). */
export function mayRun(held: readonly Role[], allowed: readonly Role[]): boolean {
  return held.includes('administrator') || held.some((r) => allowed.includes(r));
}

/** The context an administrative operation runs in: who asks, with which roles, and why. */
export interface OpContext {
  /** The operator's name (or `setup` before the first administrator exists). */
  readonly actor: string;
  readonly roles: readonly Role[];
  readonly reason?: string | undefined;
  /** The client's idempotency key for a write (#21): a replay answers the stored result. */
  readonly idempotencyKey?: string | undefined;
  /** Under dual control, the operator who proposed the act (the approver is `actor`). */
  readonly proposer?: string | undefined;
}
