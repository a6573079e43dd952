/**
 * A central-feed entry (`central.feed`) as one sentence (#25: it read as glued fields, "type état de
 * carnet · carnet … · état reçu"): "Carnet 213-001-01-00003 activé", "Jeu Millionnaire suspendu par la
 * loterie (motif : …)". The kinds are those main/services/sync/pull.ts journals; any other, or a
 * payload without what its kind needs, gives null and the caller shows its fields.
 */
import { gameName, shortened } from '../../format.js';
import { textOf, type Translate } from '../../i18n/index.js';

const MAX_REASON = 60;

const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
/** A key's fingerprint, as the journal shows digests: its first 12 hexadecimal digits. */
const fingerprint = (v: unknown): string => {
  const s = str(v);
  return s ? `${s.slice(0, 12)}…` : '?';
};

/** `sentence (motif : reason)` when central said why, else the sentence alone. */
function because(t: Translate, sentence: string, reason: unknown): string {
  const r = str(reason);
  return r ? t('journal.feed.because', { what: sentence, reason: shortened(r, MAX_REASON) }) : sentence;
}

function packState(p: Record<string, unknown>, t: Translate): string | null {
  const pack = str(p.pack);
  const state = str(p.state);
  if (!pack || !state) return null;
  if (state === 'settled') {
    const why = str(p.settle_reason);
    const sentence = t('journal.feed.pack.settled', { pack });
    return why ? `${sentence} (${textOf(t, `journal.feed.settle.${why}`, undefined, why)})` : sentence;
  }
  return textOf(t, `journal.feed.pack.${state}`, { pack }, t('journal.feed.pack.other', { pack, state }));
}

function stopList(p: Record<string, unknown>, t: Translate): string | null {
  const pack = str(p.pack);
  const action = str(p.action);
  if (!pack || (action !== 'add' && action !== 'remove')) return null;
  const status = str(p.status);
  if (status === 'refused') return t('journal.feed.stop.refused', { pack });
  if (status === 'unchanged') return t(action === 'add' ? 'journal.feed.stop.add.unchanged' : 'journal.feed.stop.remove.unchanged', { pack });
  return because(t, t(action === 'add' ? 'journal.feed.stop.add' : 'journal.feed.stop.remove', { pack }), p.reason);
}

function outcomeFile(p: Record<string, unknown>, t: Translate): string | null {
  const game = str(p.game);
  const emission = num(p.emission);
  const block = num(p.block);
  const status = str(p.status);
  if (!game || emission === null || block === null || !status) return null;
  const vars = { game: gameName(game), emission, block };
  if (status === 'imported') return t('journal.feed.block.imported', vars);
  if (status === 'already-imported') return t('journal.feed.block.already', vars);
  if (status === 'refused') {
    const why = str(p.reason);
    const sentence = t('journal.feed.block.refused', vars);
    return why ? `${sentence} (${textOf(t, `journal.feed.refusal.${why}`, undefined, shortened(why, MAX_REASON))})` : sentence;
  }
  return null;
}

function key(p: Record<string, unknown>, t: Translate, kind: 'certificate' | 'revocation'): string | null {
  const status = str(p.status);
  if (!str(p.fingerprint) || !status) return null;
  const fp = fingerprint(p.fingerprint);
  if (kind === 'certificate') {
    const role = textOf(t, `journal.feed.role.${str(p.role) ?? ''}`, undefined, str(p.role) ?? '?');
    if (status === 'applied') return t('journal.feed.key.trusted', { role, fp });
    if (status === 'unchanged') return t('journal.feed.key.trusted.unchanged', { role, fp });
    if (status === 'refused') return t('journal.feed.key.trusted.refused', { fp });
    return null;
  }
  if (status === 'applied') return because(t, t('journal.feed.key.revoked', { fp }), p.reason);
  if (status === 'unchanged') return t('journal.feed.key.revoked.unchanged', { fp });
  if (status === 'refused') return t('journal.feed.key.revoked.refused', { fp });
  return null;
}

/** The sentence of a `central.feed` payload in the screen's language, or null for a kind it does not know. */
export function feedSentence(payload: Record<string, unknown>, t: Translate): string | null {
  switch (payload.kind) {
    case 'pack_state':
      return packState(payload, t);
    case 'stop_list':
      return stopList(payload, t);
    case 'outcome_file':
      return outcomeFile(payload, t);
    case 'key_certificate':
      return key(payload, t, 'certificate');
    case 'key_revocation':
      return key(payload, t, 'revocation');
    case 'central_ca':
      if (payload.status === 'refused') return t('journal.feed.ca.refused');
      return Array.isArray(payload.fingerprints) ? because(t, t('journal.feed.ca.updated', { n: payload.fingerprints.length }), payload.reason) : null;
    case 'terminal_status':
      if (typeof payload.enabled !== 'boolean') return null;
      return payload.enabled ? t('journal.feed.terminal.enabled') : because(t, t('journal.feed.terminal.disabled'), payload.reason);
    case 'game_status': {
      const game = str(payload.game);
      if (!game || typeof payload.enabled !== 'boolean') return null;
      return because(t, t(payload.enabled ? 'journal.feed.game.enabled' : 'journal.feed.game.disabled', { game: gameName(game) }), payload.reason);
    }
    default:
      return null;
  }
}
