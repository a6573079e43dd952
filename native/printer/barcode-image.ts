// Barcodes are drawn by bwip-js and printed as raster images, so every printer prints the same bars.
import bwipjs from 'bwip-js';
import pngjs from 'pngjs';

/** Pixels as the receipt encoder takes them (the shape of the DOM's ImageData). */
export interface RgbaImage {
  readonly data: Uint8ClampedArray;
  readonly width: number;
  readonly height: number;
}

/** Bar height in bwip-js millimetres (at 72 dpi); about 9 mm on a 203 dpi printer at scale 2. */
const BAR_HEIGHT = 12;

/**
 * Draws a Code 128 barcode no wider than `maxWidth` dots, with the widest whole-dot module that fits
 * (3, 2, then 1 dot) and a quiet zone. Throws a RangeError when the value is empty or too long to fit.
 */
export async function code128Image(value: string, maxWidth: number): Promise<RgbaImage> {
  if (value.length === 0) throw new RangeError('a barcode needs a value');
  if (!/^[\x20-\x7e]+$/.test(value)) throw new RangeError(`barcode value '${value}' must be printable ASCII`);
  for (const scale of [3, 2, 1]) {
    const png = await bwipjs.toBuffer({
      bcid: 'code128',
      text: value,
      scale,
      height: BAR_HEIGHT * (2 / scale),
      includetext: false,
      paddingwidth: 10,
      backgroundcolor: 'FFFFFF',
    });
    const image = pngjs.PNG.sync.read(png);
    if (image.width <= maxWidth) {
      return { data: new Uint8ClampedArray(image.data.buffer, image.data.byteOffset, image.data.length), width: image.width, height: image.height };
    }
  }
  throw new RangeError(`barcode value '${value}' is too long to print on ${maxWidth} dots`);
}
