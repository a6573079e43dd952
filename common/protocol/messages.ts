/** The requests and answers between a terminal and central, as zod schemas (both sides parse with them). */
import { z } from 'zod';
import { canonicalJson } from '../canonical-json.js';
import { CaAnnouncement, CentralCaPem, Certificate, Revocation, RootKey } from './keys.js';
import { PackRefusedItem, PackStateItem } from './packs.js';
import { Count, GameCode, IsoUtc, JsonObject, PackId, PublicKeyPem, Sha256Hex, SignatureB64, TerminalId } from './primitives.js';

// ── Errors ────────────────────────────────────────────────────────────────────────────────────────

/** Why central refused a request's signature headers (answers 401, or 403 for disabled/wrong terminal). */
export const AUTH_REFUSALS = [
  'missing_header',
  'unknown_terminal',
  'terminal_disabled',
  /** A push carrying entries or events of another terminal (nothing stored). */
  'wrong_terminal',
  'bad_digest',
  'bad_signature',
  'clock_skew',
  'replayed_nonce',
] as const;
export type AuthRefusal = (typeof AUTH_REFUSALS)[number];

/**
 * Why central refused a push (answers 409, nothing stored). All but 'out_of_order' are integrity alerts
 * at central; 'out_of_order' only says to resend from last_seq + 1 (a batch that arrived before the one
 * it follows).
 */
export const PUSH_REFUSALS = [
  /** The batch starts after last_seq + 1 or skips a seq: resend from last_seq + 1. Not an alert. */
  'out_of_order',
  /** A prev_hash that is not the previous entry's hash, or a held seq with another hash. */
  'chain_broken',
  /** An entry whose hash does not match its contents. */
  'entry_hash',
  /** An entry whose signature does not verify with the enrolled key. */
  'entry_signature',
  /**
   * A money entry (sale, void, payout, claim) whose money block central does not accept: another kind
   * than its type, an unknown game, a count or amount not a whole number within bounds
   * (central/store/entry-checks.ts).
   */
  'bad_money',
  /**
   * An entry dated before the entry it follows (central holds the previous one's time), or, the
   * terminal's first entry, more than a day before its enrolment at central.
   */
  'entry_backdated',
  /** An entry dated more than MAX_CLOCK_SKEW_MS after central's clock. */
  'entry_future',
] as const;
export type PushRefusal = (typeof PUSH_REFUSALS)[number];

/** Every 4xx/5xx answer: a sentence for people and a code for programs. */
export const ErrorAnswer = z.object({
  error: z.string(),
  reason: z.string(),
});
export type ErrorAnswer = z.infer<typeof ErrorAnswer>;

// ── Lottery-signed documents ──────────────────────────────────────────────────────────────────────

/** The kinds of documents the lottery key signs (each its own signing domain). */

/**
 * What the lottery key signs for a document of `kind`: `guichet-<kind>/1\n<canonical JSON of body>`.
 * The terminal recomputes it from the body it received and verifies `signature` with the key named by `signer`.
 */
export type LotteryDocumentKind = 'enrolment' | 'feed' | 'certificate' | 'revocation' | 'allowance' | 'central-ca';

export function lotterySigningString(kind: LotteryDocumentKind, body: unknown): string {
  return `guichet-${kind}/1\n${canonicalJson(body)}`;
}

export const LotteryKey = z.object({
  /** keyFingerprint: hex SHA-256 of the raw 32-byte public key. */
  fingerprint: Sha256Hex,
  public_key: PublicKeyPem,
});
export type LotteryKey = z.infer<typeof LotteryKey>;

// ── POST /v1/enrol (not signed by headers: the terminal has no id yet) ───────────────────────────

/** A fresh value the terminal sends with its request; the answer must carry it back (no replayed answer). */
export const EnrolNonce = z.string().regex(/^[A-Za-z0-9_-]{22,64}$/, '22–64 base64url characters');

/**
 * The one-time code itself never travels: the request names it by `code_id` and proves knowing it by
 * `mac`, both derived from the normalised code by HKDF (enrolCodeKeys, node/protocol/enrol-code.ts).
 */
