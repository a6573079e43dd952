/** Turns an API refusal into a sentence for the counter, in the current language. */
import { formatEuros } from '../../../games/money.js';
import { time } from '../format.js';
import { isTextKey, textOf, type Translate } from './index.js';

/** The dictionary key for a refusal: its code, made precise by its details (the last PIN try, a lock only a manager lifts). */
export function errorKey(code: string, details?: Readonly<Record<string, unknown>>): string {
  if (code === 'wrong-pin' && details?.last_try === true) return 'error.wrong-pin-last-try';
  if (code === 'locked' && details?.until_unlocked === true) return 'error.locked-until-unlock';
  if (code === 'central-unreachable' && details?.payout === true) {
    // Which offline limit the payout would pass, when the dictionaries word it.
    return typeof details.limit === 'string' && isTextKey(`error.central-unreachable-payout.${details.limit}`)
      ? `error.central-unreachable-payout.${details.limit}`
      : 'error.central-unreachable-payout';
  }
  // A refusal made precise by its problem ('wrong-state' of an activation, 'bad-pin' of a length…) when the dictionaries say it.
  if (typeof details?.problem === 'string' && isTextKey(`error.${code}.${details.problem}`)) return `error.${code}.${details.problem}`;
  return `error.${code}`;
}

/**
 * `error.<code>` (or `error.<code>.<problem>`) from the dictionaries when there is one, its placeholders
 * filled from the details in the screen's words: amounts `x_cents` as `{x}` in the language's money
 * format, `{state}` a pack's state word, `{field}` an input's name, `{reason}` central's reason code in
 * words. `{message}` (the service's English) is left only to host-level texts (the network's own words).
 * Without a key, the service's own message.
 */
export function errorText(t: Translate, err: unknown): string {
  const code = typeof (err as { code?: unknown })?.code === 'string' ? (err as { code: string }).code : undefined;
  const message = err instanceof Error ? err.message : String(err);
  if (code) {
    const details = (err as { details?: unknown }).details;
    const key = errorKey(code, typeof details === 'object' && details !== null ? (details as Record<string, unknown>) : undefined);
    if (code === 'invalid-input') return invalidInputText(t, typeof details === 'object' && details !== null ? (details as Record<string, unknown>) : {});
    // The details' own words (a terminal's id, a count) fill their placeholders; the service's English message never shows in French.
    const vars = Object.fromEntries(Object.entries(typeof details === 'object' && details !== null ? details : {}).filter((e): e is [string, string | number] => typeof e[1] === 'string' || typeof e[1] === 'number'));
    if (isTextKey(key)) return t(key, { ...vars, ...detailWords(t, vars), message });
  }
  return message;
}

/** The details a person reads in the screen's words: money, a pack's state, an input's name, central's reason. */
function detailWords(t: Translate, vars: Readonly<Record<string, string | number>>): Record<string, string> {
  const words: Record<string, string> = {};
  const locale = t('i18n.locale') === 'en' ? 'en' : 'fr';
  for (const [k, v] of Object.entries(vars)) {
    if (k.endsWith('_cents') && typeof v === 'number' && Number.isSafeInteger(v)) words[k.slice(0, -'_cents'.length)] = formatEuros(v, { locale });
  }
  // The end of a lock, in the shop's time (the service sends it as UTC ISO).
  if (typeof vars.locked_until === 'string' && Number.isFinite(Date.parse(vars.locked_until))) {
    // To the minute, rounded up: the account is never said free before it is.
    const minute = Math.ceil(Date.parse(vars.locked_until) / 60_000) * 60_000;
    words.until = time(new Date(minute).toISOString(), locale).slice(0, 5);
  }
  if (typeof vars.state === 'string') words.state = textOf(t, `packs.state-word.${vars.state}`, undefined, t('packs.state-word.other'));
  if (typeof vars.field === 'string') words.field = textOf(t, `field.${vars.field}`, undefined, t('field.input'));
  words.reason = textOf(t, `central.reason.${String(vars.reason)}`, undefined, t('central.reason.other'));
  return words;
}

/**
 * A refused input in words — the field by its name at the counter, what is wrong, the limit — never
 * the schema's own text nor the field's internal name.
 */
export function invalidInputText(t: Translate, details: Readonly<Record<string, unknown>>): string {
  const field = typeof details.field === 'string' ? details.field : 'input';
  const name = textOf(t, `field.${field}`, undefined, t('field.input'));
  const limit = typeof details.limit === 'number' ? details.limit : undefined;
  const shown =
    limit === undefined ? '' : field.endsWith('_cents') && Number.isSafeInteger(limit) ? formatEuros(limit, { locale: typeof document !== 'undefined' && document.documentElement.lang === 'en' ? 'en' : 'fr' }) : String(limit);
  if (details.problem === 'too_big' && limit !== undefined) return t('error.invalid-input.too_big', { field: name, limit: shown });
  if (details.problem === 'too_small' && limit !== undefined) return t('error.invalid-input.too_small', { field: name, limit: shown });
  if (details.problem === 'missing') return t('error.invalid-input.missing', { field: name });
  if (details.problem === 'nul') return t('error.invalid-input.nul', { field: name });
  if (details.problem === 'lone-surrogate') return t('error.invalid-input.lone-surrogate', { field: name });
  return t('error.invalid-input.other', { field: name });
}
