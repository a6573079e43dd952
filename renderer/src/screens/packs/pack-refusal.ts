/**
 * What the packs screen says of an operation queued here that central refused when it arrived (see
 * PackView.central_refusal): which operation, and why, in the screen's words from the reason code and
 * central's word on the pack; central's own sentence never shows.
 */
import type { PackView } from '../../../../common/api/methods/packs.js';
import { textOf, type Translate } from '../../i18n/index.js';

export function packRefusalText(t: Translate, refusal: NonNullable<PackView['central_refusal']>): string {
  const state = refusal.central_state ? textOf(t, `packs.state-word.${refusal.central_state}`) : null;
  const terminal = refusal.central_terminal;
  // The reasons that name central's word on the pack, when central gave it; the others as they are.
  const why =
    refusal.reason === 'held_elsewhere' && terminal
      ? t('packs.refused.why.held_elsewhere', { terminal })
      : refusal.reason === 'wrong_state' && state
        ? t('packs.refused.why.wrong_state', { state })
        : textOf(t, `packs.refused.why.${refusal.reason}.unnamed`, undefined, t('packs.refused.why.other'));
  return t('packs.refused', { what: t(`packs.refused.what.${refusal.action}`), why });
}
