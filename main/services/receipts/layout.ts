// Turns a receipt document into print layout lines (no ESC/POS here: the printer driver encodes them).
import { dueOf } from '../../../common/statement-due.js';
import { isoWeekText } from '../../../common/week-text.js';
import { euroAmountInWords } from '../../../games/french-words.js';
import { formatCount, formatEuros } from '../../../games/money.js';
import type { LayoutLine, PrintLayout } from '../../devices/print-layout.js';
import { receiptLabels, type ReceiptLabels } from './labels.js';
import type {
  ClaimReceipt,
  PayoutReceipt,
  Receipt,
  ReceiptLanguage,
  ReportReceipt,
  ReportTotal,
  SaleReceipt,
  StatementReceipt,
  TestPage,
  VoidReceipt,
} from './types.js';

export interface ReceiptLayoutOptions {
  /** 'fr' (default) or 'en'. */
  readonly language?: ReceiptLanguage;
  /** IANA time zone the times are shown in (default Europe/Paris). */
  readonly timeZone?: string;
}

/** A receipt document that cannot be printed as it is (the message says which field and why). */
export class ReceiptError extends Error {
  override readonly name = 'ReceiptError';
}

/** The barcode value printed on the test page, so a technician can check a scanner against it. */
export const TEST_PAGE_BARCODE = 'GUICHET-TEST-0123456789';

const UTC_ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?Z$/;

function checkTime(field: string, value: string): void {
  if (!UTC_ISO.test(value) || Number.isNaN(Date.parse(value))) {
    throw new ReceiptError(`receipt ${field} '${value}' is not a UTC ISO time (e.g. 2025-03-01T14:05:00Z)`);
  }
}

/** A UTC ISO time shown as local time: "01/03/2025 15:05:00" (fr), "01/03/2025, 15:05:00" (en). */
export function formatReceiptTime(iso: string, language: ReceiptLanguage = 'fr', timeZone = 'Europe/Paris'): string {
  checkTime('time', iso);
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat(language === 'en' ? 'en-GB' : 'fr-FR', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
  } catch {
    throw new ReceiptError(`unknown time zone '${timeZone}'`);
  }
  return format.format(new Date(iso));
}

function checkHeader(r: Receipt): void {
  for (const field of ['terminalId', 'operator', 'receiptNumber'] as const) {
    if (r[field].trim() === '') throw new ReceiptError(`a ${r.kind} receipt needs a ${field}`);
  }
  checkTime('time', r.time);
  if (!Number.isSafeInteger(r.reprintCount) || r.reprintCount < 0) {
    throw new ReceiptError(`reprintCount must be a whole number ≥ 0, not ${r.reprintCount}`);
  }
  if (r.duplicate !== r.reprintCount > 0) {
    throw new ReceiptError(
      r.duplicate ? 'a duplicate must have a reprintCount of at least 1' : `reprintCount is ${r.reprintCount} but the receipt is not marked duplicate`,
    );
  }
}

const BIG = { bold: true, width: 2, height: 2 } as const;

function header(r: Receipt, title: string, l: ReceiptLabels, o: Required<ReceiptLayoutOptions>): LayoutLine[] {
  const lines: LayoutLine[] = [{ type: 'text', text: title, align: 'center', style: BIG }];
  if (r.duplicate) lines.push({ type: 'text', text: ` ${l.duplicate(r.reprintCount)} `, align: 'center', style: { bold: true, invert: true } });
  lines.push(
    { type: 'blank' },
    { type: 'pair', left: l.terminal, right: r.terminalId },
    { type: 'pair', left: l.operator, right: r.operator },
    { type: 'pair', left: l.date, right: formatReceiptTime(r.time, o.language, o.timeZone) },
    // A statement has no receipt number (it moves no money): its week is printed as its days below.
    ...(r.kind === 'statement' ? [] : [{ type: 'pair' as const, left: l.receiptNumber, right: r.receiptNumber }]),
    { type: 'rule' },
  );
  return lines;
}

function euros(cents: number, o: Required<ReceiptLayoutOptions>): string {
  return formatEuros(cents, { locale: o.language });
}

