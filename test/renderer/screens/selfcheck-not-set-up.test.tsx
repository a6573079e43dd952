/**
 * The public self-check screen of a terminal not set up (#41, finding 13): it says, in French and in
 * English, that a technician must set it up, and never shows the enrolment form nor invites a scan.
 * Rendered with react-dom/server against a fake API (no effects run, so no call is made).
 */
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { GuichetApi } from '../../../common/api/contract.js';
import type { SelfCheckStatusView } from '../../../common/api/methods/selfcheck.js';
import type { Language } from '../../../common/api/views.js';
import { ApiProvider } from '../../../renderer/src/api/context.js';
import { SelfCheckApp } from '../../../renderer/src/selfcheck/SelfCheckApp.js';

const api: GuichetApi = {
  call: () => Promise.reject(Object.assign(new Error('fake'), { code: 'fake' })),
  subscribe: () => () => undefined,
};

function render(language: Language, notSetUp: boolean): string {
  const status: SelfCheckStatusView = { self_check: true, language, reset_seconds: 8, checks_per_window: 30, window_seconds: 60, ...(notSetUp ? { not_set_up: true as const } : {}) };
  return renderToString(
    <ApiProvider api={api}>
      <SelfCheckApp status={status} />
    </ApiProvider>,
  );
}

describe('self-check screen of a terminal not set up', () => {
  it('says a technician must set it up, in French and English, with no enrolment form and no scan invitation', () => {
    const fr = render('fr', true);
    const en = render('en', true);
    expect(fr).toContain('data-testid="selfcheck-not-set-up"');
    expect(fr).toContain('Un technicien doit d’abord l’installer');
    expect(en).toContain('A technician must set it up first');
    for (const html of [fr, en]) {
      expect(html).not.toContain('enrol-form');
      expect(html).not.toContain('screen-provisioning');
      expect(html).not.toContain('selfcheck-attract');
    }
  });

  it('a terminal set up shows the attract screen', () => {
    const html = render('fr', false);
    expect(html).toContain('selfcheck-attract');
    expect(html).not.toContain('selfcheck-not-set-up');
  });
});
