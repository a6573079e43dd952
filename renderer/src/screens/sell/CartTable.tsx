/**
 * The basket's lines on the sell screen: paper tickets, digital units and prizes put towards the
 * purchase, each removable until the basket is paid. Once paid (`done`), a digital line shows the unit
 * it became (its number, as on the receipt), not "Jeux numériques".
 */
import type { BasketDoneView, BasketView } from '../../../../common/api/methods/sales.js';
import { Money } from '../../components/Money.js';
import { useT } from '../../i18n/index.js';

type Part = 'barcodes' | 'digital' | 'prizes';

/** The unit sold for digital line `i`: the n-th unit of its game, in the order the basket sold them. */
export function soldUnit(done: BasketDoneView | null, lines: BasketView['digital'], i: number): BasketDoneView['digital'][number] | null {
  if (!done) return null;
  const game = lines[i]?.game;
  const nth = lines.slice(0, i).filter((l) => l.game === game).length;
  return done.digital.filter((u) => u.game === game)[nth] ?? null;
}

export function CartTable(props: { cart: BasketView; done: BasketDoneView | null; onRemove(part: Part, index: number): void }) {
  const t = useT();
  return (
    <table className="table cart-table" data-testid="cart">
      <thead>
        <tr>
          <th>{t('sell.cart.game')}</th>
          <th>{t('sell.cart.ticket')}</th>
          <th className="num">{t('sell.cart.price')}</th>
          {!props.done && <th aria-label={t('sell.cart.remove')} />}
        </tr>
      </thead>
      <tbody>
        {props.cart.lines.map((l, i) => (
          <tr key={`${l.barcode}-${i}`} data-testid="cart-line">
            <td>{l.game_name}</td>
            <td className="mono" data-testid="cart-ticket">
              {l.ticket}
            </td>
            <td className="num">
              <Money cents={l.price_cents} />
            </td>
            {!props.done && (
              <td className="row-action">
                <button
                  type="button"
                  className="btn btn-small btn-ghost btn-remove"
                  aria-label={t('sell.cart.removeLine', { ticket: l.ticket })}
                  data-testid={`cart-remove-${i}`}
                  onClick={() => props.onRemove('barcodes', i)}
                >
                  ✕
                </button>
              </td>
            )}
          </tr>
        ))}
        {props.cart.digital.map((d, i) => {
          const unit = soldUnit(props.done, props.cart.digital, i);
          return (
            <tr key={`digital-${i}`} data-testid="basket-digital-line">
              <td>{d.game_name}</td>
              {unit ? (
                <td className="mono" data-testid="basket-digital-number">
                  {unit.number}
                </td>
              ) : (
                <td className="muted">{t('basket.digital')}</td>
              )}
              <td className="num">
                <Money cents={d.price_cents} />
              </td>
              {!props.done && (
                <td className="row-action">
                  <button type="button" className="btn btn-small btn-ghost btn-remove" aria-label={t('sell.cart.removeLine', { ticket: d.game_name })} data-testid={`basket-remove-digital-${i}`} onClick={() => props.onRemove('digital', i)}>
                    ✕
                  </button>
                </td>
              )}
            </tr>
          );
        })}
        {props.cart.prizes.map((p, i) => (
          <tr key={`prize-${p.barcode}`} className="basket-prize" data-testid="basket-prize-line">
            <td>
              {t('basket.prize')} {p.game_name}
            </td>
            <td className="mono">{p.ticket}</td>
            <td className="num">
              −<Money cents={p.amount_cents} />
            </td>
            {!props.done && (
              <td className="row-action">
                <button type="button" className="btn btn-small btn-ghost btn-remove" aria-label={t('sell.cart.removeLine', { ticket: p.ticket })} data-testid={`basket-remove-prize-${i}`} onClick={() => props.onRemove('prizes', i)}>
                  ✕
                </button>
              </td>
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
