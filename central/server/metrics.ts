/**
 * Central's Prometheus metrics (prom-client), one registry per server: counted in memory on the request
 * path (no database query per request); the pool's figures and the replication lag are read when
 * Prometheus scrapes `GET /metrics` (one query to pg_stat_replication per scrape, on PostgreSQL only).
 *
 * Label cardinality stays bounded with 35,000 terminals: routes are fastify's route patterns (not URLs),
 * statuses and claim verdicts are short lists, and push lag per terminal is a histogram over all
 * terminals plus a gauge of the worst `WORST_TERMINALS` (a terminal label for those few only). Per-terminal
 * series for every terminal would be 35,000 series per metric: GUICHET_METRICS_PER_TERMINAL=1 turns
 * them on for a small fleet or a test bench.
 */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Db } from '../store/db.js';

/** How many terminals the worst-push-lag gauge names. */
export const WORST_TERMINALS = 10;

export interface CentralMetrics {
  readonly registry: Registry;
  /** One answered request. */
  request(route: string, method: string, status: number, seconds: number): void;
  /** A push stored: how long its oldest new entry waited at the terminal before central held it. */
  pushLag(terminal: string, seconds: number): void;
  /** A claim answered, by verdict. */
  claim(verdict: string): void;
}

/** `processMetrics`: prom-client's CPU, memory and event-loop figures too (once per process: `central serve`). */
export function centralMetrics(db: Db, opts: { perTerminal?: boolean; processMetrics?: boolean } = {}): CentralMetrics {
  const registry = new Registry();
  if (opts.processMetrics) collectDefaultMetrics({ register: registry, prefix: 'guichet_central_' });
  const perTerminal = opts.perTerminal ?? process.env.GUICHET_METRICS_PER_TERMINAL === '1';
  const requests = new Counter({ name: 'guichet_http_requests_total', help: 'Requests answered, by route pattern, method and status', labelNames: ['route', 'method', 'status'], registers: [registry] });
  const latency = new Histogram({
    name: 'guichet_http_request_duration_seconds',
    help: 'Time from the request to its answer, by route pattern and method',
    labelNames: ['route', 'method'],
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const lag = new Histogram({
    name: 'guichet_push_lag_seconds',
    help: "Push lag over all terminals: central's time when it stored a push minus the journal time of the push's oldest new entry",
    buckets: [1, 5, 15, 60, 300, 900, 3600, 4 * 3600, 24 * 3600, 7 * 24 * 3600],
    registers: [registry],
  });
  // The last push lag of each terminal (one number per terminal that pushed since this process started).
  const lastLag = new Map<string, number>();
  new Gauge({
    name: 'guichet_push_lag_worst_seconds',
    help: `The ${WORST_TERMINALS} terminals whose last push lagged most (seconds)`,
    labelNames: ['terminal'],
    registers: [registry],
    collect() {
      this.reset();
      const worst = [...lastLag].sort((x, y) => y[1] - x[1]).slice(0, WORST_TERMINALS);
      for (const [terminal, s] of worst) this.set({ terminal }, s);
    },
  });
  const perTerminalLag = perTerminal
    ? new Gauge({ name: 'guichet_push_lag_by_terminal_seconds', help: 'Last push lag of every terminal (GUICHET_METRICS_PER_TERMINAL=1)', labelNames: ['terminal'], registers: [registry] })
    : null;
  const claims = new Counter({ name: 'guichet_claims_total', help: 'Claims answered, by verdict', labelNames: ['verdict'], registers: [registry] });
  new Gauge({
    name: 'guichet_db_pool_connections',
    help: "The PostgreSQL pool's connections: total, idle, and requests waiting for one (absent on PGlite)",
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const s = db.poolStats?.();
      if (!s) return;
      this.set({ state: 'total' }, s.total);
      this.set({ state: 'idle' }, s.idle);
      this.set({ state: 'waiting' }, s.waiting);
    },
  });
  new Gauge({
    name: 'guichet_replication_lag_seconds',
    help: "Replay lag of each standby streaming from this primary (pg_stat_replication; absent without standbys, and on PGlite)",
    labelNames: ['standby'],
    registers: [registry],
    async collect() {
      this.reset();
      if (db.engine !== 'postgres') return;
      try {
        const rows = await db.query<{ name: string; lag: number | null }>(
          `SELECT coalesce(application_name, client_addr::text, 'standby') AS name, coalesce(extract(epoch FROM replay_lag), 0)::float8 AS lag FROM pg_stat_replication`,
        );
        for (const r of rows) this.set({ standby: r.name }, Number(r.lag ?? 0));
      } catch {
        // Not allowed to read it (a role without pg_monitor) or the database is away: no figure.
      }
    },
  });
  return {
    registry,
    request(route, method, status, seconds) {
      requests.inc({ route, method, status: String(status) });
      latency.observe({ route, method }, seconds);
    },
    pushLag(terminal, seconds) {
      const s = Math.max(0, seconds);
      lag.observe(s);
      lastLag.set(terminal, s);
      perTerminalLag?.set({ terminal }, s);
    },
    claim(verdict) {
      claims.inc({ verdict });
    },
  };
}
