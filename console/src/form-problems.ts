/** The claim payment form's problems (zod issues of ClaimPayArgs) as a person reads them, in their language. */
import type { TextKey, Vars } from './i18n.js';

/** The form's field a problem is about, by the last part of its path. */
const FIELD_LABELS: Readonly<Record<string, TextKey>> = {
  name: 'claims.winner_name',
  id_kind: 'claims.id_kind',
  id_number: 'claims.id_number',
  address: 'claims.address',
  method: 'claims.method',
  reference: 'claims.reference',
  paid_on: 'claims.paid_on',
  reason: 'common.reason',
};

/** One problem of the form, in the person's language: the field's label and what is wrong with it. */
export function claimFormProblem(issue: { path: readonly PropertyKey[]; code: string }, t: (key: TextKey, vars?: Vars) => string): string {
  const last = String(issue.path[issue.path.length - 1] ?? '');
  const field = FIELD_LABELS[last];
  const problem: TextKey =
    issue.code === 'too_small' ? 'form.required' : issue.code === 'too_big' ? 'form.too_long' : last === 'id_number' ? 'form.id_chars' : last === 'paid_on' ? 'form.no_such_date' : 'form.invalid';
  return t('form.problem', { field: field ? t(field) : last, problem: t(problem) });
}

