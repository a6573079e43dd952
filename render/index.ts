/** Pictures of tickets as printed (paper) or revealed (digital), with both barcodes: SVG and PNG. */
export { renderPlayScreenSvg, renderTicketSvg } from './ticket-svg.js';
export { renderTicketPng, svgToPng } from './ticket-png.js';
export { TicketPictureError, checkPicture } from './check.js';
export type { PlayScreenPicture, TicketPicture, PictureLocale } from './types.js';
