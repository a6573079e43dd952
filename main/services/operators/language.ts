/**
 * Each operator's screen language, remembered across sessions (the `operator.languages` row of the
 * settings: name → language). It is the operator's own choice — the terminal's language (login
 * screen, receipts, customer display) is a setting only a manager changes, journaled.
 */
import { readSetting, writeSetting } from '../../../db/queries/terminal.js';
import type { Language } from '../../../common/api/views.js';
import { authorize } from '../auth/authorize.js';
import type { OperatorSession } from '../auth/session.js';
import { canonicalJson } from '../../../common/canonical-json.js';
import { inTransaction } from '../../kernel/transaction.js';
import type { LotteryTerminal } from '../../kernel/terminal.js';

const KEY = 'operator.languages';

function all(t: LotteryTerminal): Record<string, Language> {
  const v = readSetting(t.db, KEY);
  if (!v || typeof v !== 'object' || Array.isArray(v)) return {};
  return Object.fromEntries(Object.entries(v as Record<string, unknown>).filter((e): e is [string, Language] => e[1] === 'fr' || e[1] === 'en'));
}

/** The operator's chosen language, or undefined when they never chose. */
export function operatorLanguage(t: LotteryTerminal, name: string): Language | undefined {
  return all(t)[name];
}

/** Remembers the session's operator's choice (their own: any role). */
export function setOperatorLanguage(t: LotteryTerminal, session: OperatorSession, language: Language): void {
  inTransaction(t, () => {
    authorize(t, session, null);
    writeSetting(t.db, KEY, canonicalJson({ ...all(t), [session.name]: language }), t.now());
  });
}
