/**
 * A zod refusal said in words for a person (a CLI line, an API's `error`): which field, what is wrong
 * with it; never zod's own JSON or a placeholder path such as "(args)".
 */
import type { core } from 'zod';

function fieldName(path: readonly PropertyKey[]): string {
  return path.map((p) => (typeof p === 'number' ? `[${p}]` : String(p))).join('.').replace(/\.\[/g, '[');
}

function issueInWords(issue: core.$ZodIssue): string {
  const field = fieldName(issue.path);
  if (issue.code === 'unrecognized_keys') {
    const keys = issue.keys.map((k) => `"${k}"`).join(', ');
    const what = issue.keys.length > 1 ? `fields it does not know: ${keys}` : `a field it does not know: ${keys}`;
    return field ? `${field} has ${what}` : `the request has ${what}`;
  }
  // zod keeps no input in its issues: a missing field is known by its message.
  if (issue.code === 'invalid_type' && /received undefined$/.test(issue.message)) return field ? `${field} is missing` : 'the request is empty';
  const text = issue.message.replace(/^Invalid input: /, '');
  const message = text.charAt(0).toLowerCase() + text.slice(1);
  return field ? `${field}: ${message}` : message;
}

/** Every problem of a refusal, in words, separated by "; ". */
export function zodInWords(err: { readonly issues: readonly core.$ZodIssue[] }): string {
  return err.issues.map(issueInWords).join('; ');
}
