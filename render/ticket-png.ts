/** Rasterises a ticket picture to PNG with resvg, using the DejaVu fonts loaded from their files. */
import { Resvg } from '@resvg/resvg-js';
import { renderTicketSvg } from './ticket-svg.js';
import { FONT_SANS } from './svg.js';
import type { TicketPicture } from './types.js';

const FONT_DIR = '/usr/share/fonts/truetype/dejavu';
export const FONT_FILES: readonly string[] = [
  `${FONT_DIR}/DejaVuSans.ttf`,
  `${FONT_DIR}/DejaVuSans-Bold.ttf`,
  `${FONT_DIR}/DejaVuSansMono.ttf`,
  `${FONT_DIR}/DejaVuSansMono-Bold.ttf`,
];

/** Rasterises any SVG document at its own size on a white background with the DejaVu fonts. */
export function svgToPng(svg: string): Buffer {
  const resvg = new Resvg(svg, {
    background: '#ffffff',
    font: { loadSystemFonts: false, fontFiles: [...FONT_FILES], defaultFontFamily: FONT_SANS },
  });
  return resvg.render().asPng();
}

/** The PNG picture of one unit (see `renderTicketSvg`); checks its input the same way. */
export function renderTicketPng(input: TicketPicture): Buffer {
  return svgToPng(renderTicketSvg(input));
}
