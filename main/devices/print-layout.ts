// A printed document as a list of lines, independent of ESC/POS: `main/services/receipts` builds it,
// the printer drivers encode it for their paper width.

export type LayoutAlign = 'left' | 'center' | 'right';

export interface TextStyle {
  readonly bold?: boolean;
  readonly underline?: boolean;
  /** White on black. */
  readonly invert?: boolean;
  /** Character width multiplier (1 or 2). */
  readonly width?: 1 | 2;
  /** Character height multiplier (1 or 2). */
  readonly height?: 1 | 2;
}

export type LayoutLine =
  /** Text, wrapped at the paper width. */
  | { readonly type: 'text'; readonly text: string; readonly align?: LayoutAlign; readonly style?: TextStyle }
  /** A label on the left and a value on the right of the same line (on two lines when too long). */
  | { readonly type: 'pair'; readonly left: string; readonly right: string; readonly style?: TextStyle }
  /** A full-width separator. */
  | { readonly type: 'rule'; readonly double?: boolean }
  /** A Code 128 barcode printed as a raster image, centred, with its text beneath. */
  | { readonly type: 'barcode'; readonly value: string; readonly caption?: string }
  /** Empty lines. */
  | { readonly type: 'blank'; readonly lines?: number };

export interface PrintLayout {
  readonly lines: readonly LayoutLine[];
  /** Cut the paper at the end (default true). */
  readonly cut?: boolean;
}
