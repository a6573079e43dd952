/**
 * What the renderer sees of the terminal: plain JSON-safe shapes, money in integer cents, times as
 * UTC ISO strings. Nothing here reveals a unit's prize before its hidden code was scanned.
 */
import type { GameCode, WinningZone } from '../../games/types.js';

export type Role = 'cashier' | 'manager' | 'technician';
export type Language = 'fr' | 'en';

export interface OperatorView {
  readonly name: string;
  readonly role: Role;
  readonly since: string;
  /** The operator's screen language (their own choice, else the terminal's). */
  readonly language?: Language;
}

export interface AppInfo {
  readonly terminal_id: string;
  readonly version: string;
  readonly host: 'electron' | 'browser';
  readonly language: Language;
  readonly payout_limit_cents: number;
  /** Minutes without activity after which the operator is logged out (the window's timer and the services). */
  readonly idle_logout_minutes: number;
  readonly operators: readonly { readonly name: string; readonly role: Role }[];
}

export interface PrinterView {
  readonly uri: string;
  readonly online: boolean;
  readonly coverOpen: boolean;
  readonly paperOut: boolean;
  readonly paperLow: boolean;
  /** False when the link cannot answer status requests: the flags are then a guess. */
  readonly reported: boolean;
  readonly detail?: string;
}

export interface CentralLinkView {
  /** 'refused': central refused this journal ("journal refused by central"); 'disabled': central disabled this terminal. */
  readonly state: 'not-enrolled' | 'online' | 'offline' | 'refused' | 'disabled';
  readonly seconds_since_contact: number | null;
  /** Why the journal was refused, or why the terminal is disabled (null otherwise). */
  readonly problem: string | null;
}

export interface StatusView {
  readonly operator: OperatorView | null;
  /** Central system link: online when central answered within the last minute and nothing failed since. */
  readonly connection: 'online' | 'offline';
  readonly outbox_waiting: number;
  /** The link with central in detail (main/services/sync/status.ts). */
  readonly central: CentralLinkView;
  readonly printer: PrinterView | null;
  readonly cash_session_open: boolean;
  /** Games the lottery suspended (as the terminal last heard from central): no sale, no payout of them. */
  readonly suspended_games?: readonly string[];
  /**
   * Present only when the data folder holds no terminal: the kiosk shows the provisioning screen
   * (enrol with the lottery's central, or `guichet init` by a technician) and nothing else works.
   */
  readonly provisioning?: {
    readonly data_dir: string;
    /** The screen can enrol the folder itself (`provisioning.enroll`); else only the commands are shown. */
    readonly can_enroll: boolean;
  };
}

export interface ScanView {
  readonly data: string;
  readonly source: string;
  readonly symbology?: string;
  readonly receivedAt: string;
}

/** The counter's verdict on a validation barcode (outcome file + packs + payouts + limit). */
export type VerdictKind =
  | 'loser'
  | 'winner'
  | 'already-paid'
  | 'above-limit'
  | 'pack-not-active'
  | 'unknown-ticket'
  | 'bad-check-digit'
  | 'malformed'
  | 'wrong-code'
  | 'expired'
  | 'stop-listed'
  | 'tampered'
  | 'key-revoked';

export interface VerdictView {
  readonly verdict: VerdictKind;
  readonly barcode: string;
  readonly game: GameCode | null;
  readonly ticket: string | null;
  readonly prize_cents: number | null;
  readonly winning: readonly WinningZone[] | null;
  /** Play data in the canonical JSON shape, once the hidden code opened the record. */
  readonly play: unknown;
  /** Picture of the ticket as printed with its winning zones (SVG text), when play data is known. */
  readonly picture_svg: string | null;
  readonly message: string;
  /** For already-paid: when and where. */
  readonly paid?: { readonly at: string; readonly terminal: string; readonly receipt_no: number | null };
  /** A winner of a game the lottery suspended: not paid nor claimed until the game resumes. */
  readonly suspended?: true;
  /** For above-limit: a claim already filed for this ticket (then no second claim). */
  readonly claimed?: { readonly at: string; readonly terminal: string; readonly receipt_no: number | null };
  /** The ticket's pack (paper games) and its state here. */
  readonly pack?: { readonly number: string; readonly state: string };
  /** The payout limit in force when the verdict was given. */
  readonly payout_limit_cents?: number;
  /**
   * A winner while the lottery's central does not answer: it is paid offline, inside what is left of
   * the offline allowance (before this payout: money, count, whole hours, and the limit per ticket);
   * `reached` names the limit this prize would pass (then the payout gives a claim receipt).
   */
  readonly offline?: {
    readonly max_ticket_cents: number;
    readonly left_total_cents: number;
    readonly left_count: number;
    readonly left_hours: number;
    readonly reached?: { readonly limit: 'ticket' | 'count' | 'total' | 'hours'; readonly max: number };
  };
}

