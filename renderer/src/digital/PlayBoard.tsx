/**
 * A digital unit's play as the cashier's screen draws it (the customer display draws the unit like its
 * ticket instead: display/DigitalUnits.tsx): every zone in
 * Jouer's order, hidden ones as "?", revealed ones with their symbols and amounts; once finished the
 * winning zones are highlighted and the result shown with its amount.
 */
import type { CSSProperties } from 'react';
import type { DigitalPlayView } from '../../../common/api/views.js';
import { money, moneyAsPrinted } from '../format.js';
import './play.css';
import { isTextKey, useLanguage, useT } from '../i18n/index.js';
import { surfaceText, zoneLabel, zoneText, type Word } from './play-text.js';

interface Cell {
  readonly zone: string;
  readonly label: string;
  readonly text: string;
  readonly revealed: boolean;
  readonly winning: boolean;
  /** A zone known by its number only (Millionnaire): the number sits on the value's line. */
  readonly numbered: boolean;
}

function cellsOf(view: DigitalPlayView, m: (c: number) => string, word: Word): { surface: string; cells: Cell[] }[] {
  const play = (view.play ?? {}) as Record<string, unknown>;
  return view.surfaces.map((s) => {
    const value = play[s.key];
    const items = Array.isArray(value) ? value : [value];
    return {
      surface: surfaceText(view.game, s, word),
      cells: items.map((item, i) => {
        const zone = view.zones.includes(s.key) ? s.key : `${s.key}:${i}`;
        const revealed = view.revealed.includes(zone);
        return {
          zone: `${s.key}:${i}`,
          label: zoneLabel(s, i, word),
          text: revealed ? zoneText(item, m, word) : '?',
          revealed,
          winning: (view.winning ?? []).some((w) => w.surface === s.key && w.index === i),
          numbered: !s.zone_labels,
        };
      }),
    };
  });
}

/** Zones a row: a surface's zones side by side up to six, else in two even rows (twelve months 6 + 6, eight ingots 4 + 4). */
function zonesPerRow(zones: number): number {
  return zones <= 6 ? zones : Math.ceil(zones / 2);
}

export function PlayBoard({ view, testId = 'play-board' }: { readonly view: DigitalPlayView; readonly testId?: string }) {
  const t = useT();
  const [language] = useLanguage();
  const m = (c: number) => money(c, language);
  const zoneMoney = (c: number) => moneyAsPrinted(c, language);
  const word: Word = (key) => (isTextKey(key) ? t(key) : null);
  return (
    <div className="play-board" data-testid={testId} data-finished={view.finished ? 'yes' : 'no'} data-revealed={view.revealed.length}>
      <div className="play-head">
        <strong>{view.game_name}</strong> <span className="muted">{t('digital.unit', { number: view.number })}</span>
      </div>
      {cellsOf(view, zoneMoney, word).map((group) => (
        <section key={group.surface} className="play-surface">
          <h3>{group.surface}</h3>
          <div className="play-zones" style={{ '--zones-per-row': zonesPerRow(group.cells.length) } as CSSProperties}>
            {group.cells.map((c) => (
              <div key={c.zone} className={`play-zone${c.numbered ? ' is-numbered' : ''}${c.revealed ? ' is-revealed' : ''}${c.winning ? ' is-winning' : ''}`} data-zone={c.zone} data-winning={c.winning ? 'yes' : 'no'}>
                <span className="play-zone-label">{c.label}</span>{' '}
                <span className="play-zone-value">{c.text}</span>
              </div>
            ))}
          </div>
        </section>
      ))}
      {view.finished ? (
        <div className={view.prize_cents ? 'play-result tone-win' : 'play-result tone-lose'} data-testid={`${testId}-result`}>
          {view.prize_cents ? t('digital.won', { amount: m(view.prize_cents) }) : t('digital.lost')}
        </div>
      ) : (
        <div className="play-progress muted" data-testid={`${testId}-progress`}>
          {t('digital.progress', { n: view.revealed.length, total: view.zones.length })}
        </div>
      )}
    </div>
  );
}
