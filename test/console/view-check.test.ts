/**
 * A console view refused by its schema (console/src/view-check.ts): the page says which field and why in
 * the screen's language. Before, the reason was zod's English on a French page.
 */
import { describe, expect, it } from 'vitest';
import { ExceptionsView } from '../../common/console/exceptions.js';
import { FleetView } from '../../common/console/fleet.js';
import { checkView, ViewError } from '../../console/src/view-check.js';
import { translate } from '../../console/src/i18n.js';

describe('checkView', () => {
  it('answers a good view as it is', () => {
    expect(checkView('exceptions', ExceptionsView, [])).toEqual([]);
  });

  it('names the refused field and says why in French and in English', () => {
    let caught: unknown;
    try {
      checkView('fleet', FleetView, { nonsense: true });
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(ViewError);
    const { details, op } = caught as ViewError;
    expect(op).toBe('fleet');
    expect(details.fr).toMatch(/^[\w.]+: .*attendu/);
    expect(details.en).toMatch(/^[\w.]+: .*expected/);
    expect(details.fr).not.toMatch(/expected|received/);
    expect(translate('fr', 'view.bad_answer', { op, detail: details.fr })).toMatch(/^la réponse de central à fleet .*attendu/);
  });
});