function checkAmount(field: string, cents: number, allowZero = false): void {
  if (!Number.isSafeInteger(cents) || cents < 0 || (!allowZero && cents === 0)) {
    throw new ReceiptError(`${field} must be a whole number of cents ${allowZero ? '≥ 0' : '> 0'}, not ${cents}`);
  }
}

function checkReference(reference: string): void {
  if (!/^[\x21-\x7e]{1,40}$/.test(reference)) {
    throw new ReceiptError(`reference '${reference}' must be 1–40 printable ASCII characters without spaces (it is printed as a barcode)`);
  }
}

function payout(r: PayoutReceipt, l: ReceiptLabels, o: Required<ReceiptLayoutOptions>): LayoutLine[] {
  checkAmount('amountCents', r.amountCents);
  checkReference(r.reference);
  const lines: LayoutLine[] = [
    { type: 'pair', left: l.game, right: r.gameName },
    { type: 'pair', left: l.ticket, right: r.ticket },
    { type: 'blank' },
    { type: 'text', text: l.amountPaid, align: 'center', style: { bold: true } },
    { type: 'text', text: euros(r.amountCents, o), align: 'center', style: BIG },
  ];
  if (o.language === 'fr' && r.amountCents % 100 === 0) lines.push({ type: 'text', text: euroAmountInWords(r.amountCents), align: 'center' });
  if (r.pendingCentral) lines.push({ type: 'text', text: l.pendingCentral, align: 'center' });
  lines.push({ type: 'rule' }, { type: 'barcode', value: r.reference }, { type: 'blank' }, { type: 'text', text: l.keepReceipt, align: 'center' });
  return lines;
}

function claim(r: ClaimReceipt, l: ReceiptLabels, o: Required<ReceiptLayoutOptions>): LayoutLine[] {
  checkAmount('amountCents', r.amountCents);
  checkAmount('payoutLimitCents', r.payoutLimitCents, true);
  checkReference(r.reference);
  const lines: LayoutLine[] = [
    { type: 'pair', left: l.game, right: r.gameName },
    { type: 'pair', left: l.ticket, right: r.ticket },
  ];
  // The ticket's identity as a barcode, so the lottery scans it back.
  if (/^[\x21-\x7e]{1,40}$/.test(r.ticket)) lines.push({ type: 'barcode', value: r.ticket });
  lines.push({ type: 'pair', left: l.prize, right: euros(r.amountCents, o), style: { bold: true } }, { type: 'blank' });
  if (r.reason === 'central-unreachable') {
    lines.push({ type: 'text', text: l.claimUnreachable });
    const x = r.offlineLimit;
    if (x) {
      const money = x.limit === 'ticket' || x.limit === 'total';
      const fmt = (n: number | undefined): string => (n === undefined ? '' : money ? euros(n, o) : String(n));
      lines.push({ type: 'text', text: l.claimOfflineLimit(x.limit, fmt(x.max), fmt(x.used)) });
    }
    lines.push({ type: 'text', text: l.claimBringBack });
  } else {
    lines.push(
      { type: 'text', text: l.claimOverLimit(euros(r.payoutLimitCents, o)) },
      // One instruction: where to send the form (a second, different one confused players, #25).
      { type: 'rule' },
      { type: 'text', text: l.claimForm, align: 'center', style: { bold: true } },
      { type: 'blank' },
      ...l.claimFormFields.flatMap((f): LayoutLine[] => [{ type: 'text', text: f }, { type: 'blank' }]),
      { type: 'text', text: l.claimSendTo, style: { bold: true } },
      { type: 'text', text: r.sendTo?.trim() ? r.sendTo.trim() : l.claimDefaultAddress },
    );
  }
  lines.push(
    { type: 'blank' },
    { type: 'text', text: l.claimNotAPayment, align: 'center', style: { bold: true } },
    { type: 'rule' },
    { type: 'barcode', value: r.reference },
    { type: 'blank' },
    { type: 'text', text: l.keepReceipt, align: 'center' },
  );
  return lines;
}

