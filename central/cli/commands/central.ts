/** `guichet central …`: the lottery's system of record (store, service, terminals, publications). */
import { Command, Option } from 'commander';
import { CliError } from '../../../common/cli-run.js';
import { AdminRefusal, callService } from '../../admin/client.js';
import { runAdminOp, type AdminOp } from '../../admin/ops.js';
import { CentralError } from '../../store/context.js';
import { databaseUrlFrom, initCentral, openCentral } from '../../store/open.js';
import type { PayoutException } from '../../store/claims.js';
import type { UncreditedEntry } from '../../store/payout-checks.js';
import type { CentralPackView } from '../../../common/protocol/index.js';
import type { PrizeClaim } from '../../store/prize-claims.js';
import type { TerminalReport } from '../../store/reports.js';
import type { RetailerStatement } from '../../../common/protocol/index.js';
import { redactUrl } from '../../store/postgres.js';
import { claimDataDir, DEFAULT_LISTEN, releaseDataDir, serveCentral, waitForService } from '../../server/serve.js';

interface CommonFlags {
  data: string;
  databaseUrl?: string;
  json?: boolean;
}

function common(cmd: Command): Command {
  return cmd
    .requiredOption('--data <dir>', 'central data folder')
    .addOption(new Option('--database-url <url>', 'PostgreSQL server (default: PGlite in the data folder)').env('GUICHET_DATABASE_URL'))
    .option('--json', 'print JSON');
}

/** Runs an operation through the running service when there is one, else on the store directly. */
async function run(flags: CommonFlags, op: AdminOp, args: Record<string, unknown>): Promise<unknown> {
  try {
    for (;;) {
      const rec = await waitForService(flags.data);
      if (rec?.url) return await callService(flags.data, { ...rec, url: rec.url }, op, args);
      // Nobody serves the folder: take it for the time of this command.
      if (claimDataDir(flags.data)) continue;
      try {
        const central = await openCentral({ dataDir: flags.data, databaseUrl: databaseUrlFrom(flags.databaseUrl) });
        try {
          return await runAdminOp(central, op, args);
        } finally {
          await central.db.close();
        }
      } finally {
        releaseDataDir(flags.data);
      }
    }
  } catch (err) {
    if (err instanceof AdminRefusal || err instanceof CentralError) throw new CliError(err.message);
    throw err;
  }
}

function print(flags: CommonFlags, value: unknown, human: () => string[]): void {
  if (flags.json) console.log(JSON.stringify(value, null, 2));
  else for (const line of human()) console.log(line);
}

/** A configuration value: whole numbers and true/false as such, anything else as text. */
export function configValue(text: string): unknown {
  if (/^-?\d+$/.test(text) && Number.isSafeInteger(Number(text))) return Number(text);
  if (text === 'true' || text === 'false') return text === 'true';
  return text;
}

