/**
 * Starts a browser-host kiosk on the demo terminal (a small emission of each game, one pack received and
 * active, one received only) as a child process, as `npm start` does.
 *
 * The demo terminal is set up once per run by the global set-up (`kiosk --demo` on an empty folder, which
 * also sets up its demo central, then stopped: demo-template.ts) and each test gets its own copy of that
 * folder, so tests stay isolated without paying the demo's set-up each time. A copy starts without the demo central (the terminal
 * shows central offline) unless the spec asks for the live one with `test.use({ liveCentral: true })`:
 * then the copy holds the central's store too and starts with `--demo`, which serves it.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test as base, expect, type Locator, type Page } from '@playwright/test';
import Database from 'better-sqlite3';
import { COOKIE } from '../../main/hosts/browser/server.js';
import { KIOSK_PORT_FILE } from '../../main/hosts/kiosk/kiosk-port.js';
import { DEMO_CENTRAL_DIR, DEMO_TEMPLATE_ENV, guichet, makeDemoTemplate, noLeftCentral, startKiosk, stopChild } from './demo-template.js';

export { startKiosk } from './demo-template.js';


export interface DemoUnit {
  readonly unit: string;
  readonly game: string;
  readonly prize_cents: number;
  readonly barcodes: { readonly inventory: string; readonly validation: string };
}

export interface Kiosk {
  readonly url: string;
  /** What the kiosk printed when it started. */
  readonly startOutput: string;
  readonly dataDir: string;
  /** Demo tickets of the demo lottery (secret print data that a real terminal never holds). */
  units(game: string): DemoUnit[];
  /** Runs the guichet CLI against this kiosk's data folder. */
  /** `guichet ARGS` on this kiosk's data folder; `env` adds variables (a PIN goes in GUICHET_PIN, never in ARGS). */
  cli(args: string[], env?: Record<string, string>): { status: number | null; stdout: string; stderr: string };
}

/**
 * A copy without its central must not reach the template's central address: that port is free now and
 * may be any other central on this machine. Its terminal is pointed at a port nothing listens on
 * (TCP port 1 on loopback), so its background sync fails at once, as with central down.
 */
function pointAtNoCentral(dataDir: string): void {
  const db = new Database(path.join(dataDir, 'guichet.db'), { fileMustExist: true });
  try {
    db.prepare("UPDATE sync_state SET central_url = 'http://127.0.0.1:1'").run();
  } finally {
    db.close();
  }
}

/** A test's own copy of the worker's demo terminal: with its central's store when it runs it, else pointed at none. */
export function copyDemo(demoTemplate: string, liveCentral: boolean): string {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'guichet-e2e-'));
  cpSync(demoTemplate, dataDir, { recursive: true, filter: (src) => liveCentral || path.relative(demoTemplate, src) !== DEMO_CENTRAL_DIR });
  if (!liveCentral) pointAtNoCentral(dataDir);
  forgetPorts(dataDir);
  return dataDir;
}

/**
 * Every copy would remember the template's ports, kiosk and demo central alike: a test that stops its
 * central frees that port, the next copy's central takes it, and the first test's terminal, the same
 * enrolled terminal as every copy, is online again with its twin (CI run of d2009e1: "central down",
 * yet the sale synced and the verdict said Winner). Each copy takes free ports of its own instead.
 */
function forgetPorts(dataDir: string): void {
  rmSync(path.join(dataDir, KIOSK_PORT_FILE), { force: true });
  // The port file says the folder has a demo central; 0 is "none remembered".
  const centralPort = path.join(dataDir, DEMO_CENTRAL_DIR, 'port');
  if (existsSync(centralPort)) writeFileSync(centralPort, '0\n');
}

/** The demo units of each worker's template (read once: the copies hold the same demo lottery). */
const unitsByTemplate = new Map<string, Map<string, DemoUnit[]>>();


