/**
 * The customer display's digital units (issue #25): the unit played now drawn like its ticket (the
 * picture the terminal draws of what is revealed so far, an image: it cannot run anything), the
 * game's rule in the player's language, how far the play went or its result; with several units in
 * the basket, "Unité 2 / 3" and every unit of the basket listed with where it stands. The view holds
 * no validation code and nothing of a covered zone (see main/services/digital/display.ts).
 */
import type { DisplayUnitView } from '../../../common/api/views.js';
import { money } from '../format.js';
import { isTextKey, useLanguage, useT } from '../i18n/index.js';
import { svgDataUrl } from '../screens/validate/verdict-style.js';

function standing(u: DisplayUnitView, t: ReturnType<typeof useT>, m: (c: number) => string): string {
  if (u.finished) return u.prize_cents ? t('digital.won', { amount: m(u.prize_cents) }) : t('digital.lost');
  if (u.revealed === 0) return t('display.digital.toPlay');
  return `${u.revealed} / ${u.zones}`;
}

export function DigitalUnits({ units, current }: { readonly units: readonly DisplayUnitView[]; readonly current: number }) {
  const t = useT();
  const [language] = useLanguage();
  const m = (c: number) => money(c, language);
  const unit = units[current] ?? units[0];
  if (!unit) return null;
  const rule = `display.digital.rule.${unit.game}`;
  return (
    <div className="display-play" data-testid="display-play" data-finished={unit.finished ? 'yes' : 'no'} data-revealed={unit.revealed} data-unit={`${current + 1}/${units.length}`}>
      <img className="display-play-picture" src={svgDataUrl(unit.picture_svg)} alt={t('display.digital.picture', { game: unit.game_name })} data-testid="display-play-picture" draggable={false} />
      <aside className="display-play-side">
        {units.length > 1 && (
          <div className="display-play-count" data-testid="display-play-count">
            {t('display.digital.unitOf', { n: current + 1, total: units.length })}
          </div>
        )}
        <div className="display-play-game">
          <strong>{unit.game_name}</strong> <span className="display-play-number">{t('digital.unit', { number: unit.number })}</span>
        </div>
        {isTextKey(rule) && (
          <div className="display-play-rule" data-testid="display-play-rule">
            <strong>{t('display.digital.howToWin')}</strong> {t(rule)}
          </div>
        )}
        {unit.finished ? (
          <div className={unit.prize_cents ? 'play-result tone-win' : 'play-result tone-lose'} data-testid="display-play-result">
            {standing(unit, t, m)}
          </div>
        ) : (
          <div className="play-progress" data-testid="display-play-progress">
            {t('digital.progress', { n: unit.revealed, total: unit.zones })}
          </div>
        )}
        {units.length > 1 && (
          <ol className="display-play-units" data-testid="display-play-units">
            {units.map((u, i) => (
              <li key={u.number} className={i === current ? 'is-current' : undefined} data-testid="display-play-unit" data-finished={u.finished ? 'yes' : 'no'}>
                <span>{u.game_name}</span> <span className="display-play-standing">{standing(u, t, m)}</span>
              </li>
            ))}
          </ol>
        )}
      </aside>
    </div>
  );
}
