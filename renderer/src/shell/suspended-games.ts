/**
 * Games the lottery suspended, as the terminal last heard (the status, polled and pushed when the feed
 * brings something): their sell buttons are disabled with the reason, and a winner's verdict on screen
 * says it is suspended at once, even one given before the terminal heard it (#41). Pure: unit-tested.
 */
import type { StatusView, VerdictView } from '../../../common/api/views.js';

/** Whether the lottery suspended `game`, as the status says. */
export function isSuspended(status: Pick<StatusView, 'suspended_games'>, game: string | null): boolean {
  return game !== null && (status.suspended_games ?? []).includes(game);
}

/** The verdict as it stands now: a winner (or a prize to claim) of a suspended game is marked so. */
export function withSuspension(v: VerdictView, status: Pick<StatusView, 'suspended_games'>): VerdictView {
  if (v.suspended || !isSuspended(status, v.game)) return v;
  if (v.verdict === 'winner' || (v.verdict === 'above-limit' && !v.claimed)) return { ...v, suspended: true };
  return v;
}
