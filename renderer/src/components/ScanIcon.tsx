/** A barcode drawn in SVG (a font may lack the block glyphs: the icon must never show as a broken glyph). */
const BARS: readonly [number, number][] = [
  [0, 2], [3, 1], [5, 3], [9, 1], [11, 2], [14, 1], [16, 3], [20, 1], [22, 2],
];

export function ScanIcon(props: { className?: string }) {
  return (
    <svg className={props.className ?? 'scan-icon'} data-testid="scan-icon" viewBox="0 0 24 16" width="36" height="24" aria-hidden="true" focusable="false">
      {BARS.map(([x, w]) => (
        <rect key={x} x={x} y={0} width={w} height={16} fill="currentColor" />
      ))}
    </svg>
  );
}