export const EnrolRequest = z
  .object({
    /** Hex HKDF-SHA256 of the normalised code, info ENROL_CODE_ID_INFO: names the code at central. */
    code_id: Sha256Hex,
    /** The terminal's new Ed25519 public key (SPKI PEM). */
    public_key: PublicKeyPem,
    nonce: EnrolNonce,
    /** base64 Ed25519 signature of enrolProofString(code_id, public_key, nonce) by that key. */
    proof: SignatureB64,
    /** Hex HMAC-SHA256, keyed from the code (info ENROL_MAC_INFO), of enrolRequestMacString(code_id, public_key, nonce). */
    mac: Sha256Hex,
  })
  .strict();
export type EnrolRequest = z.infer<typeof EnrolRequest>;

/** The signed part of the enrolment answer. */
export const Enrolment = z.object({
  terminal_id: TerminalId,
  retailer: z.string(),
  /** Fingerprint of the terminal key central enrolled (the terminal checks it is its own). */
  terminal_key: Sha256Hex,
  /** The request's nonce, sent back. */
  nonce: EnrolNonce,
  /** The lottery's root (the terminal checks its fingerprint is the one on the enrolment letter). */
  root: RootKey,
  /** The root's certificates of the keys in use (online and emission), not revoked. */
  certificates: z.array(Certificate).min(1).max(100),
  /** The root's revocations so far (a revoked key is never trusted again). */
  revocations: z.array(Revocation).max(1000),
  /** Settings terminals must obey, e.g. payout_limit_max_cents. */
  config: JsonObject,
  /** Start pulling the feed from this cursor (0: from the beginning). */
  feed_cursor: Count,
  at: IsoUtc,
});
export type Enrolment = z.infer<typeof Enrolment>;

export const EnrolAnswer = z.object({
  enrolment: Enrolment,
  /** Fingerprint of the online key that signed (certified by the root for 'online'). */
  signer: Sha256Hex,
  /** base64 Ed25519 of lotterySigningString('enrolment', enrolment). */
  signature: SignatureB64,
  /** Hex HMAC-SHA256, keyed from the one-time code, of lotterySigningString('enrolment', enrolment). */
  mac: Sha256Hex,
});
export type EnrolAnswer = z.infer<typeof EnrolAnswer>;

// ── POST /v1/push (signed) ────────────────────────────────────────────────────────────────────────

/** One journal entry exactly as the terminal sealed it (main/kernel/chain.ts JournalEntry). */
export const WireJournalEntry = z
  .object({
    seq: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
    at: IsoUtc,
    terminal: TerminalId,
    type: z.string().regex(/^[a-z][a-z0-9-]*(\.[a-z][a-z0-9-]*)*$/).max(100),
    operator: z.string().max(200).nullable(),
    /** The payload as JSON (its canonical JSON text is what the hash covers). */
    payload: JsonObject,
    prev_hash: Sha256Hex,
    hash: Sha256Hex,
    /** base64 Ed25519 signature of the UTF-8 bytes of `hash` (hex text). */
    signature: SignatureB64,
  })
  .strict();
export type WireJournalEntry = z.infer<typeof WireJournalEntry>;

/** One outbox event (db/queries/outbox.ts OutboxRow, without the terminal's delivery bookkeeping). */
export const WireOutboxEvent = z
  .object({
    /** The stored idempotency key, `<terminal id>/<key>`. */
    key: z.string().regex(/^[\w.:/-]{1,240}$/),
    type: z.string().min(1).max(100),
    journal_seq: z.number().int().nonnegative(),
    payload: JsonObject,
    created_at: IsoUtc,
  })
  .strict();
export type WireOutboxEvent = z.infer<typeof WireOutboxEvent>;

export const MAX_PUSH_ENTRIES = 1000;
export const MAX_PUSH_EVENTS = 1000;

/**
 * What a terminal runs (#23), sent with every push: its version and the sha256 of the release tarball it
 * was installed from (null when it was not installed from a release: a checkout, a first install).
 */
