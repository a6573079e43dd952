/**
 * Central's refusals on the console (console/src/refusal-words.ts): said in the page's language with
 * their facts, times in Paris time, days as dates, tickets as printed, a payment method in words.
 * Before, the page showed central's English sentence with UTC ISO times whatever its language.
 */
import { describe, expect, it } from 'vitest';
import { OpError } from '../../console/src/api.js';
import { translate, type Lang } from '../../console/src/i18n.js';
import { errorText } from '../../console/src/refusal-words.js';

const i18n = (lang: Lang) => ({ lang, t: (k: Parameters<typeof translate>[1], v?: Parameters<typeof translate>[2]) => translate(lang, k, v) });

const paid = new OpError('claim T1/10 was paid on 2026-12-02 (cheque, CHQ 1), recorded by gael at 2026-12-05T23:30:00.000Z: a claim is paid once', 'claim_already_paid', 409, {
  ticket: 'annee-chance-2013/1/1/15',
  claim: 'T1/10',
  paid_on: '2026-12-02',
  method: 'cheque',
  reference: 'CHQ 1',
  recorded_by: 'gael',
  recorded_at: '2026-12-05T23:30:00.000Z',
});

describe('errorText', () => {
  it('says a claim already paid in French, in Paris time, the ticket as printed', () => {
    const text = errorText(paid, i18n('fr'));
    expect(text).toBe('le ticket 213-001-01-00000-015-1 a déjà été payé le 02/12/2026 (chèque, réf. CHQ 1), enregistré par gael le 06/12/2026 00:30:00 : un gain se paie une fois');
    expect(text).not.toMatch(/T\d\d:|Z\b|annee-chance/);
  });

  it('and in English', () => {
    expect(errorText(paid, i18n('en'))).toBe('ticket 213-001-01-00000-015-1 was already paid on 02/12/2026 (cheque, ref. CHQ 1), recorded by gael on 06/12/2026 00:30:00: a prize is paid once');
  });

  it("picks the words of the refusal's rule", () => {
    const late = new OpError('x', 'bad_paid_on', 400, { rule: 'before_filed', paid_on: '2026-11-20', filed_at: '2026-12-01T23:10:00.000Z' });
    expect(errorText(late, i18n('fr'))).toBe('le jour du paiement (20/11/2026) est avant le dépôt de la demande (02/12/2026 00:10:00)');
    const office = new OpError('x', 'ticket_already_paid', 409, { rule: 'office', ticket: 'annee-chance-2013/1/1/15', terminal: 'lottery-office', paid_at: '2026-12-02T10:00:00.000Z' });
    expect(errorText(office, i18n('en'))).toBe('ticket 213-001-01-00000-015-1 was already paid on 02/12/2026 11:00:00 by the lottery’s office: do not pay');
  });

  it('says a folder that is no emission in French, with the folder', () => {
    const no = new OpError('/srv/x is not an emission folder (one holding <game>-<emission>-<block>.outcome files)', 'not_emission_folder', 404, { dir: '/srv/x' });
    expect(errorText(no, i18n('fr'))).toBe('« /srv/x » n’est pas un dossier d’émission : il y faut les fichiers <jeu>-<émission>-<bloc>.outcome d’une émission créée et signée');
  });

  it("keeps central's sentence and reason for a refusal it has no words for, or without the page's language", () => {
    const other = new OpError('terminal T9 is not registered', 'no_such_terminal', 404);
    expect(errorText(other, i18n('fr'))).toBe('terminal T9 is not registered (no_such_terminal)');
    expect(errorText(paid)).toMatch(/\(claim_already_paid\)$/);
    expect(errorText(new Error('network down'), i18n('fr'))).toBe('network down');
  });
  it('says which roles an act takes in words, not the operation code', () => {
    const no = new OpError('ana (support) may not run stoplist.add: it takes a security or administrator operator', 'forbidden', 403, { actor: 'ana', needed: 'security' });
    expect(errorText(no, i18n('fr'))).toBe('vos rôles ne permettent pas cet acte : il y faut un opérateur sécurité (ou un administrateur)');
    const two = new OpError('x', 'forbidden', 403, { actor: 'ana', needed: 'finance,support' });
    expect(errorText(two, i18n('en'))).toBe('your roles do not allow this act: it takes a finance or support operator (or an administrator)');
    expect(errorText(two, i18n('fr'))).not.toMatch(/stoplist|\(forbidden\)/);
  });

  it('says when a proposal expired in Paris time, and what is wrong with a pack number', () => {
    const expired = new OpError('x', 'proposal_expired', 409, { id: 7, expired_at: '2026-12-05T23:30:00.000Z' });
    expect(errorText(expired, i18n('fr'))).toBe('la proposition n° 7 a expiré le 06/12/2026 00:30:00 : proposez-la de nouveau');
    const junk = new OpError('x', 'bad_pack', 400, { text: 'carnet 12', rule: 'format' });
    expect(errorText(junk, i18n('en'))).toBe('“carnet 12” is not a pack number GGG-EEE-BB-PPPPP of a known game (for example 213-001-01-00009)');
    const beyond = new OpError('x', 'bad_pack', 400, { game: 'Année Chance', packs: 100, last: '00099', pack: '00100', rule: 'beyond' });
    expect(errorText(beyond, i18n('fr'))).toBe('un bloc de Année Chance a 100 carnets (00000 à 00099) : pas de carnet 00100');
  });

  it("keeps central's sentence when a fact its words name is missing", () => {
    const bare = new OpError('proposal #7 is already approved', 'proposal_decided', 409);
    expect(errorText(bare, i18n('fr'))).toBe('proposal #7 is already approved (proposal_decided)');
  });

  it('says an exception closed twice: which one, since when in Paris time, by whom', () => {
    const twice = new OpError('payout exception 7 was closed at 2026-12-05T23:30:00.000Z by fin: done', 'already_closed', 409, { id: 7, closed_at: '2026-12-05T23:30:00.000Z', by: 'fin' });
    expect(errorText(twice, i18n('fr'))).toMatch(/^l’exception n° 7 est déjà close, depuis le 06\/12\/2026.*00:30.*, par fin$/);
    expect(errorText(twice, i18n('en'))).toMatch(/^exception no\. 7 is already closed, since 06\/12\/2026.*00:30.*, by fin$/);
  });
});