function sale(r: SaleReceipt, l: ReceiptLabels, o: Required<ReceiptLayoutOptions>): LayoutLine[] {
  if (r.items.length === 0) throw new ReceiptError('a sale receipt needs at least one item');
  const lines: LayoutLine[] = [];
  let sum = 0;
  for (const item of r.items) {
    if (!Number.isSafeInteger(item.quantity) || item.quantity < 1) {
      throw new ReceiptError(`item '${item.description}': quantity must be a whole number ≥ 1, not ${item.quantity}`);
    }
    checkAmount(`item '${item.description}' unitPriceCents`, item.unitPriceCents, true);
    const lineTotal = item.quantity * item.unitPriceCents;
    sum += lineTotal;
    lines.push(
      { type: 'text', text: item.description },
      { type: 'pair', left: `  ${item.quantity} × ${euros(item.unitPriceCents, o)}`, right: euros(lineTotal, o) },
    );
    // A digital unit's validation barcode: scanned at the counter to pay it, its digits beneath.
    if (item.barcode !== undefined) {
      if (!/^[\x21-\x7e]{1,64}$/.test(item.barcode)) throw new ReceiptError(`item '${item.description}': '${item.barcode}' cannot be printed as a barcode`);
      lines.push({ type: 'barcode', value: item.barcode });
    }
  }
  checkAmount('totalCents', r.totalCents, true);
  if (sum !== r.totalCents) throw new ReceiptError(`the items add up to ${sum} cents but totalCents is ${r.totalCents}`);
  lines.push({ type: 'rule' }, { type: 'pair', left: l.total, right: euros(r.totalCents, o), style: { bold: true, height: 2 } });
  if (r.prizes && r.prizes.length > 0) {
    let prizes = 0;
    for (const p of r.prizes) {
      checkAmount(`prize '${p.description}' amountCents`, p.amountCents, true);
      prizes += p.amountCents;
      lines.push({ type: 'text', text: `${l.basketPrize} ${p.description}` }, { type: 'pair', left: '', right: `-${euros(p.amountCents, o)}` });
    }
    const net = r.totalCents - prizes;
    lines.push({ type: 'pair', left: net >= 0 ? l.basketDue : l.basketToPlayer, right: euros(Math.abs(net), o), style: { bold: true } });
  }
  if (r.tenderedCents !== undefined) {
    checkAmount('tenderedCents', r.tenderedCents, true);
    lines.push({ type: 'pair', left: l.tendered, right: euros(r.tenderedCents, o) });
  }
  if (r.changeCents !== undefined) {
    checkAmount('changeCents', r.changeCents, true);
    lines.push({ type: 'pair', left: l.change, right: euros(r.changeCents, o) });
  }
  if (r.parts && r.parts.length > 0) lines.push({ type: 'text', text: `${l.basketParts} ${r.parts.join(', ')}` });
  lines.push({ type: 'blank' }, { type: 'text', text: l.thanks, align: 'center' });
  return lines;
}

function voided(r: VoidReceipt, l: ReceiptLabels, o: Required<ReceiptLayoutOptions>): LayoutLine[] {
  checkAmount('amountCents', r.amountCents, true);
  if (r.reason.trim() === '') throw new ReceiptError('a void receipt needs a reason');
  return [
    { type: 'pair', left: l.voidedReceipt, right: r.voidedReceiptNumber },
    { type: 'pair', left: l.voidedOperation, right: l.voidedKinds[r.voidedKind] },
    ...(r.tickets ? [{ type: 'text' as const, text: l.voidedTickets }, ...r.tickets.map((text) => ({ type: 'text' as const, text: `  ${text}` }))] : []),
    { type: 'pair', left: l.amount, right: euros(r.amountCents, o), style: { bold: true } },
    { type: 'text', text: `${l.reason} : ${r.reason}` },
  ];
}

function total(label: string, t: ReportTotal, o: Required<ReceiptLayoutOptions>, style?: { bold: true }): LayoutLine {
  if (!Number.isSafeInteger(t.count) || t.count < 0) throw new ReceiptError(`${label}: count must be a whole number ≥ 0, not ${t.count}`);
  checkAmount(`${label} amountCents`, t.amountCents, true);
  return { type: 'pair', left: `${label} (${formatCount(t.count, o.language)})`, right: euros(t.amountCents, o), ...(style ? { style } : {}) };
}

