/**
 * Proposals shown to the operator who decides them (issue 41 #16): a stop-list removal and a claim's
 * payment said in words on their own pages (never `stoplist.remove {"pack":…}`), who proposed them,
 * when and why, approve and reject offered only to an operator who may run the act; and what the
 * approval did, said after it.
 */
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { ProposalsView } from '../../common/console/proposals.js';
import { money } from '../../console/src/format.js';
import { I18nContext, translate, type Lang } from '../../console/src/i18n.js';
import { MayContext } from '../../console/src/may.js';
import { ProposalList, type Decide } from '../../console/src/pending-proposals.js';
import { approvalWords, proposalWords } from '../../console/src/proposal-words.js';

const words = (lang: Lang) => ({ lang, t: (k: Parameters<typeof translate>[1], v?: Parameters<typeof translate>[2]) => translate(lang, k, v) });

const proposal = (id: number, op: string, args: Record<string, unknown>): ProposalsView[number] => ({
  id,
  op,
  args,
  proposer: 'sec1',
  reason: 'retrouvé au dépôt',
  proposed_at: '2026-12-02T09:00:00.000Z',
  expires_at: '2026-12-03T09:00:00.000Z',
  status: 'proposed',
  decided_by: null,
  decided_at: null,
  decision_reason: null,
  result: null,
  error: null,
});

const REMOVAL = proposal(7, 'stoplist.remove', { pack: '213-001-01-00042', reason: 'retrouvé au dépôt' });
const PAYMENT = proposal(8, 'claims.pay', {
  terminal: 'T1',
  seq: 12,
  winner: { name: 'Jeanne Martin', id_kind: 'passport', id_number: '12AB34567' },
  payment: { method: 'bank_transfer', reference: 'VIR-991', paid_on: '2026-12-01' },
  reason: 'gros lot',
});

function render(lang: Lang, may: readonly string[]): string {
  const none: Decide = { approve: () => Promise.resolve(''), reject: () => Promise.resolve('') };
  const html = renderToString(
    <I18nContext.Provider value={{ ...words(lang), setLang: () => undefined }}>
      <MayContext.Provider value={new Set(may)}>
        <ProposalList proposals={[REMOVAL, PAYMENT]} decide={none} />
      </MayContext.Provider>
    </I18nContext.Provider>,
  );
  return html.replace(/<[^>]+>/g, ' ').replace(/&#x27;|&#39;/g, "'").replace(/\s+/g, ' ').trim();
}

describe('proposals in words', () => {
  it('says a stop-list removal and a claim payment in French, never as code and JSON', () => {
    expect(proposalWords(REMOVAL, words('fr'))).toBe('Lever l’opposition du carnet 213-001-01-00042');
    expect(proposalWords(PAYMENT, words('fr'))).toBe('Payer la réclamation du terminal T1, entrée 12, à Jeanne Martin : virement bancaire, réf. VIR-991, le 01/12/2026');
    expect(proposalWords(PAYMENT, words('en'))).toBe('Pay the claim of terminal T1, entry 12, to Jeanne Martin: bank transfer, ref. VIR-991, on 01/12/2026');
  });

  it('lists them on their page with who proposed them, when and why; decided only by whoever may run the act', () => {
    const security = render('fr', ['proposal.approve', 'stoplist.remove']);
    expect(security).toContain('Propositions en attente d’un second opérateur');
    expect(security).toContain('Lever l’opposition du carnet 213-001-01-00042 Proposition n° 7, par sec1 le 02/12/2026 10:00:00 : retrouvé au dépôt');
    expect(security).not.toMatch(/stoplist\.remove|claims\.pay|\{"/);
    expect(security.match(/Approuver/g)).toHaveLength(1);
    const auditor = render('fr', []);
    expect(auditor).not.toContain('Approuver');
  });

  it('says what an approval did', () => {
    expect(approvalWords(REMOVAL, { ok: true }, words('fr'))).toBe('Proposition n° 7 approuvée : le carnet 213-001-01-00042 n’est plus en opposition.');
    const paid = { ticket: 'annee-chance-2013/1/1/15', amount_cents: 150_000, winner: { name: 'Jeanne Martin' } };
    expect(approvalWords(PAYMENT, paid, words('fr'))).toBe(`Proposition n° 8 approuvée : la réclamation du ticket 213-001-01-00000-015-1 est payée, ${money(150_000, 'fr')} à Jeanne Martin.`);
    expect(approvalWords(proposal(9, 'game.suspend', { game: 'happy-2014', reason: 'x' }), {}, words('fr'))).toBe('Proposition n° 9 approuvée et faite : game.suspend (game: happy-2014).');
  });
});
