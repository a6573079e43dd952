/**
 * The ticket as printed with its winning zones highlighted (VerdictView.picture_svg). Shown as an
 * <img> from a data URL: an image cannot run scripts or reach the page, whatever the SVG holds.
 */
import type { VerdictView } from '../../../../common/api/views.js';
import { useT } from '../../i18n/index.js';
import { svgDataUrl } from './verdict-style.js';

export function TicketPicture(props: { verdict: VerdictView }) {
  const t = useT();
  const svg = props.verdict.picture_svg;
  if (!svg) {
    // Only a hidden code that was read and refused "did not open" the ticket; a misread code opened nothing.
    const why = props.verdict.verdict === 'wrong-code' ? t('validate.noPicture') : t('validate.noPicture.unread');
    return (
      <div className="ticket-picture ticket-picture-empty muted" data-testid="ticket-no-picture">
        {why}
      </div>
    );
  }
  return (
    <figure className="ticket-picture card">
      <img src={svgDataUrl(svg)} alt={t('validate.picture')} data-testid="ticket-picture" draggable={false} />
      <figcaption className="muted">{t('validate.compare')}</figcaption>
    </figure>
  );
}