function report(r: ReportReceipt, l: ReceiptLabels, o: Required<ReceiptLayoutOptions>): LayoutLine[] {
  checkTime('periodStart', r.periodStart);
  checkTime('periodEnd', r.periodEnd);
  if (Date.parse(r.periodEnd) < Date.parse(r.periodStart)) throw new ReceiptError('the report period ends before it starts');
  if (r.report === 'Z' && (r.zNumber === undefined || !Number.isSafeInteger(r.zNumber) || r.zNumber < 1)) {
    throw new ReceiptError('a Z report needs its closing number (zNumber ≥ 1)');
  }
  if (!Number.isSafeInteger(r.expectedCashCents)) throw new ReceiptError(`expectedCashCents must be a whole number of cents, not ${r.expectedCashCents}`);
  const lines: LayoutLine[] = [];
  if (r.report === 'Z') lines.push({ type: 'pair', left: l.zNumber, right: String(r.zNumber), style: { bold: true } });
  lines.push(
    { type: 'pair', left: l.periodFrom, right: formatReceiptTime(r.periodStart, o.language, o.timeZone) },
    { type: 'pair', left: l.periodTo, right: formatReceiptTime(r.periodEnd, o.language, o.timeZone) },
    { type: 'text', text: r.report === 'X' ? l.reportXNote : l.reportZNote },
    { type: 'rule' },
    total(l.sales, r.sales, o),
    total(l.payouts, r.payouts, o),
    total(l.claims, r.claims, o),
    total(l.voids, r.voids, o),
    { type: 'pair', left: l.drawerOpenings, right: formatCount(r.drawerOpenings, o.language) },
    { type: 'rule' },
    { type: 'pair', left: l.expectedCash, right: euros(r.expectedCashCents, o), style: { bold: true } },
  );
  if (r.byGame && r.byGame.length > 0) {
    lines.push({ type: 'rule' }, { type: 'text', text: l.byGame, style: { bold: true } });
    for (const g of r.byGame) {
      lines.push({ type: 'text', text: g.gameName, style: { underline: true } }, total(`  ${l.sales}`, g.sales, o), total(`  ${l.payouts}`, g.payouts, o));
    }
  }
  return lines;
}

function statement(r: StatementReceipt, l: ReceiptLabels, o: Required<ReceiptLayoutOptions>): LayoutLine[] {
  checkTime('periodStart', r.periodStart);
  checkTime('periodEnd', r.periodEnd);
  for (const [f, v] of [['netSalesCents', r.netSalesCents], ['amountDueCents', r.amountDueCents], ['salesCommissionCents', r.salesCommissionCents], ['cashingCommissionCents', r.cashingCommissionCents]] as const) {
    if (!Number.isSafeInteger(v)) throw new ReceiptError(`${f} must be a whole number of cents, not ${v}`);
  }
  const pct = (bp: number): string => `${(bp / 100).toLocaleString(o.language === 'en' ? 'en-GB' : 'fr-FR', { maximumFractionDigits: 2 })} %`;
  const signed = (cents: number): string => (cents < 0 ? `-${euros(-cents, o)}` : euros(cents, o));
  const due = dueOf(r.amountDueCents);
  return [
    { type: 'pair', left: l.retailer, right: r.retailer },
    // The week as its days, and who owes whom in words with the amount unsigned, as the screen says them (#25).
    { type: 'pair', left: l.week, right: isoWeekText(r.week, o.language) },
    { type: 'pair', left: l.periodFrom, right: formatReceiptTime(r.periodStart, o.language, o.timeZone) },
    { type: 'pair', left: l.periodTo, right: formatReceiptTime(r.periodEnd, o.language, o.timeZone) },
    { type: 'rule' },
    total(l.sales, r.sales, o),
    total(l.voids, r.voids, o),
    { type: 'pair', left: l.netSales, right: signed(r.netSalesCents) },
    total(l.payouts, r.payouts, o),
    total(l.claims, r.claims, o),
    { type: 'pair', left: l.commissionSales(pct(r.salesCommissionBp)), right: signed(r.salesCommissionCents) },
    { type: 'pair', left: l.commissionCashing(pct(r.cashingCommissionBp)), right: signed(r.cashingCommissionCents) },
    total(l.settledPacks, r.settledPacks, o),
    ...(r.chargebacks && r.chargebacks.count > 0 ? [total(l.chargebacks, r.chargebacks, o)] : []),
    ...(r.adjustmentsCents ? [{ type: 'pair' as const, left: l.adjustments, right: signed(r.adjustmentsCents) }] : []),
    { type: 'rule' },
    { type: 'pair', left: l.amountDue[due.direction], right: euros(due.cents, o), style: { bold: true } },
    { type: 'text', text: l.statementNote },
  ];
}

