/**
 * A screen that crashed says what happened and what to do (retry, reload, call the technician) in the
 * screen's language; the error's own message is folded under the technician's details, never the main
 * text. Rendered with react-dom/server (no DOM library here).
 */
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Language } from '../../common/api/views.js';
import { I18nProvider } from '../../renderer/src/i18n/index.js';
import { CrashNotice } from '../../renderer/src/shell/CrashNotice.js';

const RAW = "Cannot read properties of undefined (reading 'prize_cents')";

function notice(language: Language): string {
  return renderToString(
    <I18nProvider initial={language}>
      <CrashNotice error={new TypeError(RAW)} reset={() => undefined} />
    </I18nProvider>,
  ).replace(/&#x27;|&#39;/g, "'");
}

/** The notice without its folded details: what a person reads at first sight. */
const atFirstSight = (html: string) => html.replace(/<details[\s\S]*<\/details>/, '');

describe("a screen's crash notice", () => {
  it('words what happened and what to do, in French and English, with Retry and Reload', () => {
    const fr = notice('fr');
    expect(fr).toContain('Cet écran a rencontré un problème.');
    expect(fr).toContain('rechargez la page, puis appelez le technicien');
    expect(fr).toContain('Réessayer');
    expect(fr).toContain('Recharger la page');
    const en = notice('en');
    expect(en).toContain('This screen ran into a problem.');
    expect(en).toContain('reload the page, then call the technician');
    expect(en).toContain('Reload the page');
  });

  it('keeps the raw message only under folded details for the technician', () => {
    for (const language of ['fr', 'en'] as const) {
      const html = notice(language);
      expect(atFirstSight(html)).not.toContain(RAW);
      expect(html).toMatch(/<details class="crash-details" data-testid="crash-details"><summary>[^<]+<\/summary><code>/);
      expect(html).not.toMatch(/<details[^>]*\sopen/);
      expect(html).toContain(RAW);
    }
  });

  it('is reachable by keyboard: Retry takes the focus, the details fold open from the keyboard (summary)', () => {
    const html = notice('fr');
    expect(html).toMatch(/<button[^>]*data-testid="crash-retry"[^>]*autofocus/i);
    expect(html).toContain('<summary>Détails pour le technicien</summary>');
  });
});
