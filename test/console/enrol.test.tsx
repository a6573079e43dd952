/**
 * A new operator enrols in the console (issue 39, finding 4): the login page offers it; the form posts
 * the name, the code and the chosen password to /v1/console/enrol; the TOTP secret central answers is
 * shown once, in French and English; a refusal is said, never a broken page.
 */
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { enrol, OpError } from '../../console/src/api.js';
import { I18nContext, translate, type Lang } from '../../console/src/i18n.js';
import { EnrolForm, EnrolledSecret } from '../../console/src/pages/Enrol.js';
import { LoginPage } from '../../console/src/pages/Login.js';

const wrap = (lang: Lang, node: React.ReactNode): string =>
  renderToString(<I18nContext.Provider value={{ lang, t: (k, v) => translate(lang, k, v), setLang: () => undefined }}>{node}</I18nContext.Provider>);
const text = (html: string): string => html.replace(/<[^>]+>/g, ' ').replace(/&#x27;|&#39;/g, "'").replace(/\s+/g, ' ');

afterEach(() => vi.unstubAllGlobals());

describe('enrolling in the console', () => {
  it('is offered on the login page, in French and English', () => {
    expect(text(wrap('fr', <LoginPage onSession={() => undefined} />))).toContain('Première connexion ? S’enrôler avec son code');
    expect(text(wrap('en', <LoginPage onSession={() => undefined} />))).toContain('First time? Enrol with your code');
  });

  it('asks the name, the code and a new password', () => {
    const html = wrap('en', <EnrolForm onDone={() => undefined} />);
    for (const name of ['operator', 'code', 'new-password']) expect(html).toContain(`name="${name}"`);
    expect(html).toMatch(/type="password"[^>]*autoComplete="new-password"|autoComplete="new-password"[^>]*type="password"/i);
  });

  it('shows the TOTP secret once enrolled', () => {
    const enrolled = { name: 'carol', totp_secret: 'JBSWY3DPEHPK3PXP', otpauth_uri: 'otpauth://totp/Guichet:carol?secret=JBSWY3DPEHPK3PXP' };
    const fr = text(wrap('fr', <EnrolledSecret enrolled={enrolled} onDone={() => undefined} />));
    expect(fr).toContain('carol est enrôlé.');
    expect(fr).toContain('JBSWY3DPEHPK3PXP');
    expect(text(wrap('en', <EnrolledSecret enrolled={enrolled} onDone={() => undefined} />))).toContain('carol is enrolled.');
  });

  it('posts to /v1/console/enrol and reads the answer; a refusal is an OpError with its reason', async () => {
    const calls: [string, RequestInit][] = [];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      calls.push([url, init]);
      return new Response(JSON.stringify({ name: 'carol', totp_secret: 'S', otpauth_uri: 'otpauth://x' }), { status: 200 });
    });
    expect(await enrol('carol', 'code-123', 'a-long-password')).toEqual({ name: 'carol', totp_secret: 'S', otpauth_uri: 'otpauth://x' });
    expect(calls[0]![0]).toBe('/v1/console/enrol');
    expect(JSON.parse(String(calls[0]![1].body))).toEqual({ operator: 'carol', code: 'code-123', password: 'a-long-password' });
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ error: 'wrong operator name or enrolment code', reason: 'bad_enrolment' }), { status: 401 }));
    await expect(enrol('carol', 'bad', 'a-long-password')).rejects.toBeInstanceOf(OpError);
    await expect(enrol('carol', 'bad', 'a-long-password')).rejects.toMatchObject({ reason: 'bad_enrolment', status: 401 });
  });
});