export const test = base.extend<{ kiosk: Kiosk; liveCentral: boolean }, { demoTemplate: string }>({
  /** Whether the test's kiosk runs the live demo central (`--demo` on the copy), as `npm start` does. */
  liveCentral: [false, { option: true }],
  demoTemplate: [
    async ({}, use) => {
      // The run's template (global-setup.ts); a worker started without it (a spec run by another config) makes its own.
      const shared = process.env[DEMO_TEMPLATE_ENV];
      if (shared) return use(shared);
      const dir = await makeDemoTemplate();
      await use(dir);
      rmSync(dir, { recursive: true, force: true });
    },
    { scope: 'worker', timeout: 300_000 },
  ],
  kiosk: async ({ demoTemplate, liveCentral }, use) => {
    const dataDir = copyDemo(demoTemplate, liveCentral);
    const { url, child, output } = await startKiosk(dataDir, { demo: liveCentral });
    const cli = (args: string[], env: Record<string, string> = {}) => {
      const r = spawnSync(process.execPath, [guichet, ...args], { encoding: 'utf8', env: { ...process.env, GUICHET_DATA: dataDir, ...env }, maxBuffer: 1 << 28 });
      return { status: r.status, stdout: r.stdout, stderr: r.stderr };
    };
    await use({
      url,
      get startOutput() {
        return output();
      },
      dataDir,
      cli,
      units(game) {
        // Every copy holds the same demo lottery: its units are read once per worker, from the template.
        let cache = unitsByTemplate.get(demoTemplate);
        if (!cache) {
          const r = cli(['units', 'export', path.join(demoTemplate, 'demo-lottery'), '--block', '1']);
          if (r.status !== 0) throw new Error(r.stderr);
          const all = r.stdout.trim().split('\n').map((l) => JSON.parse(l) as DemoUnit);
          cache = new Map(Array.from(new Set(all.map((u) => u.game)), (g) => [g, all.filter((u) => u.game === g)]));
          unitsByTemplate.set(demoTemplate, cache);
        }
        return cache.get(game) ?? [];
      },
    });
    await stopChild(child);
    if (liveCentral) await noLeftCentral(dataDir);
    rmSync(dataDir, { recursive: true, force: true });
  },
});

export { expect };

const docsScreens = path.resolve(import.meta.dirname, '..', '..', 'docs', 'screens');

/**
 * A screenshot for the docs, docs/screens/NAME.png: taken by `npm run screens` (GUICHET_SCREENS=1) only,
 * so the gate never rewrites the docs.
 */
export async function docShot(target: Page | Locator, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  if (!process.env.GUICHET_SCREENS) return;
  const file = path.join(docsScreens, `${name}.png`);
  if ('goto' in target) await target.screenshot({ path: file, ...options });
  else await target.screenshot({ path: file });
}

/**
 * Types a barcode the way a keyboard-wedge scanner does: about 5 ms a character, then Enter.
 * `stallAfter` models a busy machine delivering the scan's keys late: after each of those key counts
 * (e.g. [1, 4]: after the first and the fourth key) nothing comes for `stallMs` (real time, 200 ms by
 * default), then the rest — every key still stamped 5 ms after the last.
 */
export async function wedgeScan(page: Page, data: string, opts: { stallAfter?: readonly number[]; stallMs?: number } = {}): Promise<void> {
  // A scanner's keys come 5 ms apart. Typed one by one (keyboard.type), a loaded machine spreads them
  // beyond the decoder's 35 ms and the scan reads as typing; so they are sent at once through the
  // DevTools protocol, each stamped 5 ms after the previous (KeyboardEvent.timeStamp), whatever the load.
  const cdp = await page.context().newCDPSession(page);
  try {
    // The browser's own clock, read after every key sent before (a key typed by hand just before the
    // scan keeps its real distance from it, as the decoder's reclaim window expects).
    const start = await page.evaluate(() => (performance.timeOrigin + performance.now()) / 1000);
    const keys = [...[...data].map((ch) => keyOf(ch)), { key: 'Enter', code: 'Enter', text: '\r', keyCode: 13 }];
    const send = (k: (typeof keys)[number], i: number) => {
      const timestamp = start + (i * 5) / 1000;
      const common = { key: k.key, code: k.code, windowsVirtualKeyCode: k.keyCode, nativeVirtualKeyCode: k.keyCode, timestamp };
      return [
        cdp.send('Input.dispatchKeyEvent', { type: 'keyDown', text: k.text, unmodifiedText: k.text, ...common }),
        cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', ...common, timestamp: timestamp + 0.001 }),
      ];
    };
    const cuts = [...new Set(opts.stallAfter ?? [])].filter((n) => n > 0 && n < keys.length).sort((a, b) => a - b);
    let from = 0;
    for (const cut of [...cuts, keys.length]) {
      await Promise.all(keys.slice(from, cut).flatMap((k, i) => send(k, from + i)));
      if (cut < keys.length) await page.waitForTimeout(opts.stallMs ?? 200);
      from = cut;
    }
  } finally {
    await cdp.detach();
  }
}

