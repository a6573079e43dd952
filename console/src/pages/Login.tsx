/** Log in: operator, password and the authenticator's one-time code (POST /v1/console/login); or enrol first (Enrol.tsx). */
import { useState } from 'react';
import { login, type Session } from '../api.js';
import { useI18n } from '../i18n.js';
import { errorText } from '../parts.js';
import { EnrolForm } from './Enrol.js';

export function LoginPage({ onSession }: { onSession: (s: Session) => void }) {
  const { t, lang } = useI18n();
  const [operator, setOperator] = useState('');
  const [password, setPassword] = useState('');
  const [totp, setTotp] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [enrolling, setEnrolling] = useState(false);
  if (enrolling) {
    return (
      <main className="login">
        <EnrolForm onDone={() => setEnrolling(false)} />
      </main>
    );
  }
  return (
    <main className="login">
      <form
        data-testid="login"
        onSubmit={(e) => {
          e.preventDefault();
          setBusy(true);
          login(operator.trim(), password, totp.trim()).then(
            (s) => (setPassword(''), onSession(s)),
            (err: unknown) => (setError(t('login.refused', { error: errorText(err, { t, lang }) })), setTotp(''), setBusy(false)),
          );
        }}
      >
        <h1>{t('login.title')}</h1>
        <label>
          {t('login.operator')}
          <input name="operator" autoComplete="username" autoFocus required value={operator} onChange={(e) => setOperator(e.target.value)} />
        </label>
        <label>
          {t('login.password')}
          <input name="password" type="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
        </label>
        <label>
          {t('login.totp')}
          <input name="totp" inputMode="numeric" autoComplete="one-time-code" pattern="[0-9]{6,8}" required value={totp} onChange={(e) => setTotp(e.target.value)} />
        </label>
        <button type="submit" disabled={busy}>
          {t('login.submit')}
        </button>
        {error ? (
          <p className="error" role="alert">
            {error}
          </p>
        ) : null}
        <button type="button" data-testid="enrol-open" onClick={() => setEnrolling(true)}>
          {t('enrol.open')}
        </button>
      </form>
    </main>
  );
}