export const SoftwareReport = z
  .object({
    version: z.string().regex(/^\d{1,3}\.\d{1,3}\.\d{1,3}$/, 'a version MAJOR.MINOR.PATCH'),
    sha256: Sha256Hex.nullable(),
  })
  .strict();
export type SoftwareReport = z.infer<typeof SoftwareReport>;

export const PushRequest = z
  .object({
    /** Entries in seq order, continuing from what central acknowledged (re-sending held ones is harmless). */
    entries: z.array(WireJournalEntry).max(MAX_PUSH_ENTRIES),
    events: z.array(WireOutboxEvent).max(MAX_PUSH_EVENTS),
    /** What the terminal runs (absent from a terminal older than #23). */
    software: SoftwareReport.optional(),
    /** The terminal's newest journal entry: central holding it means the terminal has re-synced (after a restore, #21). */
    head_seq: Count.optional(),
  })
  .strict();
export type PushRequest = z.infer<typeof PushRequest>;

/**
 * The offline allowance central signs for a terminal in the answer to each successful push (#19): what
 * the terminal may pay while central does not answer its claims, counted from the entry `acked_seq`
 * (offline payouts journaled after it, pending ones included), until `valid_until`. Nothing else renews
 * it: not the time, not a feed page. Central judges the offline payouts of the next push against it.
 */
export const OfflineAllowance = z.object({
  terminal: TerminalId,
  acked_seq: Count,
  issued_at: IsoUtc,
  valid_until: IsoUtc,
  max_ticket_cents: Count,
  max_count: Count,
  max_total_cents: Count,
});
export type OfflineAllowance = z.infer<typeof OfflineAllowance>;

/** An allowance with the lottery key's signature (lotterySigningString('allowance', allowance)). */
export const SignedAllowance = z.object({ allowance: OfflineAllowance, signer: Sha256Hex, signature: z.string().min(1).max(200) });
export type SignedAllowance = z.infer<typeof SignedAllowance>;

/** 200: what central now holds for this terminal. */
/** Central's epoch: a random id made at its creation and renewed by every restore (#21). */
export const CentralEpoch = z.string().regex(/^[0-9a-f-]{8,64}$/, 'an epoch id');

export const PushAnswer = z.object({
  /** Last journal entry central holds (0 and the genesis hash when none). */
  last_seq: Count,
  last_hash: Sha256Hex,
  /** Entries and events newly stored by this request, and those already held (skipped). */
  stored_entries: Count,
  skipped_entries: Count,
  stored_events: Count,
  skipped_events: Count,
  /** The offline allowance central signed with this answer (absent from an older central). */
  allowance: SignedAllowance.optional(),
  /** Central's epoch (#21): a new one after every restore; a terminal that sees a new one pushes again from last_seq (absent from an older central). */
  epoch: CentralEpoch.optional(),
});
export type PushAnswer = z.infer<typeof PushAnswer>;

/** 409: the batch was refused whole; nothing was stored; central recorded an integrity alert. */
export const PushRefusalAnswer = z.object({
  error: z.string(),
  reason: z.enum(PUSH_REFUSALS),
  /** The first entry central refused. */
  at_seq: Count,
  last_seq: Count,
  last_hash: Sha256Hex,
});
export type PushRefusalAnswer = z.infer<typeof PushRefusalAnswer>;

// ── GET /v1/feed?cursor=N&limit=M (signed) ────────────────────────────────────────────────────────

