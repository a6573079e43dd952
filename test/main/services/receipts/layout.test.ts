import { describe, expect, it } from 'vitest';
import type { LayoutLine, PrintLayout } from '../../../../main/devices/print-layout.js';
import { formatReceiptTime, ReceiptError, receiptLayout, TEST_PAGE_BARCODE } from '../../../../main/services/receipts/layout.js';
import { asReprint } from '../../../../main/services/receipts/reprint.js';
import type { Receipt } from '../../../../main/services/receipts/types.js';
import { CLAIM, PAYOUT, REPORT_Z, SALE, TEST_PAGE, VOID } from './fixtures.js';

/** Every printed string of a layout, pairs as "left | right". */
function texts(layout: PrintLayout): string[] {
  return layout.lines.flatMap((l: LayoutLine) =>
    l.type === 'text' ? [l.text] : l.type === 'pair' ? [`${l.left} | ${l.right}`] : l.type === 'barcode' ? [`[${l.value}]`] : [],
  );
}

describe('receipt layout', () => {
  it('puts terminal, operator, local time and receipt number on every kind of receipt', () => {
    for (const receipt of [PAYOUT, CLAIM, SALE, VOID, REPORT_Z, TEST_PAGE] as Receipt[]) {
      const t = texts(receiptLayout(receipt));
      expect(t).toContain('Terminal | T-0042');
      expect(t).toContain('Opérateur | Élodie');
      expect(t).toContain('Date | 01/03/2025 15:05:09');
      expect(t).toContain('Reçu n° | 000123');
      expect(receiptLayout(receipt).cut).toBe(true);
    }
  });

  it('prints the payout amount French style, in words, and its reference as a barcode', () => {
    const t = texts(receiptLayout(PAYOUT));
    expect(t[0]).toBe('PAIEMENT DE GAIN');
    expect(t).toContain('1 000,00 €');
    expect(t).toContain('MILLE EUROS');
    expect(t).toContain('[PAY-2025-000123]');
    expect(t).toContain('Ticket | 002-0012345-012');
  });

  it('explains a claim: the prize, the limit it exceeds, and that it is not a payment', () => {
    const t = texts(receiptLayout(CLAIM));
    expect(t[0]).toBe('GAIN À RÉCLAMER');
    expect(t).toContain('Montant du gain | 1 000 000,00 €');
    expect(t.some((s) => s.includes('(5 000,00 €)'))).toBe(true);
    expect(t).toContain('CE REÇU N’EST PAS UN PAIEMENT');
    expect(t).toContain('[CLM-2025-000007]');
  });

  it('lists sale items and checks they add up to the total', () => {
    const t = texts(receiptLayout(SALE));
    expect(t).toContain('  2 × 10,00 € | 20,00 €');
    expect(t).toContain('TOTAL | 23,00 €');
    expect(t).toContain('Rendu | 27,00 €');
    expect(() => receiptLayout({ ...SALE, totalCents: 2200 })).toThrow(/add up to 2300 cents but totalCents is 2200/);
    expect(() => receiptLayout({ ...SALE, items: [] })).toThrow(ReceiptError);
  });

  it('prints voids and X/Z reports', () => {
    const v = texts(receiptLayout(VOID));
    expect(v).toContain('Reçu annulé n° | 000120');
    expect(v).toContain('Motif : erreur de saisie');
    const z = texts(receiptLayout(REPORT_Z));
    expect(z[0]).toBe('RAPPORT Z');
    expect(z).toContain('Clôture n° | 12');
    expect(z).toContain('Ventes (1 200) | 12 345,00 €');
    expect(z).toContain('Espèces attendues | 11 883,00 €');
    const x = texts(receiptLayout({ ...REPORT_Z, report: 'X', zNumber: undefined }));
    expect(x[0]).toBe('RAPPORT X');
    expect(() => receiptLayout({ ...REPORT_Z, zNumber: undefined })).toThrow(/closing number/);
    expect(() => receiptLayout({ ...REPORT_Z, periodEnd: '2025-02-28T00:00:00Z' })).toThrow(/ends before it starts/);
  });

  it('test page: identity, printer status, every text style and a barcode', () => {
    const layout = receiptLayout(TEST_PAGE);
    const t = texts(layout);
    expect(t).toContain('Imprimante | tcp://127.0.0.1:9100');
    expect(t).toContain('Papier bientôt épuisé | oui');
    expect(t).toContain('Capot ouvert | non');
    expect(t).toContain(`[${TEST_PAGE_BARCODE}]`);
    const styled = layout.lines.filter((l) => l.type === 'text' && l.style).map((l) => (l.type === 'text' ? l.style : undefined));
    expect(styled).toEqual(
      expect.arrayContaining([{ bold: true }, { underline: true }, { invert: true }, { width: 2 }, { height: 2 }, { width: 2, height: 2 }]),
    );
    expect(texts(receiptLayout({ ...TEST_PAGE, printerStatus: null }))).toContain('état non disponible');
  });

  it('marks a reprint as a duplicate with its counter', () => {
    const once = asReprint(PAYOUT);
    const twice = asReprint(once);
    expect(once).toMatchObject({ duplicate: true, reprintCount: 1 });
    expect(texts(receiptLayout(twice))).toContain(' DUPLICATA - réimpression n° 2 ');
    expect(texts(receiptLayout(PAYOUT)).some((s) => s.includes('DUPLICATA'))).toBe(false);
    expect(() => receiptLayout({ ...PAYOUT, duplicate: true })).toThrow(/reprintCount of at least 1/);
    expect(() => receiptLayout({ ...PAYOUT, reprintCount: 3 })).toThrow(/not marked duplicate/);
  });

  it('speaks English when asked', () => {
    const t = texts(receiptLayout(asReprint(SALE), { language: 'en' }));
    expect(t[0]).toBe('SALE');
    expect(t).toContain('TOTAL | €23.00');
    expect(t).toContain('Date | 01/03/2025, 15:05:09');
    expect(t).toContain(' DUPLICATE - reprint no. 1 ');
  });

  it('refuses inconsistent documents with a clear error', () => {
    expect(() => receiptLayout({ ...PAYOUT, time: '2025-03-01 14:05' })).toThrow(/not a UTC ISO time/);
    expect(() => receiptLayout({ ...PAYOUT, time: '2025-03-01T14:05:00+01:00' })).toThrow(/not a UTC ISO time/);
    expect(() => receiptLayout({ ...PAYOUT, amountCents: -5 })).toThrow(/amountCents/);
    expect(() => receiptLayout({ ...PAYOUT, amountCents: 10.5 })).toThrow(/amountCents/);
    expect(() => receiptLayout({ ...PAYOUT, operator: '  ' })).toThrow(/operator/);
    expect(() => receiptLayout({ ...PAYOUT, reference: 'PAY 1' })).toThrow(/printable ASCII/);
    expect(() => receiptLayout(PAYOUT, { timeZone: 'Mars/Olympus' })).toThrow(/unknown time zone/);
  });
});

describe('formatReceiptTime', () => {
  it('shows UTC times in Paris local time, summer and winter', () => {
    expect(formatReceiptTime('2025-01-15T23:30:00Z')).toBe('16/01/2025 00:30:00');
    expect(formatReceiptTime('2025-07-14T10:00:00.000Z')).toBe('14/07/2025 12:00:00');
    expect(formatReceiptTime('2025-07-14T10:00:00Z', 'fr', 'UTC')).toBe('14/07/2025 10:00:00');
  });
});
