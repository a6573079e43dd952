/** Receipt paper: characters per line in font A (12 × 24 dots) and printable dots per line. */
export interface Paper {
  readonly name: '80mm' | '58mm';
  readonly columns: number;
  readonly dots: number;
}

export const PAPER_80MM: Paper = { name: '80mm', columns: 48, dots: 576 };
export const PAPER_58MM: Paper = { name: '58mm', columns: 32, dots: 384 };

/** The paper for a name; 80 mm when left out. */
export function paperByName(name: string | undefined): Paper {
  if (name === undefined || name === '80mm' || name === '80') return PAPER_80MM;
  if (name === '58mm' || name === '58') return PAPER_58MM;
  throw new RangeError(`unknown paper width '${name}' (use 80mm or 58mm)`);
}