export const OutcomeFileItem = z.object({
  kind: z.literal('outcome_file'),
  game: GameCode,
  emission: z.number().int().min(1).max(999),
  block: z.number().int().min(1).max(99),
  /** File name, `<game>-<emission>-<block>.outcome`; GET /v1/files/<name> serves it. */
  name: z.string().regex(/^[A-Za-z0-9._-]{1,100}$/),
  /** The manifest as the file holds it (the terminal still verifies the file itself on import). */
  manifest: JsonObject,
  size: Count,
  sha256: Sha256Hex,
  /** Path relative to the central URL: `/v1/files/<name>`. */
  url: z.string(),
});
export const StopListItem = z.object({
  kind: z.literal('stop_list'),
  pack: PackId,
  /** 'add' puts the pack on the stop list, 'remove' lifts it. */
  action: z.enum(['add', 'remove']),
  reason: z.string(),
});
export const ConfigItem = z.object({
  kind: z.literal('config'),
  key: z.string().regex(/^[a-z][a-z0-9_.]{0,63}$/),
  value: z.unknown(),
});
/** A root-signed certificate of a lottery key (the terminal verifies it with its root before trusting the key). */
export const KeyCertificateItem = z.object({
  kind: z.literal('key_certificate'),
  certificate: Certificate,
});
/** A root-signed revocation (files signed by the key are refused, its blocks stop validating). */
export const KeyRevocationItem = z.object({
  kind: z.literal('key_revocation'),
  revocation: Revocation,
});
/**
 * The certificate authorities central's TLS certificate may chain to from now on (PEM, 1 to 4): how the
 * lottery rotates the pin before the old authority expires (announce old and new, switch central's
 * certificate, then announce the new alone). A terminal takes the pin from `announcement`, signed by its
 * lottery root (#39), never from the feed entry's word alone; `certificates` repeats them for terminals
 * of earlier versions, and an entry without `announcement` (central before #39) is refused.
 */
export const CentralCaItem = z.object({
  kind: z.literal('central_ca'),
  certificates: z.array(CentralCaPem).min(1).max(4),
  reason: z.string(),
  announcement: CaAnnouncement.optional(),
});
export type CentralCaItem = z.infer<typeof CentralCaItem>;
export const TerminalStatusItem = z.object({
  kind: z.literal('terminal_status'),
  terminal: TerminalId,
  enabled: z.boolean(),
  reason: z.string(),
});
export const GameStatusItem = z.object({
  kind: z.literal('game_status'),
  game: GameCode,
  enabled: z.boolean(),
  reason: z.string(),
});

/** To one terminal: a ticket it paid was also paid elsewhere (central's reconciliation found it second). */
export const PayoutExceptionItem = z.object({
  kind: z.literal('payout_exception'),
  ticket: z.string().max(64),
  /** The payment central holds first. */
  first: z.object({ terminal: TerminalId, retailer: z.string(), at: IsoUtc, amount_cents: Count }),
  /** This terminal's payment (the second). */
  second: z.object({ terminal: TerminalId, retailer: z.string(), at: IsoUtc, amount_cents: Count }),
});

/**
 * To the terminals of the retailer that holds the ticket's pack (issue 41): central now holds this ticket
 * paid, by which terminal (or the lottery's office), when. A terminal of that shop that never asked
 * central about it refuses it offline with the words of central's 'already_paid' answer. Sent only to a
 * terminal that asks for ticket facts (FeedQuery `ticket_facts`): a terminal before this item would
 * refuse the whole feed page for an unknown kind.
 */
export const TicketPaidItem = z.object({
  kind: z.literal('ticket_paid'),
  game: GameCode,
  emission: z.number().int().min(1).max(999),
  block: z.number().int().min(1).max(99),
  unit: Count,
  /** Who paid it, its retailer, when (as central's 'already_paid' answer names them). */
  terminal: TerminalId,
  retailer: z.string(),
  at: IsoUtc,
});
export type TicketPaidItem = z.infer<typeof TicketPaidItem>;

export const FeedItem = z.discriminatedUnion('kind', [OutcomeFileItem, StopListItem, ConfigItem, KeyCertificateItem, KeyRevocationItem, CentralCaItem, TerminalStatusItem, GameStatusItem, PayoutExceptionItem, PackStateItem, PackRefusedItem, TicketPaidItem]);
export type FeedItem = z.infer<typeof FeedItem>;
export type FeedItemKind = FeedItem['kind'];

/** The signed part of a feed entry: its place in the feed, when, and what. */
export const FeedBody = z.object({
  cursor: z.number().int().positive(),
  at: IsoUtc,
  item: FeedItem,
});
export type FeedBody = z.infer<typeof FeedBody>;