/**
 * Opens the customer display at `url` in `display` and waits for its event stream: it shows only what
 * happens after it connects, so a scan sent before (a loaded machine is slow to connect) would be missed.
 */
export async function gotoDisplay(display: Page, url: string): Promise<void> {
  const connected = display.waitForResponse((r) => /\/api\/(display\/)?events$/.test(new URL(r.url()).pathname), { timeout: 30_000 });
  await display.goto(url);
  await connected;
}

/**
 * The customer display's digital unit as drawn (its picture's SVG, from the image's data URL), and
 * whether it holds a winning frame. The display never holds a validation code (issue #25).
 */
export async function displayPicture(display: Page): Promise<{ svg: string; winningZones: boolean }> {
  const src = (await display.getByTestId('display-play-picture').getAttribute('src')) ?? '';
  const svg = decodeURIComponent(src.replace(/^data:image\/svg\+xml;charset=utf-8,/, ''));
  // A winning zone's tab (« GAGNANT »), or Millionnaire's jeu 2 pair (« PAIRE GAGNANTE » under the framed ingots).
  return { svg, winningZones: />(GAGNANT|PAIRE GAGNANTE)</.test(svg) };
}

/** What the DevTools protocol needs to type one barcode character as a keyboard would. */
function keyOf(ch: string): { key: string; code: string; text: string; keyCode: number } {
  if (/^\d$/.test(ch)) return { key: ch, code: `Digit${ch}`, text: ch, keyCode: ch.charCodeAt(0) };
  if (/^[a-z]$/i.test(ch)) return { key: ch, code: `Key${ch.toUpperCase()}`, text: ch, keyCode: ch.toUpperCase().charCodeAt(0) };
  if (ch === '-') return { key: '-', code: 'Minus', text: '-', keyCode: 189 };
  return { key: ch, code: '', text: ch, keyCode: 0 };
}

/** Saves a screenshot of the current screen (test-results/screens/NAME.png), under `npm run screens` only. */
export async function screenshot(page: Page, name: string): Promise<void> {
  if (!process.env.GUICHET_SCREENS) return;
  await page.screenshot({ path: path.resolve(import.meta.dirname, '..', '..', 'test-results', 'screens', `${name}.png`), fullPage: true });
}

/** Logs in by touching the operator, typing the PIN on the keyboard and Enter; waits for the home screen. */
export async function login(page: Page, name: string, pin: string): Promise<void> {
  await page.getByTestId(`operator-${name}`).click();
  await expect(page.getByTestId('pin-input')).toBeFocused();
  await page.keyboard.type(pin, { delay: 80 });
  await sessionRotated(page, () => page.keyboard.press('Enter'));
  await expect(page.getByTestId('status-operator')).toContainText(name);
  // The shell opens the operator's home screen once logged in.
  await expect(page).toHaveURL(/#\/(validate|diagnostics)$/);
}

/** Logs in with the on-screen PIN pad only (touch). */
export async function loginWithPad(page: Page, name: string, pin: string): Promise<void> {
  await page.getByTestId(`operator-${name}`).click();
  for (const d of pin) await page.getByTestId(`pinpad-${d}`).click();
  await sessionRotated(page, () => page.getByTestId('pinpad-ok').click());
  await expect(page.getByTestId('status-operator')).toContainText(name);
}

/**
 * Submits a login and waits until the page holds the session cookie its answer set. The screen shows the
 * operator from the status event, which the event stream brings before the login's answer: a test's
 * own call (callApi) made then would travel with the cookie the login just retired, and be refused as
 * "not authenticated" (CI run of d2009e1). The page's own calls wait for the login (api/client.ts).
 */
async function sessionRotated(page: Page, submit: () => Promise<void>): Promise<void> {
  const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/call' && (r.request().postData() ?? '').includes('"auth.login"'));
  await submit();
  const set = (await (await answered).headerValue('set-cookie')) ?? '';
  const cookie = new RegExp(`${COOKIE}=([^;]+)`).exec(set)?.[1];
  if (cookie === undefined) return; // refused: the cookie stays as it was
  await expect.poll(async () => (await page.context().cookies()).find((c) => c.name === COOKIE)?.value, { message: 'the page holds the session cookie of its login' }).toBe(cookie);
}

/**
 * Opens a screen by its F-key, once. The shell is there (an operator is logged in, their home screen
 * opened with it), so the key is never lost nor overridden by a later "go home": no retry, no wait.
 */
export async function openScreen(page: Page, key: string, id: string): Promise<void> {
  await expect(page.getByTestId('status-operator')).toBeVisible();
  await page.keyboard.press(key);
  await expect(page.getByTestId(`screen-${id}`)).toBeVisible();
}

/** Opens the till from the sell screen with a float typed in euros, as a cashier would (the button, the float, Enter). */
export async function openTillFromSell(page: Page, floatEuros: string): Promise<void> {
  await openScreen(page, 'F3', 'sell');
  await page.getByTestId('sell-open-cash').click();
  await expect(page.getByTestId('cash-float')).toBeFocused();
  await page.keyboard.type(floatEuros);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('cash-notice')).toBeVisible();
}

