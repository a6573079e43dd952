/**
 * The ticket as printed with its winning zones highlighted (VerdictView.picture_svg). Shown as an
 * <img> from a data URL: an image cannot run scripts or reach the page, whatever the SVG holds.
 */
import type { VerdictView } from '../../../../common/api/views.js';
import { useT } from '../../i18n/index.js';
import { noPictureKey, pictureCaptionKey, svgDataUrl } from './verdict-style.js';

export function TicketPicture(props: { verdict: VerdictView }) {
  const t = useT();
  const svg = props.verdict.picture_svg;
  if (!svg) {
    // A hidden code read and refused "did not open" the ticket; only a misread code was "not read".
    const why = t(noPictureKey(props.verdict));
    return (
      <div className="ticket-picture ticket-picture-empty muted" data-testid="ticket-no-picture">
        {why}
      </div>
    );
  }
  return (
    <figure className="ticket-picture card">
      <img src={svgDataUrl(svg)} alt={t('validate.picture')} data-testid="ticket-picture" draggable={false} />
      <figcaption className="muted">{t(pictureCaptionKey(props.verdict))}</figcaption>
    </figure>
  );
}
