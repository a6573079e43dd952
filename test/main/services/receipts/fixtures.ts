import type { ClaimReceipt, PayoutReceipt, ReceiptHeader, ReportReceipt, SaleReceipt, StatementReceipt, TestPage, VoidReceipt } from '../../../../main/services/receipts/types.js';

export const HEADER: ReceiptHeader = {
  terminalId: 'T-0042',
  operator: 'Élodie',
  time: '2025-03-01T14:05:09Z',
  receiptNumber: '000123',
  duplicate: false,
  reprintCount: 0,
};

export const PAYOUT: PayoutReceipt = {
  ...HEADER,
  kind: 'payout',
  reference: 'PAY-2025-000123',
  gameName: '2013 Année de la chance',
  ticket: '002-0012345-012',
  amountCents: 100000,
};

export const CLAIM: ClaimReceipt = {
  ...HEADER,
  kind: 'claim',
  reference: 'CLM-2025-000007',
  gameName: 'Millionnaire',
  ticket: '003-0000001-001',
  amountCents: 100_000_000,
  payoutLimitCents: 500_000,
};

export const SALE: SaleReceipt = {
  ...HEADER,
  kind: 'sale',
  items: [
    { description: 'Millionnaire', quantity: 2, unitPriceCents: 1000 },
    { description: 'Happy 2014', quantity: 1, unitPriceCents: 300 },
  ],
  totalCents: 2300,
  tenderedCents: 5000,
  changeCents: 2700,
};

export const VOID: VoidReceipt = {
  ...HEADER,
  kind: 'void',
  voidedReceiptNumber: '000120',
  voidedKind: 'sale',
  amountCents: 300,
  reason: 'erreur de saisie',
};

export const REPORT_Z: ReportReceipt = {
  ...HEADER,
  kind: 'report',
  report: 'Z',
  zNumber: 12,
  periodStart: '2025-03-01T06:00:00Z',
  periodEnd: '2025-03-01T19:00:00Z',
  sales: { count: 1200, amountCents: 1_234_500 },
  payouts: { count: 30, amountCents: 45_600 },
  claims: { count: 1, amountCents: 4_000_000 },
  voids: { count: 2, amountCents: 600 },
  drawerOpenings: 44,
  expectedCashCents: 1_188_300,
  byGame: [{ gameName: 'Millionnaire', sales: { count: 50, amountCents: 50_000 }, payouts: { count: 10, amountCents: 20_000 } }],
};

export const TEST_PAGE: TestPage = {
  ...HEADER,
  kind: 'test-page',
  printerUri: 'tcp://127.0.0.1:9100',
  printerStatus: { online: true, coverOpen: false, paperOut: false, paperLow: true, reported: true, detail: 'paper low' },
  softwareVersion: '0.1.0',
};

/** A retailer's weekly statement as central computes it (figures consistent: net sales, commissions, amount due). */
export const STATEMENT: StatementReceipt = {
  ...HEADER,
  receiptNumber: '2026-W49',
  kind: 'statement',
  retailer: 'Tabac de la Gare',
  week: '2026-W49',
  periodStart: '2026-11-30T00:00:00.000Z',
  periodEnd: '2026-12-07T00:00:00.000Z',
  sales: { count: 40, amountCents: 12_000 },
  voids: { count: 1, amountCents: 300 },
  payouts: { count: 3, amountCents: 2_500 },
  claims: { count: 1, amountCents: 100_000 },
  netSalesCents: 11_700,
  salesCommissionBp: 500,
  cashingCommissionBp: 100,
  salesCommissionCents: 585,
  cashingCommissionCents: 25,
  settledPacks: { count: 0, amountCents: 0 },
  amountDueCents: 8_590,
};
