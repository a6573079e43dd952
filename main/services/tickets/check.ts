/**
 * The `check` verdict: what a validation barcode is worth, without paying it.
 * Nothing about a unit's prize is revealed without its hidden code: a wrong code is only `wrong-code`.
 */
import { createRng, layoutFor, prizeOf, type WinningZone } from '../../../games/index.js';
import { parseBarcode, TicketIdError, type UnitId } from '../../../games/ticket-id.js';
import { printedNumber as ticketNumber } from '../../../common/ticket-number.js';
import { unsealRecord, type SealedOutcome } from '../../../node/outcome/seal.js';
import { blockHoldingLookup } from '../../../db/queries/blocks.js';
import { revocationLookup } from '../../../db/queries/trusted-keys.js';
import type { Terminal } from '../../kernel/data-folder.js';
import { BlockFiles, type OpenBlock } from '../outcomes/block-files.js';
import { trustedKeyObjects } from '../outcomes/trust.js';

export type VerdictKind =
  | 'malformed'
  | 'bad-check-digit'
  | 'unknown-ticket'
  | 'wrong-code'
  | 'tampered'
  | 'key-revoked'
  | 'expired'
  | 'loser'
  | 'winner';

/** The result of checking one barcode. `prize_cents`, `winning` and `play` are known only once the code opened the record. */
export interface Verdict {
  readonly verdict: VerdictKind;
  /** The unit, when the barcode could be read. */
  readonly id: UnitId | null;
  /** Human-readable ticket number (`GGG-EEE-BB-UUUUUUU-C`, or with pack and ticket for paper games), when read. */
  readonly ticket: string | null;
  /** The unit's prize: for `winner`, `loser` (0) and `expired`; null otherwise. */
  readonly prize_cents: number | null;
  readonly winning: readonly WinningZone[] | null;
  /** The unit's play data (canonical JSON shape), rebuilt from the sealed record. */
  readonly play: unknown;
  /** UTC ISO claim deadline of the unit's block, when the block is known. */
  readonly claim_deadline: string | null;
  /** One sentence for the person at the counter (English). */
  readonly message: string;
}

/** The JSON shape of a verdict, as `guichet check --json` prints it. */
export function verdictJson(v: Verdict): { verdict: VerdictKind; ticket: string | null; prize_cents: number | null; winning: readonly WinningZone[] | null; play: unknown } {
  return { verdict: v.verdict, ticket: v.ticket, prize_cents: v.prize_cents, winning: v.winning, play: v.play };
}

export interface CheckOptions {
  /** The clock used for claim deadlines (default: the system clock). */
  readonly now?: () => Date;
  /**
   * The checker serves one act (a payout): a ticket's record is unsealed and its play data rebuilt once,
   * however often the act asks for its verdict; the block lookup, the signer's revocation, the stored
   * records' integrity and the deadline are still checked every time. Long-lived checkers (a counter, a
   * self-check kiosk) leave it off.
   */
  readonly oneAct?: boolean;
}

/** A record opened with a hidden code: none (wrong code), or its sealed outcome and the play data rebuilt from it (or why not). */
type Opened = { readonly sealed: null } | { readonly sealed: SealedOutcome; readonly rebuilt: { play: unknown; winning: readonly WinningZone[] } | string };

function verdict(kind: VerdictKind, message: string, fields: Partial<Omit<Verdict, 'verdict' | 'message'>> = {}): Verdict {
  return {
    verdict: kind,
    id: fields.id ?? null,
    ticket: fields.ticket ?? null,
    prize_cents: fields.prize_cents ?? null,
    winning: fields.winning ?? null,
    play: fields.play ?? null,
    claim_deadline: fields.claim_deadline ?? null,
    message,
  };
}

/**
 * Checks validation barcodes against the blocks imported in a terminal. Keeps the blocks' files open
 * between checks; `close()` releases them (the terminal itself stays open).
 */
export class TicketChecker {
  private readonly files: BlockFiles;
  private readonly lookup: ReturnType<typeof blockHoldingLookup>;
  private readonly revocation: ReturnType<typeof revocationLookup>;
  private readonly now: () => Date;
  /** With `oneAct`: each record read, by block file, unit and hidden code. */
  private readonly opened: Map<string, Opened> | null;

  constructor(terminal: Terminal, options: CheckOptions = {}) {
    this.files = new BlockFiles(terminal.folder.outcomesDir, () => trustedKeyObjects(terminal.db));
    this.lookup = blockHoldingLookup(terminal.db);
    this.revocation = revocationLookup(terminal.db);
    this.now = options.now ?? (() => new Date());
    this.opened = options.oneAct ? new Map() : null;
  }

