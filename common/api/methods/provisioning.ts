/**
 * Setting up a terminal from its own screen (the provisioning screen of an empty data folder): the
 * enrolment letter's fields, as `guichet enroll` takes them. Answered only while the folder holds no
 * terminal; a set-up terminal refuses it (`already-provisioned`).
 */
import { z } from 'zod';
import { cleanText } from '../../text.js';

export const provisioningMethods = {
  'provisioning.enroll': z
    .object({
      /** Central's address, or several comma-separated (tried in order). */
      central: cleanText(z.string().trim().min(1).max(2048)),
      /** The letter's one-time code. */
      code: cleanText(z.string().trim().min(1).max(128)),
      /** The lottery root's fingerprint (64 hex digits; spaces and colons ignored). */
      root: cleanText(z.string().trim().min(1).max(200)),
      manager: cleanText(z.string().trim().min(1).max(64)),
      pin: z.string().min(1).max(16),
      /** The lottery's certificate authority (PEM), needed for https; pinned for every later connection. */
      central_ca: z.string().max(20_000).optional(),
      /** The authority's SHA-256 fingerprint as the letter reads it: enrolment stops unless the PEM matches. */
      central_ca_fingerprint: cleanText(z.string().trim().max(200)).optional(),
    })
    .strict(),
} as const;

export interface EnrolledView {
  readonly terminal_id: string;
  readonly retailer: string;
  readonly manager: string;
}

export interface ProvisioningOutputs {
  'provisioning.enroll': EnrolledView;
}
