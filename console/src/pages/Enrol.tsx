/**
 * A new (or reset) operator enrols (POST /v1/console/enrol): its name, the enrolment code an administrator
 * handed it, and the password it chooses; central answers its TOTP secret, shown here once, for its
 * authenticator app. No administrator ever sees the password or the secret.
 */
import { useState } from 'react';
import { enrol, type Enrolled } from '../api.js';
import { useI18n } from '../i18n.js';
import { errorText } from '../parts.js';

/** The secret, once enrolled: for the authenticator app (typed, or its otpauth:// address). */
export function EnrolledSecret({ enrolled, onDone }: { enrolled: Enrolled; onDone: () => void }) {
  const { t } = useI18n();
  return (
    <section data-testid="enrolled">
      <p>{t('enrol.done', { name: enrolled.name })}</p>
      <p>
        <code data-testid="totp-secret">{enrolled.totp_secret}</code>
      </p>
      <p>
        <code>{enrolled.otpauth_uri}</code>
      </p>
      <button type="button" onClick={onDone}>
        {t('enrol.back')}
      </button>
    </section>
  );
}

export function EnrolForm({ onDone }: { onDone: () => void }) {
  const { t, lang } = useI18n();
  const [operator, setOperator] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [enrolled, setEnrolled] = useState<Enrolled | null>(null);
  if (enrolled) return <EnrolledSecret enrolled={enrolled} onDone={onDone} />;
  return (
    <form
      data-testid="enrol"
      onSubmit={(e) => {
        e.preventDefault();
        setBusy(true);
        enrol(operator.trim(), code.trim(), password).then(
          (r) => (setCode(''), setPassword(''), setEnrolled(r)),
          (err: unknown) => (setError(t('enrol.refused', { error: errorText(err, { t, lang }) })), setBusy(false)),
        );
      }}
    >
      <h1>{t('enrol.title')}</h1>
      <p>{t('enrol.hint')}</p>
      <label>
        {t('login.operator')}
        <input name="operator" autoComplete="username" autoFocus required value={operator} onChange={(e) => setOperator(e.target.value)} />
      </label>
      <label>
        {t('enrol.code')}
        <input name="code" autoComplete="off" required value={code} onChange={(e) => setCode(e.target.value)} />
      </label>
      <label>
        {t('enrol.password')}
        <input name="new-password" type="password" autoComplete="new-password" minLength={12} required value={password} onChange={(e) => setPassword(e.target.value)} />
      </label>
      <button type="submit" disabled={busy}>
        {t('enrol.submit')}
      </button>
      {error ? (
        <p className="error" role="alert">
          {error}
        </p>
      ) : null}
    </form>
  );
}
