/**
 * The running terminal's updater (#23): what the kiosk hosts (Electron and the browser host of
 * `guichet kiosk`) run beside the sync loop. Every `update_check_minutes` of the signed configuration
 * (default 60), jittered by ±25 % so the fleet does not ask central all at once, it looks for an update
 * and downloads it in the background (download.ts). A verified download waits for a moment with no
 * transaction open: the till's close (the host calls `tillClosed()` after the close-till act), or a
 * round inside the signed maintenance window with no cash session open (install.ts decides); while it
 * waits, rounds come every 5 minutes at most, so the window is not missed. Once installed, it asks the
 * host to restart (`onRestart`): the host closes the terminal and exits with RESTART_EXIT_CODE, and
 * `bin/guichet-launcher.js` runs the new version's self-check and starts it (or rolls it back).
 * It never throws and never blocks a sale or a payout.
 */
import { DEFAULT_UPDATE_CHECK_MINUTES } from '../../../common/protocol/limits.js';
import { syncStateRow } from '../../../db/queries/sync-state.js';
import type { SoftwareReport } from '../../../common/protocol/index.js';
import type { LotteryTerminal } from '../../kernel/terminal.js';
import { centralConfig } from '../sync/central-config.js';
import { checkForUpdate, type CheckResult, type UpdateSource } from './download.js';
import { installUpdate, type InstallResult } from './install.js';
import type { UpdatePaths } from './paths.js';

/** The exit code a host ends with after installing an update: the launcher restarts (EX_TEMPFAIL). */
export const RESTART_EXIT_CODE = 75;

export const DEFAULT_CHECK_MINUTES = DEFAULT_UPDATE_CHECK_MINUTES;
/** Longest pause between rounds while a downloaded update waits for the maintenance window. */
export const WAITING_RECHECK_MS = 5 * 60_000;

export interface UpdateLoopOptions {
  readonly paths: UpdatePaths;
  readonly running: SoftwareReport;
  /** The packages folder a new version uses (a release holds the compiled JavaScript only). */
  readonly nodeModules?: string;
  /** Where the repository is (default: the enrolled central, with its pinned authority); null: no round. */
  readonly source?: () => UpdateSource | null;
  /** The first round after this many ms (default: a jittered 0–60 s after the start). */
  readonly initialDelayMs?: number;
  /** Between rounds (default: the signed configuration's `update_check_minutes`, else 60 min), before jitter. */
  readonly intervalMs?: number;
  readonly random?: () => number;
  /** An update was installed: close the terminal and exit with RESTART_EXIT_CODE. Called once. */
  readonly onRestart: (installed: Extract<InstallResult, { state: 'installed' }>) => void;
  readonly onRound?: (result: CheckResult | InstallResult) => void;
}

export interface UpdateLoop {
  /** After the close-till act: installs the waiting update now (looking for one first when none is downloaded). */
  tillClosed(): Promise<InstallResult | null>;
  /** One round now (tests, the technician). */
  round(): Promise<InstallResult | CheckResult | null>;
  stop(): Promise<void>;
}

/** The enrolled central as the update source, with the authority its TLS is pinned to. */
export function enrolledSource(t: LotteryTerminal): UpdateSource | null {
  const s = syncStateRow(t.db);
  return s ? { url: s.central_url, ca: s.central_ca_pem } : null;
}

/** The configured interval between rounds, ms (`update_check_minutes`, 5 min to 1 week). */
export function checkIntervalMs(t: LotteryTerminal): number {
  const m = centralConfig(t)['update_check_minutes'];
  const minutes = typeof m === 'number' && Number.isFinite(m) ? Math.min(7 * 24 * 60, Math.max(5, m)) : DEFAULT_CHECK_MINUTES;
  return minutes * 60_000;
}

/** ±25 % of `ms`. */
export function jittered(ms: number, random: () => number = Math.random): number {
  return Math.round(ms * (0.75 + random() * 0.5));
}

export function startUpdateLoop(t: LotteryTerminal, options: UpdateLoopOptions): UpdateLoop {
  const random = options.random ?? Math.random;
  const source = options.source ?? (() => enrolledSource(t));
  let ready: Extract<CheckResult, { state: 'downloaded' }> | null = null;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<InstallResult | CheckResult | null> | undefined;
  let stopped = false;
  let restarting = false;

  const schedule = (ms: number): void => {
    if (stopped || restarting) return;
    clearTimeout(timer);
    timer = setTimeout(() => void serial(() => roundNow(false)), ms);
    timer.unref();
  };
  const nextDelay = (): number => {
    const interval = options.intervalMs ?? checkIntervalMs(t);
    return jittered(ready ? Math.min(interval, WAITING_RECHECK_MS) : interval, random);
  };

  const install = async (): Promise<InstallResult | null> => {
    if (!ready || restarting) return null;
    const r = await installUpdate(t, options.paths, ready, options.nodeModules ? { nodeModules: options.nodeModules } : {});
    options.onRound?.(r);
    if (r.state === 'installed') {
      restarting = true;
      clearTimeout(timer);
      options.onRestart(r);
    }
    return r;
  };

  const roundNow = async (tillClosed: boolean): Promise<InstallResult | CheckResult | null> => {
    try {
      if (stopped || restarting) return null;
      if (!ready || !tillClosed) {
        const from = source();
        if (from) {
          const r = await checkForUpdate(t, options.paths, from, options.running);
          options.onRound?.(r);
          if (r.state === 'downloaded') ready = r;
          else if (r.state === 'current') ready = null;
          if (!ready) return r;
        }
      }
      return await install();
    } catch (err) {
      // A closed database (the host stopping) or a full disk: the next round tries again.
      console.error(`guichet: update round failed: ${err instanceof Error ? err.message : String(err)}`);
      return null;
    } finally {
      schedule(nextDelay());
    }
  };

  /** One round at a time. */
  const serial = (f: () => Promise<InstallResult | CheckResult | null>): Promise<InstallResult | CheckResult | null> => {
    const p = (running ?? Promise.resolve(null)).then(f, f);
    running = p;
    void p.finally(() => {
      if (running === p) running = undefined;
    });
    return p;
  };

  schedule(options.initialDelayMs ?? Math.round(random() * 60_000));
  return {
    async tillClosed() {
      const r = await serial(() => roundNow(true));
      return r && 'state' in r && (r.state === 'installed' || r.state === 'waiting') ? (r as InstallResult) : null;
    },
    round: () => serial(() => roundNow(false)),
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