function testPage(r: TestPage, l: ReceiptLabels): LayoutLine[] {
  const yesNo = (v: boolean): string => (v ? l.yes : l.no);
  const s = r.printerStatus;
  const status: LayoutLine[] = s
    ? [
        { type: 'pair', left: l.online, right: yesNo(s.online) },
        { type: 'pair', left: l.coverOpen, right: yesNo(s.coverOpen) },
        { type: 'pair', left: l.paperOut, right: yesNo(s.paperOut) },
        { type: 'pair', left: l.paperLow, right: yesNo(s.paperLow) },
        { type: 'pair', left: l.reportedByLink, right: yesNo(s.reported) },
        ...(s.detail ? [{ type: 'text', text: s.detail } as const] : []),
      ]
    : [{ type: 'text', text: l.statusUnknown }];
  const st = l.styles;
  return [
    { type: 'pair', left: l.printer, right: r.printerUri },
    { type: 'pair', left: l.software, right: r.softwareVersion },
    { type: 'blank' },
    { type: 'text', text: l.printerStatus, style: { bold: true } },
    ...status,
    { type: 'rule' },
    { type: 'text', text: l.textStyles, style: { bold: true } },
    { type: 'text', text: st.normal },
    { type: 'text', text: st.bold, style: { bold: true } },
    { type: 'text', text: st.underline, style: { underline: true } },
    { type: 'text', text: ` ${st.invert} `, style: { invert: true } },
    { type: 'text', text: st.doubleWidth, style: { width: 2 } },
    { type: 'text', text: st.doubleHeight, style: { height: 2 } },
    { type: 'text', text: st.doubleSize, style: { width: 2, height: 2 } },
    { type: 'text', text: st.left, align: 'left' },
    { type: 'text', text: st.center, align: 'center' },
    { type: 'text', text: st.right, align: 'right' },
    { type: 'text', text: `${l.characters} : àâçéèêëîïôùûüÿœ ÀÇÉÈÊÔŒ €«»°’` },
    { type: 'text', text: '0123456789 ABCDEFGHIJKLMNOPQRSTUVWXYZ' },
    { type: 'rule', double: true },
    { type: 'text', text: l.barcode, style: { bold: true } },
    { type: 'barcode', value: TEST_PAGE_BARCODE },
    { type: 'rule', double: true },
    { type: 'text', text: l.endOfTest, align: 'center' },
  ];
}

/**
 * The print layout of a receipt: header (title, duplicate mark, terminal, operator, local time,
 * receipt number), then the body of its kind. Throws a {@link ReceiptError} when the document is
 * inconsistent (bad time, negative amount, items not adding up to the total, …).
 */
export function receiptLayout(receipt: Receipt, options: ReceiptLayoutOptions = {}): PrintLayout {
  const o: Required<ReceiptLayoutOptions> = { language: options.language ?? 'fr', timeZone: options.timeZone ?? 'Europe/Paris' };
  checkHeader(receipt);
  const l = receiptLabels(o.language);
  let title: string;
  let body: LayoutLine[];
  switch (receipt.kind) {
    case 'payout':
      title = l.titles.payout;
      body = payout(receipt, l, o);
      break;
    case 'claim':
      title = l.titles.claim;
      body = claim(receipt, l, o);
      break;
    case 'sale':
      title = l.titles.sale;
      body = sale(receipt, l, o);
      break;
    case 'void':
      title = l.titles.void;
      body = voided(receipt, l, o);
      break;
    case 'report':
      title = receipt.report === 'X' ? l.titles.reportX : l.titles.reportZ;
      body = report(receipt, l, o);
      break;
    case 'statement':
      title = l.titles.statement;
      body = statement(receipt, l, o);
      break;
    case 'test-page':
      title = l.titles.testPage;
      body = testPage(receipt, l);
      break;
  }
  return { lines: [...header(receipt, title, l, o), ...body], cut: true };
}
