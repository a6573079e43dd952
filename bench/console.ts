/**
 * The console's fleet at 35,000 terminals (BENCH_CONSOLE_TERMINALS): central's `console.fleet` read on
 * PGlite (one statement), the answer's size, and in Chromium the time from the answer's arrival to the
 * virtualized table showing its count and first rows (the page's own drawing). Needs the built console
 * (`npm run build`). Figures only.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { chromium } from '@playwright/test';
import { fleet } from '../central/admin/console-ops.js';
import { TOKEN_FILE } from '../central/server/holder.js';
import { serveCentral } from '../central/server/serve.js';
import { initCentral } from '../central/store/open.js';
import { seedFleet } from '../test/central/support/fleet-seed.js';

const N = Number(process.env.BENCH_CONSOLE_TERMINALS ?? 35_000);

export async function run(): Promise<void> {
  const tmp = mkdtempSync(path.join(tmpdir(), 'guichet-bench-console-'));
  const dataDir = path.join(tmp, 'central');
  try {
    console.log(`\nconsole: the fleet of ${N.toLocaleString('en')} terminals (load average ${loadavg()[0]?.toFixed(2)})`);
    const init = await initCentral({ dataDir, keyFile: path.join(tmp, 'lottery.key') });
    await seedFleet(init.central.db, N, init.central.now());
    for (let i = 0; i < 3; i++) {
      const start = performance.now();
      const answer = await fleet(init.central);
      const ms = performance.now() - start;
      if (i === 2) console.log(`  console.fleet on PGlite: ${ms.toFixed(0)} ms, ${(JSON.stringify(answer).length / 1e6).toFixed(1)} MB of JSON`);
    }
    await init.central.db.close();
    const running = await serveCentral({ dataDir, listen: '127.0.0.1:0', log: () => undefined });
    const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
    try {
      const page = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
      await page.addInitScript((token) => sessionStorage.setItem('guichet.console.bearer', token), readFileSync(path.join(dataDir, TOKEN_FILE), 'utf8').trim());
      for (let i = 0; i < 3; i++) {
        await page.goto('about:blank');
        const answered = page.waitForResponse((r) => r.url().endsWith('/v1/admin/console.fleet'));
        await page.goto(`${running.url}/console/#/fleet`);
        const response = await answered;
        await response.finished();
        const arrived = performance.now();
        await page.getByTestId('fleet-row').nth(20).waitFor();
        const drawn = performance.now() - arrived;
        const rows = await page.getByTestId('fleet-row').count();
        console.log(`  run ${i + 1}: answer to ${rows} rows drawn (of ${N.toLocaleString('en')}): ${drawn.toFixed(0)} ms (target: under 1,000 ms)`);
      }
    } finally {
      await browser.close();
      await running.close();
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}
