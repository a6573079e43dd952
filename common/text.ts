/**
 * Text a terminal accepts and journals (#19): never a NUL, never a lone UTF-16 surrogate (half of an
 * emoji cut in two). Central cannot store either as text (it quarantines such an entry), so they are
 * refused where they enter: the kiosk API, the CLI, central's settings. One refinement, `cleanText`,
 * used by every schema taking text; `cutText` cuts on code points, never inside a character.
 */
import { z } from 'zod';

export type TextProblem = 'nul' | 'lone-surrogate';

/** What is wrong with `s` as journaled text, or null. */
export function textProblem(s: string): TextProblem | null {
  if (s.includes('\u0000')) return 'nul';
  // A high surrogate not followed by a low one, or a low one not preceded by a high one.
  if (/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(s)) return 'lone-surrogate';
  return null;
}

const MESSAGES: Record<TextProblem, string> = {
  nul: 'holds a NUL character (U+0000): remove it',
  'lone-surrogate': 'holds half a character (a lone UTF-16 surrogate, e.g. an emoji cut in two): retype it',
};

/** The sentence for a problem (English; the kiosk says it in its own words from `details.problem`). */
export const textProblemMessage = (p: TextProblem): string => MESSAGES[p];

/** The refinement: a zod string that refuses a NUL and a lone surrogate, the issue carrying `params.problem`. */
export function cleanText<T extends z.ZodType<string>>(schema: T): T {
  return schema.superRefine((s, ctx) => {
    const p = textProblem(s);
    if (p) ctx.addIssue({ code: 'custom', message: MESSAGES[p], params: { problem: p } });
  }) as unknown as T;
}

/** A plain text field: trimmed, 1…max, clean. */
export const textField = (max: number) => cleanText(z.string().trim().min(1).max(max));

/** `s` cut to at most `max` code points (never inside a surrogate pair). */
export function cutText(s: string, max: number): string {
  const points = Array.from(s);
  return points.length <= max ? s : points.slice(0, max).join('');
}

/** Every string inside a JSON value is clean (central's settings): the first problem and its path, or null. */
export function jsonTextProblem(value: unknown, path = ''): { path: string; problem: TextProblem } | null {
  if (typeof value === 'string') {
    const p = textProblem(value);
    return p ? { path: path || '(value)', problem: p } : null;
  }
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const r = jsonTextProblem(value[i], `${path}[${i}]`);
      if (r) return r;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      const kp = textProblem(k);
      if (kp) return { path: `${path}.(key)`, problem: kp };
      const r = jsonTextProblem(v, path ? `${path}.${k}` : k);
      if (r) return r;
    }
  }
  return null;
}
