/** Sales and prizes paid per game per day, as bars (SVG drawn here: two series, no chart library needed). */
import { money } from '../format.js';
import { useI18n } from '../i18n.js';
import { Loading } from '../parts.js';
import { useOp } from '../use-op.js';
import { GamesView } from '../../../common/console/games.js';
import { SalesView } from '../../../common/console/sales.js';

const DAYS = 14;
const COLORS: Record<string, string> = { 'annee-chance-2013': '#2f6fb0', 'happy-2014': '#d08a1e', millionnaire: '#3b8f5a' };

/** The last `n` calendar days in Paris ending today, as YYYY-MM-DD. */
function lastDays(n: number): string[] {
  const f = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris', year: 'numeric', month: '2-digit', day: '2-digit' });
  const out: string[] = [];
  for (let i = n - 1; i >= 0; i--) out.push(f.format(new Date(Date.now() - i * 86_400_000)));
  return [...new Set(out)];
}

/** `names`: each game's name by its code (the games' list); a game without one keeps its code. */
export function SalesChart({ answer, names = {} }: { answer: SalesView; names?: Readonly<Record<string, string>> }) {
  const { t, lang } = useI18n();
  const name = (g: string): string => names[g] ?? g;
  const days = lastDays(DAYS);
  const games = [...new Set(answer.days.map((d) => d.game))].sort();
  if (games.length === 0) return <p className="muted">{t('sales.none')}</p>;
  const value = (day: string, game: string, kind: 'sale' | 'payout') => answer.days.find((d) => d.day === day && d.game === game && d.kind === kind)?.cents ?? 0;
  const max = Math.max(1, ...answer.days.map((d) => d.cents));
  const W = 900;
  const H = 260;
  const left = 70;
  const bottom = 30;
  const top = 14;
  const band = (W - left) / days.length;
  const bar = Math.max(2, (band - 6) / (games.length * 2));
  const y = (cents: number) => top + (H - bottom - top) * (1 - cents / max);
  return (
    <figure className="chart">
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={t('sales.title')} data-testid="sales-chart">
        {[0, 0.5, 1].map((f) => (
          <g key={f}>
            <line x1={left} x2={W} y1={y(max * f)} y2={y(max * f)} stroke="#ccc" />
            <text x={left - 6} y={y(max * f) + 4} textAnchor="end" fontSize="11">
              {money(Math.round(max * f), lang)}
            </text>
          </g>
        ))}
        {days.map((day, i) => (
          <g key={day} transform={`translate(${left + i * band + 3},0)`}>
            {games.flatMap((g, j) =>
              (['sale', 'payout'] as const).map((k, m) => {
                const v = value(day, g, k);
                return (
                  <rect key={`${g}-${k}`} x={(j * 2 + m) * bar} y={y(v)} width={bar - 1} height={H - bottom - y(v)} fill={COLORS[g] ?? '#777'} opacity={k === 'sale' ? 1 : 0.45}>
                    <title>{`${day} ${name(g)} ${t(k === 'sale' ? 'sales.sale' : 'sales.payout')}: ${money(v, lang)}`}</title>
                  </rect>
                );
              }),
            )}
            <text x={band / 2 - 3} y={H - 12} textAnchor="middle" fontSize="11">
              {day.slice(8)}/{day.slice(5, 7)}
            </text>
          </g>
        ))}
      </svg>
      <figcaption>
        {games.map((g) => (
          <span key={g} className="legend">
            <span className="swatch" style={{ background: COLORS[g] ?? '#777' }} /> {name(g)}
          </span>
        ))}
        <span className="muted"> · {t('sales.days', { n: DAYS })} · ■ {t('sales.sale')} · ▨ {t('sales.payout')}</span>
      </figcaption>
    </figure>
  );
}

export function SalesPage() {
  const { t } = useI18n();
  const { data, error, reload } = useOp('console.sales', { days: DAYS }, SalesView);
  // The legend names the games as the lottery sells them; their codes only while the list is read.
  const games = useOp('console.games', {}, GamesView);
  const names = Object.fromEntries((games.data ?? []).map((g) => [g.game, g.name]));
  return (
    <section className="page">
      <h1>{t('sales.title')}</h1>
      {data ? <SalesChart answer={data} names={names} /> : <Loading error={error} onRetry={reload} />}
    </section>
  );
}
