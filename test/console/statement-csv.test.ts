/** The statement's CSV export (console/src/statement-csv.ts): quoted cells, formulas made inert, numbers kept. */
import { describe, expect, it } from 'vitest';
import { csvCell } from '../../console/src/statement-csv.js';

describe('statement CSV cells', () => {
  it('quotes every cell and doubles its quotes', () => {
    expect(csvCell('Bar "des" Sports, Nice')).toBe('"Bar ""des"" Sports, Nice"');
    expect(csvCell(4000)).toBe('"4000"');
  });
  it('makes a retailer named like a formula inert, not a negative amount', () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    expect(csvCell('+33 shop')).toBe('"\'+33 shop"');
    expect(csvCell('@SUM(A1)')).toBe('"\'@SUM(A1)"');
    expect(csvCell('-40.00')).toBe('"-40.00"');
    expect(csvCell(-4000)).toBe('"-4000"');
    expect(csvCell('-1+1')).toBe('"\'-1+1"');
  });
});
