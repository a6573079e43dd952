/** The journal: browse it (newest first, by type) and verify its chain. */
import { z } from 'zod';
import { cleanText } from '../../text.js';

export const journalMethods = {
  /** A page of entries, newest first: those before `before_seq` (default: the newest), optionally of one type. */
  'journal.list': z
    .object({
      before_seq: z.number().int().min(1).optional(),
      limit: z.number().int().min(1).max(200).optional(),
      type: cleanText(z.string().trim().min(1).max(64)).optional(),
    })
    .strict(),
  /** Checks every entry's hash, chaining and signature, that none is missing at the end, and the business invariants. */
  'journal.verify': z.object({}).strict(),
} as const;

export interface JournalEntryView {
  readonly seq: number;
  readonly at: string;
  readonly type: string;
  readonly operator: string | null;
  /** The entry's payload (integers only; amounts in cents). */
  readonly payload: unknown;
  /** The entry's hash (hex). */
  readonly hash: string;
}

export interface JournalPageView {
  readonly entries: readonly JournalEntryView[];
  /** Entries matching the filter, in all. */
  readonly total: number;
  /** Every entry type present, for the filter. */
  readonly types: readonly string[];
  /** `before_seq` of the next (older) page, or null on the last page. */
  readonly next_before: number | null;
}

export interface JournalVerifyView {
  /** The chain is intact and every invariant holds. */
  readonly ok: boolean;
  /** Entries read (all of them when ok; up to and including the broken one otherwise). */
  readonly entries: number;
  readonly last_hash: string;
  readonly first_break: { readonly seq: number; readonly problem: string; readonly detail: string } | null;
  /** Each business rule broken ('paid-twice', 'receipt-numbers', 'money-outbox') with the first entry that breaks it. */
  readonly invariants: readonly { readonly rule: string; readonly seq: number; readonly detail: string }[];
  readonly checked_at: string;
}

export interface JournalOutputs {
  'journal.list': JournalPageView;
  'journal.verify': JournalVerifyView;
}