export function centralCommand(): Command {
  const cmd = new Command('central').description("The lottery's central service: terminals enrol with it, push their journals, pull signed data.");

  common(cmd.command('init'))
    .description('Create a central store in the data folder; the lottery key is created when missing (Ed25519, PKCS#8 PEM, as `emission create` uses).')
    .requiredOption('--key <file>', "the lottery's signing key")
    .action(async (flags: CommonFlags & { key: string }) => {
      const url = databaseUrlFrom(flags.databaseUrl);
      const { central, keyCreated } = await initCentral({ dataDir: flags.data, databaseUrl: url, keyFile: flags.key });
      await central.db.close();
      print(flags, { data: central.dataDir, engine: url ? 'postgres' : 'pglite', lottery_key: flags.key, fingerprint: central.lotteryKey.fingerprint, key_created: keyCreated }, () => [
        `central store created in ${central.dataDir} (${url ? `PostgreSQL ${redactUrl(url)}` : 'PGlite in the data folder'})`,
        ...(keyCreated ? [`lottery key created: ${flags.key} (keep it secret)`] : []),
        `lottery key fingerprint: ${central.lotteryKey.fingerprint}`,
      ]);
    });

  common(cmd.command('serve'))
    .description('Serve the store to terminals; prints its URL. Other `central` commands go through it while it runs.')
    .option('--listen <host:port>', `address to listen on (default ${DEFAULT_LISTEN}; port 0 picks one)`, DEFAULT_LISTEN)
    .option('--tls-cert <file>', 'TLS certificate (PEM): serve https')
    .option('--tls-key <file>', 'TLS private key (PEM)')
    .action(async (flags: CommonFlags & { listen: string; tlsCert?: string; tlsKey?: string }) => {
      if (Boolean(flags.tlsCert) !== Boolean(flags.tlsKey)) throw new CliError('--tls-cert and --tls-key go together');
      const running = await serveCentral({
        dataDir: flags.data,
        databaseUrl: databaseUrlFrom(flags.databaseUrl),
        listen: flags.listen,
        ...(flags.tlsCert && flags.tlsKey ? { tls: { certFile: flags.tlsCert, keyFile: flags.tlsKey } } : {}),
      });
      print(flags, { url: running.url, pid: process.pid }, () => [`central listening on ${running.url}`]);
      await new Promise<void>((done) => {
        const stop = (): void => {
          process.off('SIGINT', stop);
          process.off('SIGTERM', stop);
          void running.close().finally(done);
        };
        process.on('SIGINT', stop);
        process.on('SIGTERM', stop);
      });
    });

  const terminal = cmd.command('terminal').description('Register, list, disable and enable terminals.');
  common(terminal.command('add'))
    .description('Register a terminal and print its one-time enrolment code (valid 24 h).')
    .requiredOption('--id <id>', 'terminal id (letters, digits, . _ -)')
    .requiredOption('--retailer <name>', "the retailer's name")
    .action(async (flags: CommonFlags & { id: string; retailer: string }) => {
      const r = (await run(flags, 'terminal.add', { id: flags.id, retailer: flags.retailer })) as { terminal_id: string; code: string; expires_at: string };
      print(flags, r, () => [`terminal ${r.terminal_id} registered for ${flags.retailer}`, `enrolment code: ${r.code} (one use, expires ${r.expires_at})`]);
    });
  common(terminal.command('list'))
    .description('List the terminals: status, enrolment, last contact, last journal entry acknowledged.')
    .action(async (flags: CommonFlags) => {
      const rows = (await run(flags, 'terminal.list', {})) as { terminal_id: string; retailer: string; status: string; last_contact_at: string | null; last_seq: number }[];
      print(flags, rows, () =>
        rows.length === 0 ? ['no terminal'] : rows.map((t) => `${t.terminal_id}  ${t.status}  ${t.retailer}  last contact ${t.last_contact_at ?? 'never'}  journal up to ${t.last_seq}`),
      );
    });
  for (const [name, enabled] of [
    ['disable', false],
    ['enable', true],
  ] as const) {
    common(terminal.command(name))
      .description(enabled ? 'Let a disabled terminal sell and pay again.' : 'Stop a terminal: it stops selling and paying and says why; central refuses its pushes.')
      .argument('<id>', 'terminal id')
      .option('--reason <text>', 'why (shown on the terminal)', enabled ? 'enabled by the lottery' : 'disabled by the lottery')
      .action(async (id: string, flags: CommonFlags & { reason: string }) => {
        const r = await run(flags, enabled ? 'terminal.enable' : 'terminal.disable', { id, reason: flags.reason });
        print(flags, r, () => [`terminal ${id} ${enabled ? 'enabled' : 'disabled'}: ${flags.reason}`]);
      });
  }

  common(cmd.command('publish'))
    .description("Publish an emission folder's outcome files to the terminals (the print data stays at central).")
    .argument('<emission-dir>', 'folder written by `guichet emission create`')
    .action(async (dir: string, flags: CommonFlags) => {
      const { resolve } = await import('node:path');
      const rows = (await run(flags, 'publish', { dir: resolve(dir) })) as { name: string; size: number; sha256: string; already: boolean; cursor: number | null }[];
      print(flags, rows, () => rows.map((p) => (p.already ? `${p.name}: already published` : `${p.name}: published (${p.size} bytes, sha256 ${p.sha256.slice(0, 16)}…, feed ${p.cursor})`)));
    });

  const stoplist = cmd.command('stoplist').description('The stop list: packs terminals must refuse.');
  common(stoplist.command('add'))
    .description('Put a pack on the stop list (journaled at central, sent to every terminal).')
    .argument('<pack>', 'pack number')
    .requiredOption('--reason <text>', 'why')
    .action(async (pack: string, flags: CommonFlags & { reason: string }) => {
      const r = await run(flags, 'stoplist.add', { pack, reason: flags.reason });
      print(flags, r, () => [`pack ${pack} on the stop list: ${flags.reason}`]);
    });

  const config = cmd.command('config').description('Settings terminals must obey (e.g. payout_limit_max_cents).');
  common(config.command('set'))
    .description('Set a value (journaled at central, sent to every terminal). Whole numbers and true/false are typed.')
    .argument('<key>', 'setting, e.g. payout_limit_max_cents')
    .argument('<value>', 'value')
    .action(async (key: string, value: string, flags: CommonFlags) => {
      const r = await run(flags, 'config.set', { key, value: configValue(value) });
      print(flags, r, () => [`${key} = ${JSON.stringify(configValue(value))}`]);
    });

  common(cmd.command('events'))
    .description('The events central received from a terminal, and its integrity alerts.')
    .requiredOption('--terminal <id>', 'terminal id')
    .action(async (flags: CommonFlags & { terminal: string }) => {
      const r = (await run(flags, 'events', { terminal: flags.terminal })) as {
        events: { journal_seq: number; type: string; event_key: string; created_at: string }[];
        integrity_alerts: { at: string; reason: string; at_seq: number; detail: string }[];
      };
      print(flags, r, () => [
        ...(r.events.length === 0 ? [`no event from ${flags.terminal}`] : r.events.map((e) => `${e.created_at}  #${e.journal_seq}  ${e.type}  ${e.event_key}`)),
        ...r.integrity_alerts.map((a) => `INTEGRITY ALERT ${a.at}: ${a.reason} at entry ${a.at_seq}: ${a.detail}`),
      ]);
    });

  common(cmd.command('exceptions'))
    .description('Tickets paid at two terminals (found when offline payouts reached central): both payouts, terminals and retailers.')
    .action(async (flags: CommonFlags) => {
      const rows = (await run(flags, 'exceptions', {})) as PayoutException[];
      const euros = (cents: number): string => `${(cents / 100).toFixed(2)} €`;
      print(flags, rows, () =>
        rows.length === 0
          ? ['no payout exception']
          : rows.flatMap((x) => [
              `${x.ticket}: paid twice (found ${x.at})`,
              `  first:  ${x.first.at} at ${x.first.terminal} (${x.first.retailer}) ${euros(x.first.amount_cents)}`,
              `  second: ${x.second.at} at ${x.second.terminal} (${x.second.retailer}) ${euros(x.second.amount_cents)}${x.second.offline ? ', offline' : ''}, journal entry ${x.second.journal_seq}`,
            ]),
      );
    });

  common(cmd.command('uncredited'))
    .description('Journal entries central stored but does not credit (#19): payouts without its claim or allowance, at another prize, of another retailer\'s pack; sales and payouts of a disabled terminal.')
    .action(async (flags: CommonFlags) => {
      const rows = (await run(flags, 'uncredited', {})) as UncreditedEntry[];
      print(flags, rows, () =>
        rows.length === 0
          ? ['no uncredited entry']
          : rows.map((x) => `${x.terminal} (${x.retailer}) #${x.journal_seq} ${x.type}${x.ticket ? ` ${x.ticket}` : ''} ${(x.amount_cents / 100).toFixed(2)} €${x.offline ? ', offline' : ''}: ${x.reason} — ${x.detail}`),
      );
    });

  const packs = cmd.command('packs');
  // `packs ship`: its --data, --database-url and --json are the listing's, read with the parent's options.
  packs
    .command('ship')
    .description('Ship packs to a retailer: only its terminals may receive them (journaled at central).')
    .argument('<packs...>', 'pack numbers GGG-EEE-BB-PPPPP')
    .requiredOption('--retailer <name>', 'the retailer they go to (as given at `terminal add`)')
    .action(async (numbers: string[], _flags: { retailer: string }, self: Command) => {
      const flags = self.optsWithGlobals<CommonFlags & { retailer: string }>();
      const r = (await run(flags, 'packs.ship', { packs: numbers, retailer: flags.retailer })) as { pack: string; retailer: string; shipped_at: string }[];
      print(flags, r, () => r.map((x) => `pack ${x.pack} shipped to ${x.retailer} (${x.shipped_at})`));
    });
  common(packs)
    .description('Packs by state at central (received, active, settled with the reason, returned); settles first what is due by days.')
    .option('--state <state>', 'only this state: received, active, settled, returned')
    .option('--terminal <id>', 'only the packs of this terminal')
    .action(async (flags: CommonFlags & { state?: string; terminal?: string }) => {
      const r = (await run(flags, 'packs', { ...(flags.state ? { state: flags.state } : {}), ...(flags.terminal ? { terminal: flags.terminal } : {}) })) as {
        settled_now: number;
        packs: CentralPackView[];
      };
      print(flags, r, () => [
        ...(r.settled_now > 0 ? [`${r.settled_now} pack(s) settled now (days since activation)`] : []),
        ...(r.packs.length === 0
          ? ['no pack']
          : r.packs.map(
              (p) =>
                `${p.number}  ${p.state}${p.settle_reason ? ` (${p.settle_reason})` : ''}  terminal ${p.terminal}  low-tier ${p.low_tier_validated}/${p.low_tier_winners}` +
                `${p.activated_at ? `  activated ${p.activated_at}` : ''}${p.settled_at ? `  settled ${p.settled_at}` : ''}`,
            )),
      ]);
    });

  const euros = (cents: number): string => `${(cents / 100).toFixed(2)} €`;
  common(cmd.command('claims'))
    .description('Prize claims filed at terminals: claim forms (above the payout limit) and claim receipts (central unreachable, offline limits reached).')
    .action(async (flags: CommonFlags) => {
      const rows = (await run(flags, 'claims', {})) as PrizeClaim[];
      print(flags, rows, () =>
        rows.length === 0
          ? ['no prize claim']
          : rows.map(
              (p) =>
                `${p.filed_at}  ${p.kind === 'over-limit' ? 'claim form   ' : 'claim receipt'}  ${p.ticket}  ${euros(p.amount_cents)}  at ${p.terminal} (${p.retailer})` +
                `${p.receipt_no === null ? '' : ` receipt ${p.receipt_no}`}${p.reason ? `: ${p.reason}` : ''}`,
            ),
      );
    });

  common(cmd.command('statement'))
    .description("A retailer's account for an ISO week: sales, payouts, claims, commissions, settled packs and the amount due.")
    .requiredOption('--retailer <name>', "the retailer's name, as `terminal add --retailer` gave it")
    .requiredOption('--week <YYYY-Www>', 'ISO week, e.g. 2026-W49')
    .action(async (flags: CommonFlags & { retailer: string; week: string }) => {
      const s = (await run(flags, 'statement', { retailer: flags.retailer, week: flags.week })) as RetailerStatement;
      const pct = (bp: number): string => `${(bp / 100).toFixed(2)} %`;
      print(flags, s, () => [
        `${s.retailer}, week ${s.week} (${s.from} – ${s.to}), terminals ${s.terminals.join(', ')}`,
        `  sales        ${s.sales.count} tickets  ${euros(s.sales.amount_cents)}`,
        `  voids        ${s.voids.count} tickets  ${euros(s.voids.amount_cents)}`,
        `  net sales    ${euros(s.net_sales_cents)}`,
        `  payouts      ${s.payouts.count} prizes  ${euros(s.payouts.amount_cents)}`,
        `  claims       ${s.claims.count} prizes  ${euros(s.claims.amount_cents)} (paid by the lottery)`,
        `  commission on sales    ${pct(s.commission_rates.sales_bp)}  ${euros(s.commissions.sales_cents)}`,
        `  commission on cashing  ${pct(s.commission_rates.cashing_bp)}  ${euros(s.commissions.cashing_cents)}`,
        `  settled packs  ${s.settled_packs.count}  ${euros(s.settled_packs.value_cents)}`,
        `  amount due to the lottery  ${euros(s.amount_due_cents)}`,
      ]);
    });

  common(cmd.command('terminals'))
    .description('What central holds per terminal: last contact, last acknowledged entry and hash, events by type, refused pushes.')
    .action(async (flags: CommonFlags) => {
      const rows = (await run(flags, 'terminals', {})) as TerminalReport[];
      print(flags, rows, () =>
        rows.flatMap((t) => [
          `${t.terminal_id} (${t.retailer}) ${t.status}, last contact ${t.last_contact_at ?? 'never'}`,
          `  journal: up to entry ${t.last_seq}, hash ${t.last_hash}`,
          `  events: ${Object.entries(t.events_by_type).map(([k, n]) => `${k} ${n}`).join(', ') || 'none'}`,
          ...(t.integrity_alerts > 0 ? [`  integrity alerts: ${t.integrity_alerts}`] : []),
          ...t.refused_pushes.map((p) => `  refused push ${p.at}: ${p.reason}${p.at_seq === null ? '' : ` at entry ${p.at_seq}`}: ${p.detail}`),
        ]),
      );
    });
  return cmd;
}
