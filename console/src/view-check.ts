/**
 * A read op's answer checked against its view's schema (common/console/). A refused answer is a
 * ViewError naming the first refused field and why, in both of the console's languages (zod's own
 * French and English messages), so the page says it in the language of the moment.
 */
import type { z } from 'zod';
import en from 'zod/v4/locales/en.js';
import fr from 'zod/v4/locales/fr.js';
import type { Lang } from './i18n.js';

const LOCALES = { fr: fr(), en: en() } as const;

/** Central answered a read with something its view's schema refuses: the page shows why, not a broken table. */
export class ViewError extends Error {
  constructor(
    readonly op: string,
    /** The first refused field and zod's reason, per language (`terminals.status.3: Option invalide…`). */
    readonly details: Readonly<Record<Lang, string>>,
  ) {
    super(`central's answer to ${op} is not what the console expects (${details.en})`);
  }
}

const firstIssue = (schema: z.ZodType, answer: unknown, lang: Lang): string => {
  const parsed = schema.safeParse(answer, { error: LOCALES[lang].localeError });
  const issue = parsed.error?.issues[0];
  return issue ? `${issue.path.join('.') || '(answer)'}: ${issue.message}` : lang === 'fr' ? 'refusée' : 'refused';
};

/** The answer as its view, or a ViewError in both languages. */
export function checkView<S extends z.ZodType>(op: string, schema: S, answer: unknown): z.infer<S> {
  const parsed = schema.safeParse(answer);
  if (parsed.success) return parsed.data;
  // Only a refused answer is read again, once per language, for its words.
  throw new ViewError(op, { fr: firstIssue(schema, answer, 'fr'), en: firstIssue(schema, answer, 'en') });
}
