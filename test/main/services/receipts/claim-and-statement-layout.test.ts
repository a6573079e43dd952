/** The claim form, the claim receipt of a winner refused for want of central, and the retailer's statement, on paper in both languages. */
import { describe, expect, it } from 'vitest';
import type { LayoutLine } from '../../../../main/devices/print-layout.js';
import { receiptLayout, ReceiptError } from '../../../../main/services/receipts/layout.js';
import type { ClaimReceipt } from '../../../../main/services/receipts/types.js';
import { CLAIM, STATEMENT } from './fixtures.js';

const text = (lines: readonly LayoutLine[]): string =>
  lines.map((l) => (l.type === 'text' ? l.text : l.type === 'pair' ? `${l.left} | ${l.right}` : l.type === 'barcode' ? `[${l.value}]` : '')).join('\n');

const nbsp = (s: string): string => s.replace(/[\u00a0\u202f]/g, ' ');

const UNREACHABLE: ClaimReceipt = { ...CLAIM, amountCents: 2_000, reason: 'central-unreachable', offlineLimit: { limit: 'total', max: 30_000, used: 29_500 } };

describe('claim form and claim receipt', () => {
  it('above the payout limit: the ticket as a barcode, the name and ID fields, where to send it', () => {
    const en = text(receiptLayout({ ...CLAIM, sendTo: 'Lottery prize dept, 1 rue X, Paris' }, { language: 'en' }).lines);
    expect(en).toContain(`[${CLAIM.ticket}]`);
    expect(en).toContain('CLAIM FORM');
    expect(en).toMatch(/Full name: _+\n\nID document no\.: _+/);
    expect(en).toContain('Fill in this form and send it, with the original ticket, to:\nLottery prize dept, 1 rue X, Paris');
    // One place to take it, not two (#25): no "bring it to a prize centre" beside "send it to".
    expect(en).not.toMatch(/prize centre|payment centre/i);
    const fr = text(receiptLayout(CLAIM, { language: 'fr' }).lines);
    expect(fr).toContain('FORMULAIRE DE RÉCLAMATION');
    expect(fr).toMatch(/Pièce d’identité n° : _+/);
    expect(fr).toContain('Service des gains de la loterie');
    expect(fr).not.toMatch(/centre de paiement/);
    expect(fr.match(/envoy|présentez|apportez/gi)?.length).toBe(1);
  });

  it('central unreachable: the limit reached, in words and figures, and no claim form', () => {
    const en = text(receiptLayout(UNREACHABLE, { language: 'en' }).lines);
    expect(en).toContain("The lottery's central does not answer and the offline limit is reached");
    expect(en).toContain('€295.00 already paid offline since the last contact (at most €300.00).');
    expect(en).toContain('Bring this receipt back with the original ticket');
    expect(en).not.toContain('CLAIM FORM');
    const fr = text(receiptLayout({ ...UNREACHABLE, offlineLimit: { limit: 'count', max: 20, used: 20 } }, { language: 'fr' }).lines);
    expect(fr).toContain('Déjà 20 tickets payés hors ligne depuis le dernier contact (au plus 20).');
    expect(fr).toContain('CE REÇU N’EST PAS UN PAIEMENT');
  });
});

describe("the retailer's statement", () => {
  it('prints the week as its days, the figures, the commissions with their rates and who owes whom', () => {
    const en = text(receiptLayout(STATEMENT, { language: 'en' }).lines);
    expect(en).toContain('RETAILER STATEMENT');
    // The week as the screen says it (#25: "Week 2026-W49"), nowhere as YYYY-Www.
    expect(en).toContain('Week | 30 Nov – 6 Dec 2026');
    expect(en).not.toContain('W49');
    expect(en).toContain('Commission on sales (5 %) | €5.85');
    expect(en).toContain('Commission on cashing (1 %) | €0.25');
    expect(en).toContain('YOU OWE THE LOTTERY | €85.90');
    // The lottery owes the shop: said in words, the amount unsigned (#25: "Montant dû -12,50 €").
    const fr = nbsp(text(receiptLayout({ ...STATEMENT, amountDueCents: -1_250 }, { language: 'fr' }).lines));
    expect(fr).toContain('RELEVÉ DU POINT DE VENTE');
    expect(fr).toContain('Semaine | 30 nov. – 6 déc. 2026');
    expect(fr).not.toContain('W49');
    expect(fr).toContain('LA LOTERIE VOUS DOIT | 12,50 €');
    expect(fr).not.toMatch(/-\s?12,50/);
    expect(nbsp(text(receiptLayout({ ...STATEMENT, amountDueCents: 0 }, { language: 'fr' }).lines))).toContain('RIEN À RÉGLER CETTE SEMAINE | 0,00 €');
    expect(text(receiptLayout({ ...STATEMENT, amountDueCents: 0 }, { language: 'en' }).lines)).toContain('NOTHING TO SETTLE THIS WEEK | €0.00');
  });

  it('refuses a statement with a bad period', () => {
    expect(() => receiptLayout({ ...STATEMENT, periodEnd: 'next week' })).toThrow(ReceiptError);
  });
});
