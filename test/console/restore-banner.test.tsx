/**
 * The console's banner after a restore (#21): on every page while online claims are held, in French and
 * English, with how many terminals re-synced and are still to come, the first ten of them, and the
 * release (dual control) offered to a security operator only; nothing once released.
 */
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { RestoreStatusView } from '../../common/console/restore.js';
import { I18nContext, translate, type Lang } from '../../console/src/i18n.js';
import { RestoreHoldNotice } from '../../console/src/restore-banner.js';

const HELD: RestoreStatusView = {
  epoch: '6f1c2d3e-0000-4000-8000-000000000001',
  reason: 'restore',
  started_at: '2026-12-05T02:00:00.000Z',
  held: true,
  released_at: null,
  released_by: null,
  resynced: 3,
  waiting: 12,
  waiting_terminals: Array.from({ length: 12 }, (_, i) => ({ terminal_id: `T-${String(i).padStart(6, '0')}`, retailer: `Retailer ${i}`, last_contact_at: i === 0 ? null : '2026-12-04T18:30:00.000Z' })),
};

function render(lang: Lang, status: RestoreStatusView, roles: string[]): string {
  return renderToString(
    <I18nContext.Provider value={{ lang, t: (k, v) => translate(lang, k, v), setLang: () => undefined }}>
      <RestoreHoldNotice status={status} roles={roles} notice={null} onRelease={() => Promise.resolve()} />
    </I18nContext.Provider>,
  );
}

const text = (html: string): string => html.replace(/<[^>]+>/g, ' ').replace(/&#x27;|&#39;/g, "'").replace(/\s+/g, ' ');

describe('the restore banner', () => {
  it('says claims are held, in French, with the terminals still to come; the release for security only', () => {
    const html = render('fr', HELD, ['security']);
    const said = text(html);
    expect(said).toMatch(/Central restauré le 05\/12\/2026 03:00:00 : paiements en ligne suspendus/);
    expect(said).toContain('(3 faits, 12 attendus)');
    expect(html.match(/<li>/g)).toHaveLength(10);
    expect(said).toContain('T-000000 — Retailer 0 — dernier contact —');
    expect(said).toContain('… et 2 autres');
    expect(html).toContain('data-testid="restore-release"');
    expect(render('fr', HELD, ['support', 'finance'])).not.toContain('data-testid="restore-release"');
  });

  it('speaks English too, and shows nothing once released', () => {
    expect(text(render('en', HELD, ['security']))).toMatch(/Central restored on 05\/12\/2026 03:00:00: online payouts on hold .* \(3 done, 12 to come\)/);
    expect(render('fr', { ...HELD, held: false, released_at: '2026-12-05T03:00:00.000Z', released_by: 'central' }, ['security'])).toBe('');
  });
});
