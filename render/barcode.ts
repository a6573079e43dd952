/** Code 128 barcodes drawn by bwip-js, as SVG blocks on a white ground with quiet zones. */
import bwipjs from 'bwip-js';
import type { Block } from './svg.js';

/** Pixels per bar module: whole pixels keep every bar edge crisp once rasterised. */
const MODULE_PX = 2;
/** Quiet zone each side, in modules (Code 128 asks for at least 10). */
const QUIET_MODULES = 12;
const VERTICAL_PAD = 8;

/**
 * A Code 128 barcode of `content` with its human-readable text beneath, on white, as a block whose
 * size is a whole number of pixels. Throws bwip-js's error for content Code 128 cannot hold.
 */
export function code128Block(content: string, barHeightMm = 14): Block {
  const svg = bwipjs.toSVG({
    bcid: 'code128',
    text: content,
    scale: MODULE_PX,
    height: barHeightMm,
    includetext: true,
    textxalign: 'center',
    textsize: 10,
    textyoffset: -3,
  });
  const viewBox = /viewBox="0 0 (\d+(?:\.\d+)?) (\d+(?:\.\d+)?)"/.exec(svg);
  if (!viewBox) throw new Error('bwip-js returned an SVG without a viewBox');
  const innerW = Math.ceil(Number(viewBox[1]));
  const innerH = Math.ceil(Number(viewBox[2]));
  const inner = svg.replace(/^[\s\S]*?<svg[^>]*>/, '').replace(/<\/svg>\s*$/, '');
  const quiet = QUIET_MODULES * MODULE_PX;
  const width = innerW + 2 * quiet;
  const height = innerH + 2 * VERTICAL_PAD;
  return {
    width,
    height,
    svg:
      `<rect x="0" y="0" width="${width}" height="${height}" fill="#ffffff"/>` +
      `<g transform="translate(${quiet} ${VERTICAL_PAD})">${inner}</g>`,
  };
}
