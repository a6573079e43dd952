/**
 * The till while it is closed: open it with its float. A manager also sees the retailer's statements
 * (central's figures, not the till's) in the row under it (CashScreen), the next stop by Tab.
 */
import type { RefObject } from 'react';
import { useT } from '../../i18n/index.js';
import { parseEuros } from '../sell/amount.js';
import { AmountField } from '../sell/AmountField.js';

export interface TillClosedProps {
  readonly floatText: string;
  readonly onFloatChange: (text: string) => void;
  readonly onOpen: () => void;
  readonly busy: boolean;
  readonly floatRef: RefObject<HTMLInputElement | null>;
}

export function TillClosed({ floatText, onFloatChange, onOpen, busy, floatRef }: TillClosedProps) {
  const t = useT();
  return (
    <section className="card" data-testid="cash-open-panel">
      <h2>{t('cash.open.title')}</h2>
      <p className="muted">{t('cash.closed')}</p>
      <AmountField
        ref={floatRef}
        id="cash-float"
        label={t('cash.open.float')}
        value={floatText}
        onChange={onFloatChange}
        onSubmit={onOpen}
        submitLabel={t('cash.open.submit')}
        submitDisabled={parseEuros(floatText) === null}
        disabled={busy}
        testId="cash-float"
      />
    </section>
  );
}