/** A receipt as the virtual printer kept it, or as a real printer was sent it. */
export interface ReceiptView {
  readonly receipt_no: number | null;
  readonly kind: string;
  readonly printed: boolean;
  /** Identifies the print job: a `receipt` event with the same job tells how a pending print ended. */
  readonly job?: string;
  /** Still printing when the screen was answered (the printer is slow or not answering). */
  readonly pending?: boolean;
  readonly error?: string;
  /** PNG picture (data: URL) when the printer is virtual. */
  readonly picture?: string;
}

/** A digital unit's play as the counter and the customer display see it (common/api/methods/digital.ts). */
export interface DigitalPlayView {
  readonly sale_key: string;
  readonly game: string;
  readonly game_name: string;
  readonly number: string;
  readonly validation_barcode: string;
  readonly receipt_no: number;
  readonly sold_at: string;
  readonly price_cents: number;
  /** The game's play surfaces (key, label, zones, zone labels), to draw the play. */
  readonly surfaces: readonly { readonly key: string; readonly label: string; readonly zones: number; readonly zone_labels?: readonly string[] }[];
  /** Every zone, in Jouer's order. */
  readonly zones: readonly string[];
  readonly revealed: readonly string[];
  /** The next zone Jouer reveals; null when finished. */
  readonly next_zone: string | null;
  readonly finished: boolean;
  /** The play data of the revealed zones only (the rest stays hidden on the display). */
  readonly play: unknown;
  /** Known once finished. */
  readonly prize_cents: number | null;
  readonly winning: readonly WinningZone[] | null;
}

export type DisplayView =
  | { readonly kind: 'idle' }
  /** `scratch_first`: the code read was the ticket's inventory barcode (the cashier sees "inventory barcode"). */
  | { readonly kind: 'verdict'; readonly verdict: VerdictKind; readonly prize_cents: number | null; readonly ticket: string | null; readonly scratch_first?: true }
  /** Paid; `pending`: paid offline, waiting for central. */
  | { readonly kind: 'paid'; readonly prize_cents: number; readonly pending?: boolean }
  /** Central forbade paying: paid at another terminal, or unreachable and beyond the offline limits (a claim receipt is printed). */
  | { readonly kind: 'refused'; readonly reason: 'paid-elsewhere' | 'claimed-elsewhere' | 'central-unreachable' | 'pack-elsewhere-offline' | 'game-suspended' }
  | { readonly kind: 'cart'; readonly count: number; readonly total_cents: number }
  | { readonly kind: 'sale'; readonly total_cents: number; readonly tendered_cents: number; readonly change_cents: number }
  /**
   * Digital units being played (Jouer / Auto): every unit of the basket, `current` the one played now.
   * Only what the player may see: no validation code, nothing of a covered zone.
   */
  | { readonly kind: 'digital'; readonly units: readonly DisplayUnitView[]; readonly current: number };

/** One digital unit on the customer display: its play screen so far (covered zones drawn from none of their data), no validation code. */
export interface DisplayUnitView {
  readonly game: string;
  readonly game_name: string;
  readonly number: string;
  /** How many zones the unit has, and how many are revealed. */
  readonly zones: number;
  readonly revealed: number;
  readonly finished: boolean;
  /** Known once finished. */
  readonly prize_cents: number | null;
  /** The play screen as SVG (renderPlayScreenSvg), shown as an image. */
  readonly picture_svg: string;
}
