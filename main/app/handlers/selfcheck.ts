/**
 * Self-check kiosk handlers: `selfcheck.status`, `selfcheck.check`, `selfcheck.language`. The rules are
 * the self-check service's (main/services/selfcheck); this file turns its results into what the
 * player may see: the verdict kind, the prize (figures and words) for winners, and the ticket drawn
 * with its winning zones once the hidden code opened the record. Never the validation barcode, in a
 * field or in the picture.
 */
import { gameByCode } from '../../../games/index.js';
import type { GameCode } from '../../../games/types.js';
import type { SelfCheckResultView, SelfCheckVerdictView } from '../../../common/api/methods/selfcheck.js';
import { amountWords } from '../../services/selfcheck/amount-words.js';
import { DEFAULT_SELF_CHECK, type SelfCheckResult, type SelfCheckService } from '../../services/selfcheck/self-check.js';
import type { CounterVerdict } from '../../services/tickets/counter-verdict.js';
import { ServiceError } from '../../kernel/errors.js';
import { getSettings } from '../../kernel/settings.js';
import type { AppContext } from '../context.js';
import type { Handlers } from '../handler.js';
import { pictureOf } from './tickets.js';

/** Verdicts whose prize the player is shown (in figures and words). */
const PRIZE_SHOWN = new Set(['winner', 'above-limit']);
/** Verdicts whose ticket is drawn (the hidden code opened the record, nothing refuses the ticket). */
const PICTURE_SHOWN = new Set(['winner', 'above-limit', 'loser', 'already-paid', 'claimed', 'suspended', 'expired']);

function requireSelfCheck(ctx: AppContext): SelfCheckService {
  if (!ctx.selfCheck) throw new ServiceError('not-self-check', 'this terminal is a counter kiosk, not a self-check kiosk');
  return ctx.selfCheck;
}

function gameName(code: string | null): string | null {
  if (!code) return null;
  try {
    return gameByCode(code as GameCode).name;
  } catch {
    return null;
  }
}

/**
 * The ticket as printed, for the verdicts a player may see drawn (the counter's drawing, filtered),
 * with its validation spot covered: the kiosk is a public screen, and a photo of the validation
 * barcode or its digits would claim the prize.
 */
function selfCheckPicture(ctx: AppContext, kind: string, v: CounterVerdict, barcode: string): string | null {
  return PICTURE_SHOWN.has(kind) ? pictureOf(ctx, v, barcode, { maskValidation: true }) : null;
}

/** The player's view of a self-check result. */
export function selfCheckView(ctx: AppContext, r: SelfCheckResult, barcode: string): SelfCheckResultView {
  if (r.status === 'wait') return { status: 'wait', retry_after_seconds: Math.max(1, Math.ceil(r.retry_after_ms / 1000)) };
  const v = r.verdict;
  const game = (v?.game ?? r.identity?.game ?? null) as GameCode | null;
  // By the player's kind: a winner already paid or claimed (here or elsewhere) shows no prize to collect.
  const prize = v && PRIZE_SHOWN.has(r.kind) ? v.prize_cents : null;
  const verdict: SelfCheckVerdictView = {
    kind: r.kind,
    game,
    game_name: gameName(game),
    ticket: v?.ticket ?? r.identity?.ticket ?? null,
    prize_cents: prize,
    prize_words: amountWords(prize),
    winning: v && PICTURE_SHOWN.has(r.kind) ? v.winning : null,
    picture_svg: v ? selfCheckPicture(ctx, r.kind, v, barcode) : null,
  };
  return { status: 'checked', verdict };
}

/** A scanner the page may not name: every unknown name shares this one limit. */
const UNKNOWN_SCANNER = 'unknown';

/**
 * The key of the page's check for the rate limits: the scanner it names only when that is the keyboard
 * wedge or a scanner this terminal has configured; any other name shares one limit, so a page cannot earn
 * new allowances of wrong codes by naming a new scanner for each guess (#39, low 12).
 */
export function limitKeyOf(ctx: AppContext, scanner: string): string {
  if (scanner === 'wedge') return scanner;
  return (getSettings(ctx.terminal).scanner_uris ?? []).includes(scanner) ? scanner : UNKNOWN_SCANNER;
}

export const selfCheckHandlers: Handlers = {
  'selfcheck.status': (ctx) => {
    const config = ctx.selfCheck?.config ?? DEFAULT_SELF_CHECK;
    return {
      self_check: ctx.selfCheck !== null,
      language: ctx.language,
      reset_seconds: config.reset_seconds,
      checks_per_window: config.checks_per_window,
      window_seconds: config.window_seconds,
    };
  },
  'selfcheck.check': (ctx, { barcode, scanner }) => selfCheckView(ctx, requireSelfCheck(ctx).check(barcode, limitKeyOf(ctx, scanner)), barcode),
  'selfcheck.language': (ctx, { language }) => {
    requireSelfCheck(ctx);
    ctx.language = language;
    return null;
  },
};
