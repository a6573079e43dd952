/**
 * What the journal keeps of an admin act's arguments and states: never a secret, and of a winner's
 * personal data only what identifies the record without exposing the person.
 */
const SECRET_KEYS = new Set(['password', 'totp_secret', 'otpauth_uri', 'code', 'token']);

/**
 * A winner's personal data (claims.pay): the journal is hash-chained and exported, so it can never be
 * erased; it keeps the document's last 4 characters only, the full record staying in its own table.
 */
const PERSONAL_KEYS: Record<string, (v: unknown) => unknown> = {
  id_number: (v) => (typeof v === 'string' ? `…${v.replace(/\s+/g, '').slice(-4)}` : '(personal)'),
  address: () => '(personal)',
};

export function redact(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redact);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, SECRET_KEYS.has(k) ? '(secret)' : PERSONAL_KEYS[k] ? PERSONAL_KEYS[k](v) : redact(v)]));
  }
  return value;
}
