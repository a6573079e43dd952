/**
 * What the journal keeps of an admin act's arguments and states: never a secret, and of a winner's
 * personal data only what identifies the record without exposing the person.
 */
const SECRET_KEYS = new Set(['password', 'totp_secret', 'otpauth_uri', 'code', 'enrolment_code', 'token']);

/**
 * A winner's personal data (claims.pay's `winner`): the journal is hash-chained and exported, so it can
 * never be erased; it keeps the document's last 4 characters only, the full record staying in its own
 * table. Only under `winner`: a shop's address (`retailer.add`) is business data the audit keeps.
 */
const PERSONAL_KEYS: Record<string, (v: unknown) => unknown> = {
  id_number: (v) => (typeof v === 'string' ? `…${v.replace(/\s+/g, '').slice(-4)}` : '(personal)'),
  address: () => '(personal)',
};

export function redact(value: unknown, personal = false): unknown {
  if (Array.isArray(value)) return value.map((v) => redact(v, personal));
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([k, v]) => {
        const rule = personal ? PERSONAL_KEYS[k] : undefined;
        return [k, SECRET_KEYS.has(k) ? '(secret)' : rule ? rule(v) : redact(v, personal || k === 'winner')];
      }),
    );
  }
  return value;
}
