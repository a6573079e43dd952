/**
 * Prize claims in the back office (#22), shared by central's operations (`claims.pay`, `console.claims`)
 * and the console's Claims page: what recording a claim's payment takes (the winner's identity and the
 * payment made), and what the console's list answers (each claim's state; for a paid one the winner's
 * name, the kind of ID document and its last 4 characters only, how and when it was paid).
 */
import { z } from 'zod';

export const ID_KINDS = ['identity_card', 'passport', 'residence_permit', 'driving_licence'] as const;
export const PAYMENT_METHODS = ['bank_transfer', 'cheque', 'cash_at_office'] as const;
export type IdKind = (typeof ID_KINDS)[number];
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** A calendar date, `YYYY-MM-DD` (the day the payment was made, in the lottery's time zone). */
const Day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'a date is YYYY-MM-DD')
  .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d), 'no such date');

const Text = (max: number, what: string) => z.string().trim().min(1, `give the ${what}`).max(max, `the ${what} is at most ${max} characters`);

/** The winner, as on their ID document. */
export const ClaimWinner = z
  .object({
    name: Text(200, "winner's full name"),
    id_kind: z.enum(ID_KINDS),
    id_number: Text(64, 'ID document number').regex(/^[A-Za-z0-9 -]+$/, 'an ID document number is letters, digits, spaces or -'),
    address: z.string().trim().max(300, 'the address is at most 300 characters').optional(),
  })
  .strict();

/** The payment made: how, its reference (transfer, cheque number, office receipt), and the day. */
export const ClaimPaymentMade = z
  .object({
    method: z.enum(PAYMENT_METHODS),
    reference: Text(100, "payment's reference"),
    paid_on: Day,
  })
  .strict();

/** `claims.pay`: one filed claim (its terminal and journal entry), the winner, the payment and why. The amount is central's own. */
export const ClaimPayArgs = z
  .object({
    terminal: z.string().min(1).max(64),
    seq: z.number().int().positive(),
    winner: ClaimWinner,
    payment: ClaimPaymentMade,
    reason: z.string().trim().min(1, 'say why').max(500),
  })
  .strict();
export type ClaimPayArgs = z.infer<typeof ClaimPayArgs>;

export const CLAIM_STATES = ['filed', 'proposed', 'paid'] as const;
export type ClaimState = (typeof CLAIM_STATES)[number];

/** The last 4 characters of an ID document's number: all the console ever shows of it. */
export const idTail = (idNumber: string): string => idNumber.replace(/\s+/g, '').slice(-4);

/** A paid claim as the console shows it: never the full ID number nor the address. */
export const ClaimPaidView = z.object({
  amount_cents: z.number().int(),
  winner_name: z.string(),
  id_kind: z.enum(ID_KINDS),
  id_last4: z.string().max(4),
  method: z.enum(PAYMENT_METHODS),
  reference: z.string(),
  paid_on: z.string(),
  proposed_by: z.string().nullable(),
  recorded_by: z.string(),
  recorded_at: z.string(),
});
export type ClaimPaidView = z.infer<typeof ClaimPaidView>;

/** One row of `console.claims`. */
export const ConsoleClaim = z.object({
  terminal: z.string(),
  retailer: z.string(),
  journal_seq: z.number().int(),
  kind: z.enum(['over-limit', 'central-unreachable']),
  ticket: z.string(),
  printed: z.string(),
  amount_cents: z.number().int(),
  receipt_no: z.number().int().nullable(),
  reason: z.string().nullable(),
  filed_at: z.string(),
  received_at: z.string(),
  state: z.enum(CLAIM_STATES),
  /** The pending proposal of its payment, when one waits for a second operator. */
  proposal_id: z.number().int().nullable(),
  paid: ClaimPaidView.nullable(),
});
export type ConsoleClaim = z.infer<typeof ConsoleClaim>;
export const ConsoleClaims = z.array(ConsoleClaim);
