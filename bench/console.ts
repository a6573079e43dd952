/**
 * The console's fleet at 35,000 terminals (BENCH_CONSOLE_TERMINALS): central's `console.fleet` read on
 * PGlite (one statement), the answer's size, and in Chromium (logged in as an operator) the time from
 * navigation to the virtualized table's first rows drawn, and from the answer's arrival to them (the
 * page's own work), beside the target of 1,000 ms and a floor in the same run: the same console's games
 * page (a small answer). Needs the built console (`npm run build`). Figures only.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { chromium } from '@playwright/test';
import { fleet } from '../central/admin/console-ops.js';
import { serveCentral } from '../central/server/serve.js';
import { initCentral } from '../central/store/open.js';
import { totpCode } from '../central/store/operators.js';
import { createOperator } from '../test/central/support/operators.js';
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
    const operator = await createOperator(init.central, { name: 'bench', roles: ['auditor'] });
    await init.central.db.close();
    const running = await serveCentral({ dataDir, listen: '127.0.0.1:0', log: () => undefined });
    const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
    try {
      const page = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
      // Logged in as a person would be (the session cookie), once: each one-time code logs in once.
      const login = await page.request.post(`${running.url}/v1/console/login`, { data: { operator: operator.name, password: operator.password, totp: totpCode(operator.name, operator.totpSecret, new Date().toISOString()) } });
      if (!login.ok()) throw new Error(`bench: login refused (${login.status()}): ${await login.text()}`);
      for (let i = 0; i < 3; i++) {
        await page.goto('about:blank');
        const answered = page.waitForResponse((r) => r.url().endsWith('/v1/admin/console.fleet'));
        const start = performance.now();
        await page.goto(`${running.url}/console/#/fleet`);
        const response = await answered;
        await response.finished();
        const arrived = performance.now();
        await page.getByTestId('fleet-row').nth(20).waitFor();
        const end = performance.now();
        const rows = await page.getByTestId('fleet-row').count();
        const bytes = (await response.body()).length;
        // The floor, in the same run: the same console to a page of a small answer (the three games).
        await page.goto('about:blank');
        const floorStart = performance.now();
        await page.goto(`${running.url}/console/#/games`);
        await page.getByTestId('games').locator('tbody tr').first().waitFor();
        const floor = performance.now() - floorStart;
        console.log(
          `  run ${i + 1}: navigation to ${rows} rows drawn (of ${N.toLocaleString('en')}): ${(end - start).toFixed(0)} ms (target: under 1,000 ms; ` +
            `floor, the games page: ${floor.toFixed(0)} ms); of which the answer's arrival to the rows: ${(end - arrived).toFixed(0)} ms; answer ${(bytes / 1e6).toFixed(1)} MB`,
        );
      }
    } finally {
      await browser.close();
      await running.close();
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}