  /**
   * The verdict for one scanned or typed validation barcode. Order of the checks: the barcode itself,
   * the block holding the unit, its signer not revoked, the integrity of the stored record, the hidden code, the rebuilt play
   * data against the sealed prize, the claim deadline, then winner or loser.
   */
  check(barcode: string): Verdict {
    let parsed;
    try {
      parsed = parseBarcode(barcode);
    } catch (err) {
      if (!(err instanceof TicketIdError)) throw err;
      if (err.problem === 'bad-check-digit') return verdict('bad-check-digit', err.message);
      if (err.problem === 'unknown-game') return verdict('unknown-ticket', err.message);
      return verdict('malformed', err.message);
    }
    if (parsed.kind === 'inventory') {
      return verdict('malformed', 'this is the inventory barcode (identity only): scan the validation barcode under the scratch coating', {
        id: parsed.id,
        ticket: ticketNumber(parsed.id),
      });
    }
    const { id, hiddenCode } = parsed;
    const row = this.lookup(id.game, id.emission, id.block, id.unit);
    if (!row) {
      return verdict('unknown-ticket', `no imported block holds ${id.game} emission ${id.emission} block ${id.block} unit ${id.unit}`, {
        id,
        ticket: ticketNumber(id),
      });
    }
    // Asked at every check: a key revoked while the counter runs stops its blocks at once.
    const revoked = this.revocation(row.signer);
    if (revoked) {
      return verdict('key-revoked', `the lottery key that signed this ticket's block was revoked on ${revoked.revoked_at} (${revoked.reason}): do not pay, keep the ticket and call the lottery`, {
        id,
        ticket: ticketNumber(id),
      });
    }
    const block = this.files.get(row);
    const base = { id, ticket: ticketNumber(id), claim_deadline: block.ok ? block.manifest.claim_deadline : null };
    if (!block.ok) return verdict('tampered', block.problem, base);

    if (!block.file.chunkIntact(id.unit)) {
      return verdict('tampered', `the stored records around unit ${id.unit} were altered since import: do not pay, report it to the lottery`, base);
    }
    const record = this.open(block, id, hiddenCode);
    if (record.sealed === null) return verdict('wrong-code', 'the hidden validation code does not match this ticket', base);
    const { sealed, rebuilt: opened } = record;
    if (typeof opened === 'string') return verdict('tampered', opened, base);
    const known = { ...base, prize_cents: sealed.prize_cents, winning: opened.winning, play: opened.play };
    if (this.now().getTime() > block.deadlineMs) {
      return verdict('expired', `the claim period ended on ${block.manifest.claim_deadline}`, known);
    }
    if (sealed.prize_cents === 0) return verdict('loser', 'this ticket wins nothing', known);
    return verdict('winner', `this ticket wins ${sealed.prize_cents} cents`, known);
  }

  /** Unseals the unit's record with the hidden code and rebuilds its play data (once per ticket with `oneAct`). */
  private open(block: Extract<OpenBlock, { ok: true }>, id: UnitId, hiddenCode: string): Opened {
    const key = `${block.row.id}/${block.row.file_name}/${id.unit}/${hiddenCode}`;
    const known = this.opened?.get(key);
    if (known) return known;
    const sealed = unsealRecord(block.file.recordAt(id.unit), id, hiddenCode, block.fileSalt);
    const opened: Opened = sealed ? { sealed, rebuilt: this.rebuild(block, sealed) } : { sealed: null };
    this.opened?.set(key, opened);
    return opened;
  }

  /** The play data of a sealed outcome and its winning zones, or why it cannot be trusted. */
  private rebuild(block: Extract<OpenBlock, { ok: true }>, sealed: SealedOutcome): { play: unknown; winning: readonly WinningZone[] } | string {
    const { game } = block;
    if (sealed.layout_version !== game.layout_version) {
      return `sealed layout version ${sealed.layout_version} is unknown to this terminal (${game.code} is at ${game.layout_version})`;
    }
    try {
      const play = layoutFor(game, sealed.prize_cents, createRng(sealed.layout_seed));
      const result = prizeOf(game, play);
      if (result.prize_cents !== sealed.prize_cents) {
        return `the rebuilt play data wins ${result.prize_cents} cents but the sealed prize is ${sealed.prize_cents}`;
      }
      return { play, winning: result.winning };
    } catch (err) {
      return `the sealed outcome cannot be rebuilt: ${(err as Error).message}`;
    }
  }

  /** Releases the open outcome files. */
  close(): void {
    this.files.close();
  }
}

/** One-shot check (opens and closes the block files); prefer a `TicketChecker` for many checks. */
export function checkTicket(terminal: Terminal, barcode: string, options: CheckOptions = {}): Verdict {
  const checker = new TicketChecker(terminal, options);
  try {
    return checker.check(barcode);
  } finally {
    checker.close();
  }
}
