/**
 * Shown when the data folder holds no terminal: nothing works until it is set up. The form enrols it
 * with the lottery's central from the enrolment letter (its code, the root's fingerprint, and for
 * https the authority's certificate); the terminal's screens follow at once, without a restart. Offline,
 * a technician's `guichet init` is the other way. The terminal never invents keys or PINs.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { EnrolledView } from '../../../../common/api/methods/provisioning.js';
import { useApi } from '../../api/context.js';
import { errorText } from '../../i18n/errors.js';
import { useLanguage, useT } from '../../i18n/index.js';
import { missingFields, missingText } from './missing-fields.js';

interface Letter {
  central: string;
  code: string;
  root: string;
  manager: string;
  pin: string;
  pinAgain: string;
  ca: string;
  caFingerprint: string;
}

const EMPTY: Letter = { central: '', code: '', root: '', manager: '', pin: '', pinAgain: '', ca: '', caFingerprint: '' };

export function ProvisioningScreen(props: { dataDir: string; canEnroll: boolean; onEnrolled: () => void }) {
  const t = useT();
  const api = useApi();
  const [language, setLanguage] = useLanguage();
  const [letter, setLetter] = useState<Letter>(EMPTY);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [enrolled, setEnrolled] = useState<EnrolledView | null>(null);
  const first = useRef<HTMLInputElement>(null);
  useEffect(() => {
    document.title = t('app.name');
  }, [t]);
  useEffect(() => first.current?.focus(), []);
  const https = letter.central.trim().toLowerCase().startsWith('https:');
  const field = (key: keyof Letter) => ({
    value: letter[key],
    onChange: (e: { target: { value: string } }) => setLetter({ ...letter, [key]: e.target.value }),
    'data-testid': `enrol-${key}`,
    id: `enrol-${key}`,
  });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const missing = missingFields(letter);
    if (missing.length > 0) {
      setProblem(missingText(t, missing));
      document.getElementById(`enrol-${missing[0]}`)?.focus();
      return;
    }
    if (letter.pin !== letter.pinAgain) {
      setProblem(t('provisioning.pin-mismatch'));
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      const done = await api.call('provisioning.enroll', {
        central: letter.central,
        code: letter.code,
        root: letter.root,
        manager: letter.manager,
        pin: letter.pin,
        ...(letter.ca.trim() ? { central_ca: letter.ca } : {}),
        ...(letter.caFingerprint.trim() ? { central_ca_fingerprint: letter.caFingerprint } : {}),
      });
      setEnrolled(done);
      // The host now serves the terminal: its login screen follows.
      props.onEnrolled();
    } catch (err) {
      setProblem(errorText(t, err));
      setBusy(false);
    }
  };

  return (
    <main className="provisioning" data-testid="screen-provisioning">
      <header className="provisioning-head">
        <div className="brand brand-large">
          <span className="brand-mark" aria-hidden="true">
            G
          </span>
        </div>
        <div>
          <h1>{t('provisioning.title')}</h1>
          <p className="muted">{t('provisioning.explain')}</p>
        </div>
        <button type="button" className="btn btn-ghost" data-testid="provisioning-language" onClick={() => setLanguage(language === 'fr' ? 'en' : 'fr')}>
          {t('nav.language')}
        </button>
      </header>
      {props.canEnroll && (
        <form className="card provisioning-form" noValidate onSubmit={(e) => void submit(e)} data-testid="enrol-form">
          <h2>{t('provisioning.enroll')}</h2>
          <div className="provisioning-fields">
            <label className="field wide" htmlFor="enrol-central">
              <span className="field-label">{t('provisioning.central')}</span>
              <input ref={first} className="input" autoComplete="off" spellCheck={false} placeholder="https://central.loterie.example:8470" aria-required="true" {...field('central')} />
            </label>
            <label className="field" htmlFor="enrol-code">
              <span className="field-label">{t('provisioning.code')}</span>
              <input className="input mono" autoComplete="off" spellCheck={false} aria-required="true" {...field('code')} />
            </label>
            <label className="field wide" htmlFor="enrol-root">
              <span className="field-label">{t('provisioning.root')}</span>
              <input className="input mono" autoComplete="off" spellCheck={false} aria-required="true" {...field('root')} />
            </label>
            <label className="field" htmlFor="enrol-manager">
              <span className="field-label">{t('provisioning.manager')}</span>
              <input className="input" autoComplete="off" maxLength={32} aria-required="true" {...field('manager')} />
            </label>
            <label className="field" htmlFor="enrol-pin">
              <span className="field-label">{t('provisioning.pin')}</span>
              <input className="input" type="password" inputMode="numeric" autoComplete="new-password" maxLength={16} aria-required="true" {...field('pin')} />
            </label>
            <label className="field" htmlFor="enrol-pinAgain">
              <span className="field-label">{t('provisioning.pin-again')}</span>
              <input className="input" type="password" inputMode="numeric" autoComplete="new-password" maxLength={16} aria-required="true" {...field('pinAgain')} />
            </label>
          </div>
          <details className="provisioning-ca" open={https}>
            <summary>{t(https ? 'provisioning.ca-needed' : 'provisioning.ca')}</summary>
            <label className="field" htmlFor="enrol-ca">
              <span className="field-label">{t('provisioning.ca-pem')}</span>
              <textarea className="input mono" rows={4} spellCheck={false} placeholder="-----BEGIN CERTIFICATE-----" {...field('ca')} />
            </label>
            <label className="field" htmlFor="enrol-caFingerprint">
              <span className="field-label">{t('provisioning.ca-fingerprint')}</span>
              <input className="input mono" autoComplete="off" spellCheck={false} {...field('caFingerprint')} />
            </label>
          </details>
          {problem && (
            <p className="banner banner-error" role="alert" data-testid="enrol-problem">
              {problem}
            </p>
          )}
          {enrolled && (
            <p className="banner banner-ok" role="status" data-testid="enrol-done">
              {t('provisioning.done', { terminal: enrolled.terminal_id, retailer: enrolled.retailer })}
            </p>
          )}
          <div className="provisioning-actions">
            <button type="submit" className="btn btn-primary" disabled={busy} data-testid="enrol-submit">
              {busy ? t('provisioning.busy') : t('provisioning.submit')}
            </button>
          </div>
        </form>
      )}
      <details className="provisioning-init">
        <summary>{t('provisioning.init')}</summary>
        <pre data-testid="provisioning-init">{`guichet init --data ${props.dataDir} --terminal ID --manager NAME`}</pre>
        {!props.canEnroll && <pre data-testid="provisioning-enroll">{`guichet enroll --data ${props.dataDir} --central URL --central-ca ca.pem --root FINGERPRINT --manager NAME`}</pre>}
        <p className="muted">{t('provisioning.restart')}</p>
      </details>
    </main>
  );
}