export const SignedFeedEntry = z.object({
  body: FeedBody,
  signer: Sha256Hex,
  /** base64 Ed25519 of lotterySigningString('feed', body). */
  signature: SignatureB64,
});
export type SignedFeedEntry = z.infer<typeof SignedFeedEntry>;

export const MAX_FEED_LIMIT = 500;

export const FeedQuery = z.object({
  /** The last cursor the terminal applied (0 at first). */
  cursor: z.coerce.number().int().nonnegative().default(0),
  limit: z.coerce.number().int().min(1).max(MAX_FEED_LIMIT).default(100),
  /**
   * `1`: this terminal reads `ticket_paid` items (issue 41). Absent (a terminal before them), central
   * leaves them out; a central before them ignores it.
   */
  ticket_facts: z.literal('1').optional(),
});
export type FeedQuery = z.infer<typeof FeedQuery>;

export const FeedAnswer = z.object({
  /** Entries after the cursor meant for this terminal, in cursor order. */
  entries: z.array(SignedFeedEntry),
  /** Cursor to send next time (the last entry's, or the one sent when there is nothing new). */
  next_cursor: Count,
  /** True when more entries wait after next_cursor. */
  more: z.boolean(),
  /**
   * Central's epoch (#21) and the newest cursor it held when that epoch began: a terminal that sees a new
   * epoch reads the feed again from min(its cursor, epoch_floor), since cursors above the floor may name
   * other items than before the restore (both absent from an older central).
   */
  epoch: CentralEpoch.optional(),
  epoch_floor: Count.optional(),
});
export type FeedAnswer = z.infer<typeof FeedAnswer>;

// ── POST /v1/claim (signed) ───────────────────────────────────────────────────────────────────────

/**
 * Central's answers to a claim: paid nowhere yet and now held for the asking terminal, or why not
 * (`not_sold`: a digital unit central never sold, or whose sale it voided; `central_restoring`: central
 * was restored and waits for every terminal to re-sync before it grants a claim again, #21).
 */
export const CLAIM_VERDICTS = ['claimed', 'already_paid', 'held_elsewhere', 'not_winner', 'expired', 'pack_not_active', 'stop_listed', 'unknown_ticket', 'not_sold', 'central_restoring'] as const;
export type ClaimVerdict = (typeof CLAIM_VERDICTS)[number];

export const ClaimRequest = z
  .object({
    /** The full validation barcode as scanned (central checks its hidden code against its print data). */
    barcode: z.string().regex(/^\d{20,64}$/, 'a validation barcode'),
    /** Idempotency key: a retried claim carries the same key and gets the same answer. */
    claim_key: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/),
  })
  .strict();
export type ClaimRequest = z.infer<typeof ClaimRequest>;

export const ClaimAnswer = z.object({
  verdict: z.enum(CLAIM_VERDICTS),
  /** `<game>/<emission>/<block>/<unit>` when the barcode names a published unit. */
  ticket: z.string().nullable(),
  /** The prize by central's print data (null when the code did not open it). */
  prize_cents: Count.nullable(),
  /** 'already_paid': where and when; 'held_elsewhere': which terminal holds it, since when. */
  paid: z.object({ terminal: TerminalId, retailer: z.string(), at: IsoUtc }).nullable(),
  /** 'claimed': central releases the hold when no payout entry arrives by then; 'held_elsewhere': when it may be claimed. */
  held_until: IsoUtc.nullable(),
  message: z.string(),
});
export type ClaimAnswer = z.infer<typeof ClaimAnswer>;

// ── GET /v1/time?nonce= (answer signed), GET /v1/health (not signed) ────────────────────────────────────────────────────

/** `?nonce=`: central's signed answer is bound to it (signature.ts, "Signed answers"). */
export const TimeQuery = z.object({ nonce: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, '16 to 64 base64url characters').optional() });
export type TimeQuery = z.infer<typeof TimeQuery>;

export const TimeAnswer = z.object({ now: IsoUtc });
export type TimeAnswer = z.infer<typeof TimeAnswer>;

export const HealthAnswer = z.object({ ok: z.literal(true), service: z.literal('guichet-central'), version: z.string() });
export type HealthAnswer = z.infer<typeof HealthAnswer>;