/** Calls the API from inside the page, as its own code would (same origin, session cookie). */
export function callApi(page: Page, method: string, input: unknown): Promise<{ ok: boolean; value?: unknown; error?: { code: string; message?: string } }> {
  return page.evaluate(
    async ([m, i]) => {
      const res = await fetch('/api/call', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ method: m, input: i }), credentials: 'same-origin' });
      return (await res.json()) as { ok: boolean; value?: unknown; error?: { code: string; message?: string } };
    },
    [method, input] as const,
  );
}

/** A screenshot with the screen scrolled to its top, or to the part that matters (`focus`). */
export async function screenshotAt(page: Page, name: string, focus?: string): Promise<void> {
  if (focus) await page.getByTestId(focus).evaluate((el) => el.scrollIntoView({ block: 'center' }));
  else await page.evaluate(() => document.querySelectorAll('*').forEach((el) => el.scrollTop > 0 && el.scrollTo(0, 0)));
  await screenshot(page, name);
}

/**
 * Fails unless a person can press the element as the screen stands: inside the viewport (no
 * scrolling), and the element at its centre is the element itself or inside it (not covered by a
 * status bar, a menu or a neighbour), with its own text not sticking out of it.
 */
export async function expectUsable(locator: Locator, what = 'element'): Promise<void> {
  await expect(locator, `${what} visible`).toBeVisible();
  await expect
    .poll(
      () =>
        locator.evaluate((el) => {
          const r = el.getBoundingClientRect();
          const vw = window.innerWidth;
          const vh = window.innerHeight;
          if (r.width === 0 || r.height === 0) return 'has no size';
          if (r.left < 0 || r.top < 0 || r.right > vw + 0.5 || r.bottom > vh + 0.5) return `is off screen (${Math.round(r.left)},${Math.round(r.top)})–(${Math.round(r.right)},${Math.round(r.bottom)}) in ${vw}×${vh}`;
          const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
          if (!top || !(top === el || el.contains(top))) return `is covered by <${top?.tagName.toLowerCase() ?? 'nothing'} class="${top?.className ?? ''}">`;
          if (el.scrollWidth > el.clientWidth + 1) return 'has text sticking out';
          return 'usable';
        }),
      { message: `${what} should be usable` },
    )
    .toBe('usable');
}

/**
 * Sells one digital unit as the counter does since the one basket (#25): its button adds it to the
 * basket, the cash (or "exact amount") and Enter complete the basket; the unit is then there to play.
 */
export async function sellDigitalUnit(page: Page, game: 'happy-2014' | 'millionnaire', tendered?: string): Promise<void> {
  await page.getByTestId(`basket-add-${game}`).click();
  await expect(page.getByTestId('basket-digital-line')).toHaveCount(1, { timeout: 30_000 });
  if (tendered) await page.getByTestId('sell-tendered').fill(tendered);
  else await page.getByTestId('sell-exact').click();
  await page.getByTestId('sell-tendered').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('sale-done')).toBeVisible({ timeout: 30_000 });
}
