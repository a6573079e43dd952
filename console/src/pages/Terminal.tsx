/** A terminal's page: its state, events, integrity alerts, refused pushes, quarantine; disable and enable. */
import { useState } from 'react';
import { runOp } from '../api.js';
import { May } from '../may.js';
import { dateTime } from '../format.js';
import { useI18n } from '../i18n.js';
import { errorText, Loading, Notice, ReasonForm, Table } from '../parts.js';
import { useOp } from '../use-op.js';
import { TerminalView } from '../../../common/console/terminal.js';

export function TerminalPage({ id }: { id: string }) {
  const { t, lang } = useI18n();
  const { data, error, reload } = useOp('console.terminal', { id }, TerminalView);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  if (!data) return <Loading error={error} onRetry={reload} />;
  const x = data.terminal;
  const disabled = x.status === 'disabled';
  const act = async (reason: string) => {
    try {
      const a = await runOp(disabled ? 'terminal.enable' : 'terminal.disable', { id, reason });
      setNotice({ ok: true, text: a.status === 'proposed' ? t('cfg.proposed', { id: a.proposal_id }) : t('term.done', { id, status: t(disabled ? 'state.active' : 'state.disabled') }) });
      reload();
    } catch (e) {
      setNotice({ ok: false, text: t('common.error', { error: errorText(e, { t, lang }) }) });
    }
  };
  return (
    <section className="page terminal">
      <p>
        <a href="#/fleet">{t('term.back')}</a>
      </p>
      <h1>{t('term.title', { id: x.terminal_id })}</h1>
      <dl className="facts">
        <dt>{t('col.retailer')}</dt>
        <dd>{x.retailer}</dd>
        <dt>{t('col.state')}</dt>
        <dd data-testid="terminal-status">
          {t(`state.${x.status}` as 'state.active')}
          {x.status_reason ? ` — ${x.status_reason}` : ''}
        </dd>
        <dt>{t('col.contact')}</dt>
        <dd>{dateTime(x.last_contact_at, lang)}</dd>
        <dt>{t('col.seq')}</dt>
        <dd>{x.last_seq}</dd>
      </dl>
      <May op={disabled ? 'terminal.enable' : 'terminal.disable'}>
        <ReasonForm label={t(disabled ? 'term.enable' : 'term.disable')} onSubmit={act} testId="terminal-toggle" />
      </May>
      <Notice notice={notice} />
      <div className="columns">
        <div>
          <h2>{t('term.alerts', { n: data.integrity_alerts.length })}</h2>
          <Table testId="terminal-alerts" rows={data.integrity_alerts} columns={[{ head: t('col.at'), cell: (r) => dateTime(r.at, lang) }, { head: t('col.reason'), cell: (r) => r.reason }, { head: t('col.seqn'), cell: (r) => r.at_seq, num: true }, { head: t('col.detail'), cell: (r) => r.detail }]} />
          <h2>{t('term.refused', { n: data.refused_pushes.length })}</h2>
          <Table testId="terminal-refused" rows={data.refused_pushes} columns={[{ head: t('col.at'), cell: (r) => dateTime(r.at, lang) }, { head: t('col.reason'), cell: (r) => r.reason }, { head: t('col.seqn'), cell: (r) => r.at_seq ?? '—', num: true }, { head: t('col.detail'), cell: (r) => r.detail }]} />
          <h2>{t('term.quarantine', { n: data.quarantine.length })}</h2>
          <Table testId="terminal-quarantine" rows={data.quarantine} columns={[{ head: t('col.at'), cell: (r) => dateTime(r.received_at, lang) }, { head: t('col.type'), cell: (r) => `${r.kind} ${r.seq} ${r.name}` }, { head: t('col.reason'), cell: (r) => r.reason }]} />
        </div>
        <div>
          <h2>{t('term.events', { n: data.events.length })}</h2>
          <Table testId="terminal-events" rows={data.events} columns={[{ head: t('col.seqn'), cell: (r) => r.journal_seq, num: true }, { head: t('col.at'), cell: (r) => dateTime(r.created_at, lang) }, { head: t('col.type'), cell: (r) => r.type }, { head: t('col.detail'), cell: (r) => <code>{JSON.stringify(r.payload).slice(0, 120)}</code> }]} />
        </div>
      </div>
    </section>
  );
}
