/** An amount in the current language's format ("1 000,00 €"). */
import { money } from '../format.js';
import { useLanguage } from '../i18n/index.js';

export function Money(props: { cents: number; className?: string; testId?: string }) {
  const [language] = useLanguage();
  return (
    <span className={props.className ? `money ${props.className}` : 'money'} data-testid={props.testId}>
      {money(props.cents, language)}
    </span>
  );
}
