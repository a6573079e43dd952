/**
 * Shown when the data folder holds no terminal: nothing works until it is set up, by enrolling with the
 * lottery's central or, offline, by a technician's `guichet init`. The terminal never invents keys or PINs.
 */
import { useEffect } from 'react';
import { useLanguage, useT } from '../../i18n/index.js';

export function ProvisioningScreen(props: { dataDir: string }) {
  const t = useT();
  const [language, setLanguage] = useLanguage();
  useEffect(() => {
    document.title = t('app.name');
  }, [t]);
  return (
    <main className="boot provisioning" data-testid="screen-provisioning">
      <h1>{t('provisioning.title')}</h1>
      <p>{t('provisioning.explain')}</p>
      <ol>
        <li>
          <p>{t('provisioning.enroll')}</p>
          <pre data-testid="provisioning-enroll">{`guichet enroll --data ${props.dataDir} --central URL --central-ca ca.pem --root FINGERPRINT --manager NAME`}</pre>
        </li>
        <li>
          <p>{t('provisioning.init')}</p>
          <pre data-testid="provisioning-init">{`guichet init --data ${props.dataDir} --terminal ID --manager NAME`}</pre>
        </li>
      </ol>
      <p>{t('provisioning.restart')}</p>
      <button type="button" className="btn" data-testid="provisioning-language" onClick={() => setLanguage(language === 'fr' ? 'en' : 'fr')}>
        {t('nav.language')}
      </button>
    </main>
  );
}
