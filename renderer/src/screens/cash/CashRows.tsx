/**
 * The cash screen's layout: the cards (till, manager panel) in their column, the report shown beside
 * them, and the retailer's statements in a row of the screen's whole width under both (#25: a 400 px
 * column squeezed them). In the page the statements come right after the cards, the next stop by Tab.
 */
import type { ReactNode } from 'react';
import { useT } from '../../i18n/index.js';
import { StatementPanel } from './StatementPanel.js';

export interface CashRowsProps {
  /** The till's cards. */
  readonly actions: ReactNode;
  /** Whether the statements' row is there (a manager, with the till closed or their tab chosen). */
  readonly statement: boolean;
  /** The report on screen beside the cards, if any. */
  readonly report: ReactNode;
}

export function CashRows({ actions, statement, report }: CashRowsProps) {
  const t = useT();
  return (
    <div className="cash-grid">
      <div className="cash-actions">{actions}</div>
      {statement && (
        <section className="card cash-statement" data-testid="cash-statement" aria-label={t('statement.title')}>
          <StatementPanel />
        </section>
      )}
      <div className="cash-report">{report}</div>
    </div>
  );
}
