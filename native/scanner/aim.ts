// AIM symbology identifiers (ISO/IEC 15424): `]` + code character + modifier, e.g. `]E0` for EAN-13.

const BY_CODE: Readonly<Record<string, string>> = {
  A: 'Code 39',
  B: 'Telepen',
  C: 'Code 128',
  d: 'Data Matrix',
  D: 'Code One',
  e: 'GS1 DataBar',
  E: 'EAN/UPC',
  F: 'Codabar',
  G: 'Code 93',
  H: 'Code 11',
  I: 'Interleaved 2 of 5',
  J: 'Han Xin',
  K: 'Code 16K',
  L: 'PDF417',
  M: 'MSI',
  N: 'Anker',
  O: 'Codablock',
  P: 'Plessey',
  Q: 'QR Code',
  R: 'Straight 2 of 5 (2-bar)',
  S: 'Straight 2 of 5 (3-bar)',
  T: 'Code 49',
  U: 'MaxiCode',
  X: 'Other',
  z: 'Aztec Code',
  Z: 'Non-barcode',
};

/** Names refined by the modifier where it changes the symbology (not just an option of it). */
const BY_ID: Readonly<Record<string, string>> = {
  ']C1': 'GS1-128',
  ']E0': 'EAN-13',
  ']E1': 'UPC-E',
  ']E3': 'EAN-13 with add-on',
  ']E4': 'EAN-8',
  ']I1': 'Interleaved 2 of 5',
  ']d2': 'GS1 DataMatrix',
  ']Q3': 'GS1 QR Code',
  ']e0': 'GS1 DataBar',
};

/** True when `id` has the shape of an AIM identifier: `]`, a letter, a modifier character. */
export function isAimId(id: string): boolean {
  return /^\][A-Za-z][0-9A-Za-z]$/.test(id);
}

/** The symbology name for an AIM identifier, or undefined when it is not one or is unknown. */
export function symbologyOfAim(id: string): string | undefined {
  if (!isAimId(id)) return undefined;
  return BY_ID[id] ?? BY_CODE[id.charAt(1)];
}
