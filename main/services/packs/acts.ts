/**
 * Pack operations as every host does them. An enrolled terminal asks central first (short time-out,
 * one attempt): central's refusal (stop-listed, held by another terminal, wrong state) refuses the
 * operation before anything changes here; its agreement, or no answer in time, lets the operation
 * commit here with its journal entry and outbox event (which carries the same key to central with the
 * next push). A pack operation never waits on central longer than a claim does.
 */
import type { OperatorSession } from '../auth/session.js';
import { PackError } from './errors.js';
import { humanPackNumber, parsePackRef } from './pack-ref.js';
import { activatePack, checkPackOperation, receivePack, returnPack, returnReason, settlePack, type PackView } from './packs.js';
import { idempotencyKey } from '../../kernel/outbox.js';
import { packOpAtCentral, type PackOpOptions } from '../sync/packs.js';
import type { LotteryTerminal } from '../../kernel/terminal.js';

export type PackAct = 'receive' | 'activate' | 'return' | 'settle';

/** What the operation leaves: the pack here, and whether central confirmed it or it waits in the outbox. */
export type PackActResult = PackView & { readonly central_sync?: 'confirmed' | 'queued' };

const LOCAL = { receive: receivePack, activate: activatePack, return: returnPack, settle: settlePack } as const;

const REFUSAL_CODES: Record<string, string> = {
  stop_listed: 'stop-listed',
  held_elsewhere: 'held-elsewhere',
  other_retailer: 'other-retailer',
  wrong_state: 'wrong-state',
  not_published: 'unknown-pack',
};

/** Receives, activates, returns (or, not enrolled, settles) a pack; see the module comment. */
export async function packAct(t: LotteryTerminal, session: OperatorSession, ref: string, action: PackAct, options: PackOpOptions & { readonly reason?: string } = {}): Promise<PackActResult> {
  const { reason: why, ...centralOptions } = options;
  if (why !== undefined && action !== 'return') throw new PackError('bad-input', `only a return takes a reason, not ${action}`);
  const { id, outbox_key } = checkPackOperation(t, session, ref, action);
  if (action === 'settle') return LOCAL.settle(t, session, ref); // not enrolled (checkPackOperation refused otherwise)
  if (why !== undefined) returnReason(ref, why); // a blank reason is refused before central hears of the return
  const central = await packOpAtCentral(t, id, action, idempotencyKey(t, outbox_key), centralOptions);
  if (central.kind === 'answer' && central.answer.outcome === 'refused') {
    const reason = central.answer.reason ?? 'refused';
    const held = central.answer.pack;
    // Data for the screen (central's English sentence stays in the message, for the CLI and the log).
    const details = {
      problem: reason === 'held_elsewhere' && held ? 'at-terminal' : reason === 'wrong_state' && held ? action : `central-${reason}`,
      reason,
      action,
      pack: held?.number ?? humanPackNumber(parsePackRef(ref)),
      ...(held ? { state: held.state, terminal: held.terminal } : {}),
    };
    throw new PackError(REFUSAL_CODES[reason] ?? 'central-pack-refused', `central refused: ${central.answer.message}`, details);
  }
  const view = action === 'return' ? returnPack(t, session, ref, why) : LOCAL[action](t, session, ref);
  if (central.kind === 'not-enrolled') return view;
  return { ...view, central_sync: central.kind === 'answer' ? 'confirmed' : 'queued' };
}
