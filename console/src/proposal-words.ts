/**
 * A proposal under dual control said in words for the operator who decides it (issue 41 #16): what it
 * does (« Lever l’opposition du carnet 213-001-01-00042 », « Payer la réclamation … à … »), never its
 * op code and raw JSON; and what its approval did. An op without words here is said by its code and its
 * arguments as « name: value ».
 */
import { calendarDay, money, ticket } from './format.js';
import { TEXTS, type Lang, type TextKey, type Vars } from './i18n.js';

interface Words {
  lang: Lang;
  t: (key: TextKey, vars?: Vars) => string;
}

type Args = Readonly<Record<string, unknown>>;

const text = (v: unknown): string => (v === undefined || v === null ? '?' : typeof v === 'object' ? JSON.stringify(v) : String(v as string | number | boolean));
const obj = (v: unknown): Args => (v && typeof v === 'object' ? (v as Args) : {});

/** A known value's words (a payment method, an ID document's kind), else the value. */
function known(prefix: string, v: unknown, { lang, t }: Words): string {
  const key = `${prefix}.${text(v)}`;
  return key in TEXTS[lang] ? t(key as TextKey) : text(v);
}

/** What a proposal does, in words. */
export function proposalWords(p: { op: string; args: Args }, w: Words): string {
  const a = p.args;
  switch (p.op) {
    case 'stoplist.remove':
      return w.t('prop.stoplist.remove', { pack: text(a.pack) });
    case 'claims.pay': {
      const winner = obj(a.winner);
      const pay = obj(a.payment);
      return w.t('prop.claims.pay', {
        terminal: text(a.terminal),
        seq: text(a.seq),
        name: text(winner.name),
        method: known('pay', pay.method, w),
        reference: text(pay.reference),
        day: typeof pay.paid_on === 'string' ? calendarDay(pay.paid_on, w.lang) : '?',
      });
    }
    case 'config.set':
      return w.t('prop.config.set', { key: text(a.key), value: text(a.value) });
    case 'publish':
      return w.t('prop.publish', { dir: text(a.dir) });
    case 'exceptions.write-off':
      return w.t('prop.exceptions.write-off', { id: text(a.id) });
    case 'exceptions.charge-back':
      return w.t('prop.exceptions.charge-back', { id: text(a.id) });
    default: {
      const args = Object.entries(a)
        .filter(([k]) => k !== 'reason')
        .map(([k, v]) => `${k}: ${text(v)}`)
        .join(', ');
      return args ? `${p.op} (${args})` : p.op;
    }
  }
}

/** What an approval did, from the proposal and the act's result. */
export function approvalWords(p: { id: number; op: string; args: Args }, result: unknown, w: Words): string {
  const r = obj(result);
  if (p.op === 'stoplist.remove') return w.t('prop.stoplist.removed', { id: p.id, pack: text(p.args.pack) });
  if (p.op === 'claims.pay' && typeof r.ticket === 'string' && typeof r.amount_cents === 'number') {
    return w.t('prop.claims.paid', { id: p.id, ticket: ticket(r.ticket), amount: money(r.amount_cents, w.lang), name: text(obj(r.winner).name) });
  }
  return w.t('prop.approved', { id: p.id, what: proposalWords(p, w) });
}
