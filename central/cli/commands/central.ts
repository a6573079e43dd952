/** `guichet central …`: the lottery's system of record (store, service, terminals, publications). */
import { randomUUID } from 'node:crypto';
import { Command, Option } from 'commander';
import { ZodError } from 'zod';
import { zodInWords } from '../../../common/zod-words.js';
import { CliError } from '../../../common/cli-run.js';
import { AdminRefusal, callService, loginAtService, logoutAtService } from '../../admin/client.js';
import type { Role } from '../../admin/roles.js';
import type { Central } from '../../store/context.js';
import { credentialsFor, withLoginOptions, type Credentials, type LoginFlags } from '../operator-login.js';
import { localTime } from '../local-time.js';
import { printedTicket } from '../ticket-number.js';
import type { AdminOp } from '../../admin/ops.js';
import { CentralError } from '../../store/context.js';
import type { PayoutException } from '../../store/claims.js';
import type { UncreditedEntry } from '../../store/payout-checks.js';
import type { CentralPackView } from '../../../common/protocol/index.js';
import type { TerminalReport } from '../../store/reports.js';
import type { RetailerStatement } from '../../../common/protocol/index.js';
import { claimDataDir, releaseDataDir, waitForService } from '../../server/holder.js';
import { DEFAULT_LISTEN } from '../../server/listen.js';
import { makeTlsFiles, tlsFilesOf } from '../../server/tls-files.js';
import { existsSync, readFileSync } from 'node:fs';
import { groupedFingerprint } from '../../../common/protocol/index.js';
import { addKeysCommands, rootKey } from './keys.js';
import { announceCas } from '../../../node/outcome/certificates.js';
import { addUpdatesCommands } from './updates.js';
import { addBackupCommands } from './backup.js';
import { addBackOfficeCommands } from './back-office.js';
import { addClaimsCommands } from './claims.js';
import type { StopListed } from '../../store/reference-reads.js';
import { exceptionStage, type ExceptionStage, type ExceptionsView } from '../../../common/console/exceptions.js';

interface CommonFlags extends LoginFlags {
  data: string;
  databaseUrl?: string;
  json?: boolean;
}

function common(cmd: Command): Command {
  return withLoginOptions(
    cmd
      .requiredOption('--data <dir>', 'central data folder')
      .addOption(new Option('--database-url <url>', 'PostgreSQL server, without its password (that goes in PGPASSWORD or ~/.pgpass, or the whole URL in $GUICHET_DATABASE_URL; default: PGlite in the data folder)').env('GUICHET_DATABASE_URL'))
      .option('--json', 'print JSON'),
  );
}

/** The context an operation runs in on the store itself (no service): the operator's session, or the setup actor while fewer than two administrators exist. */
async function storeCaller(central: Central, creds: Credentials): Promise<{ actor: string; roles: readonly Role[]; setup?: boolean; token?: string }> {
  const { setupWindowOpen, login, sessionOf } = await import('../../store/operators.js');
  if (creds.kind === 'setup') {
    if (!(await setupWindowOpen(central.db))) throw new CliError('two administrators exist: log in first (guichet central login --data DIR), or give --operator NAME');
    return { actor: 'setup', roles: ['administrator'], setup: true };
  }
  if (creds.kind === 'login') {
    const s = await login(central, { operator: creds.operator, password: creds.password, totp: creds.totp, address: 'local' });
    return { actor: s.operator, roles: s.roles, token: s.token };
  }
  const s = await sessionOf(central, creds.token);
  if (!s) throw new CliError(`the session of ${creds.operator} ended: log in again (guichet central login --data DIR)`);
  return { actor: s.operator, roles: s.roles };
}

/** Runs an operation through the running service when there is one, else on the store directly, as the operator the flags name. */
async function run(flags: CommonFlags, op: AdminOp, args: Record<string, unknown>, reason?: string): Promise<unknown> {
  try {
    const creds = await credentialsFor(flags.data, flags);
    for (;;) {
      const rec = await waitForService(flags.data);
      if (rec?.url) {
        const at = { ...rec, url: rec.url };
        if (creds.kind !== 'login') return await callService(flags.data, at, op, args, creds.kind === 'session' ? { session: creds.token } : { setup: true }, reason);
        const s = await loginAtService(at, creds);
        try {
          return await callService(flags.data, at, op, args, { session: s.token }, reason);
        } finally {
          await logoutAtService(at, s.token).catch(() => undefined);
        }
      }
      // Nobody serves the folder: take it for the time of this command.
      if (claimDataDir(flags.data)) continue;
      try {
        const [{ databaseUrlFrom, openCentral }, { runAdminOpFor }, { logout }] = await Promise.all([import('../../store/open.js'), import('../../admin/ops.js'), import('../../store/operators.js')]);
        const central = await openCentral({ dataDir: flags.data, databaseUrl: databaseUrlFrom(flags.databaseUrl) });
        try {
          const caller = await storeCaller(central, creds);
          try {
            return (await runAdminOpFor(central, op, args, { ...caller, idempotencyKey: randomUUID(), ...(reason ? { reason } : {}) })).result;
          } finally {
            if (caller.token) await logout(central, caller.token);
          }
        } finally {
          await central.db.close();
        }
      } finally {
        releaseDataDir(flags.data);
      }
    }
  } catch (err) {
    if (err instanceof AdminRefusal || err instanceof CentralError) throw new CliError(err.message);
    if (err instanceof ZodError) throw new CliError(zodInWords(err));
    throw err;
  }
}

/** A proposal (dual control) instead of the act: say so, and how it is approved. */
function proposed(value: unknown): { proposal_id: number; expires_at: string } | null {
  const v = value as { proposal_id?: unknown; status?: unknown; expires_at?: unknown } | null;
  return v && typeof v === 'object' && typeof v.proposal_id === 'number' && v.status === 'proposed' ? { proposal_id: v.proposal_id, expires_at: String(v.expires_at) } : null;
}

function print(flags: Pick<CommonFlags, 'json'>, value: unknown, human: () => string[]): void {
  const p = proposed(value);
  if (flags.json) console.log(JSON.stringify(value, null, 2));
  else if (p) {
    console.log(`proposed as #${p.proposal_id} (dual control): another operator approves it with guichet central proposal approve ${p.proposal_id} --reason TEXT, before ${localTime(p.expires_at)}`);
  } else for (const line of human()) console.log(line);
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
    .description(
      "Create a central store in the data folder with the lottery's root (made when missing, kept outside the data folder), " +
        'the emission key (made when missing; `emission create --key` signs with it) and central\'s online key, both certified by the root.',
    )
    .requiredOption('--key <file>', "the lottery's emission key (signs outcome files)")
    .option('--root <file>', "the lottery root's private key (default: root.key next to --key); central never needs it after init")
    .action(async (flags: CommonFlags & { key: string; root?: string }) => {
      const [{ databaseUrlFrom, initCentral }, { redactUrl }] = await Promise.all([import('../../store/open.js'), import('../../store/postgres.js')]);
      const url = databaseUrlFrom(flags.databaseUrl);
      const r = await initCentral({ dataDir: flags.data, databaseUrl: url, keyFile: flags.key, rootKeyFile: flags.root });
      const { central } = r;
      await central.db.close();
      print(
        flags,
        {
          data: central.dataDir,
          engine: url ? 'postgres' : 'pglite',
          lottery_key: flags.key,
          emission_fingerprint: r.emissionFingerprint,
          key_created: r.keyCreated,
          root_key: r.rootKeyFile,
          root_fingerprint: r.rootFingerprint,
          root_created: r.rootCreated,
          online_fingerprint: central.lotteryKey.fingerprint,
        },
        () => [
          `central store created in ${central.dataDir} (${url ? `PostgreSQL ${redactUrl(url)}` : 'PGlite in the data folder'})`,
          ...(r.rootCreated ? [`lottery root key created: ${r.rootKeyFile} (keep it offline; central never needs it again)`] : []),
          `lottery root fingerprint: ${groupedFingerprint(r.rootFingerprint)}`,
          ...(r.keyCreated ? [`emission key created: ${flags.key} (keep it secret)`] : []),
          `emission key fingerprint: ${r.emissionFingerprint}`,
          `central's online key: ${central.lotteryKey.fingerprint}`,
        ],
      );
    });

  const tlsCmd = cmd.command('tls').description("Central's TLS: the lottery's certificate authority, the server certificate, and the pin terminals hold.");
  tlsCmd
    .command('make')
    .description("Make the lottery's TLS files in the data folder (tls/): its certificate authority when missing (hand ca.pem to every terminal with its code, and read out its fingerprint), and a new server certificate for the hosts named. `central serve` then serves https.")
    .requiredOption('--data <dir>', 'central data folder')
    .requiredOption('--host <name...>', 'host names or IP addresses terminals reach central by')
    .option('--days <n>', 'validity of the server certificate, days (at most 397)', '397')
    .option('--json', 'print JSON')
    .action((flags: { data: string; host: string[]; days: string; json?: boolean }) => {
      let made: ReturnType<typeof makeTlsFiles>;
      try {
        made = makeTlsFiles(flags.data, flags.host, Number(flags.days));
      } catch (err) {
        throw new CliError((err as Error).message);
      }
      print(flags, { ca: made.files.caCert, ca_fingerprint: made.caFingerprint, ca_created: made.caCreated, server_cert: made.files.serverCert, hosts: made.hosts, server_not_after: made.serverNotAfter }, () => [
        made.caCreated ? `certificate authority created: ${made.files.caCert} (its key ca.key stays here)` : `certificate authority kept: ${made.files.caCert}`,
        `authority fingerprint (SHA-256), to read out with each enrolment code: ${made.caFingerprint}`,
        `server certificate for ${made.hosts.join(', ')} until ${localTime(made.serverNotAfter)}: ${made.files.serverCert}`,
      ]);
    });

  common(tlsCmd.command('announce'))
    .description(
      "Announce on the signed feed the certificate authorities central may chain to from now on (the terminals' pin): the current and the next one before switching central's certificate, then the next alone. Signed by the lottery root, read only to sign in this process (terminals take no other); under dual control.",
    )
    .requiredOption('--ca <file...>', 'certificate authority files (PEM), 1 to 4')
    .requiredOption('--root <file>', "the lottery root's private key (the announcement is signed with it here; central never sees it)")
    .requiredOption('--reason <text>', 'why (journaled, and travels with the proposal)')
    .action(async (flags: CommonFlags & { ca: string[]; root: string; reason: string }) => {
      const certificates = flags.ca.map((f) => {
        try {
          return readFileSync(f, 'utf8');
        } catch (err) {
          throw new CliError(`cannot read ${f}: ${(err as Error).message}`);
        }
      });
      if (certificates.length > 4) throw new CliError('announce 1 to 4 certificate authorities');
      const announcement = announceCas(rootKey(flags.root).privateKey, certificates, new Date().toISOString());
      const r = (await run(flags, 'tls.announce', { announcement, reason: flags.reason })) as { cursor: number };
      print(flags, r, () => [`certificate authorities announced at feed cursor ${r.cursor}`]);
    });

  common(cmd.command('serve'))
    .description('Serve the store to terminals; prints its URL. Other `central` commands go through it while it runs.')
    .option('--listen <host:port>', `address to listen on (default ${DEFAULT_LISTEN}; port 0 picks one)`, DEFAULT_LISTEN)
    .option('--tls-cert <file>', 'TLS certificate (PEM): serve https')
    .option('--tls-key <file>', 'TLS private key (PEM)')
    .addOption(new Option('--log-level <level>', 'structured JSON log on standard output: fatal, error, warn, info (one line per answer), debug, silent').env('GUICHET_LOG_LEVEL').default('info'))
    .addOption(new Option('--trusted-proxy <addresses>', "reverse proxies (addresses or CIDR ranges, comma-separated) whose X-Forwarded-For names the client for quotas and login delays (default: none, the header is ignored)").env('GUICHET_TRUSTED_PROXIES'))
    .action(async (flags: CommonFlags & { listen: string; tlsCert?: string; tlsKey?: string; logLevel: string; trustedProxy?: string }) => {
      if (!['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].includes(flags.logLevel)) throw new CliError(`--log-level is fatal, error, warn, info, debug or silent, not '${flags.logLevel}'`);
      if (Boolean(flags.tlsCert) !== Boolean(flags.tlsKey)) throw new CliError('--tls-cert and --tls-key go together');
      // The data folder's own TLS files (`central tls`) when none are named.
      const own = tlsFilesOf(flags.data);
      const tls = flags.tlsCert && flags.tlsKey ? { certFile: flags.tlsCert, keyFile: flags.tlsKey } : existsSync(own.serverCert) && existsSync(own.serverKey) ? { certFile: own.serverCert, keyFile: own.serverKey } : null;
      const [{ databaseUrlFrom }, { serveCentral }] = await Promise.all([import('../../store/open.js'), import('../../server/serve.js')]);
      const running = await serveCentral({
        dataDir: flags.data,
        databaseUrl: databaseUrlFrom(flags.databaseUrl),
        listen: flags.listen,
        logLevel: flags.logLevel,
        ...(tls ? { tls } : {}),
        trustedProxies: (flags.trustedProxy ?? '').split(',').map((a) => a.trim()).filter(Boolean),
      });
      print(flags, { url: running.url, pid: process.pid }, () => [`central listening on ${running.url}`]);
      // SIGTERM (or ^C): stop accepting, finish the requests in flight, close the pool, exit 0.
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
    .description("Register a terminal and print its enrolment letter: the one-time code (valid 24 h) and the lottery root's fingerprint.")
    .requiredOption('--id <id>', 'terminal id (letters, digits, . _ -)')
    .requiredOption('--retailer <retailer>', "the retailer: its id (R000001) or its name, any case (a new name makes a record)")
    .action(async (flags: CommonFlags & { id: string; retailer: string }) => {
      const r = (await run(flags, 'terminal.add', { id: flags.id, retailer: flags.retailer })) as { terminal_id: string; code: string; expires_at: string; root: string; retailer: string; retailer_id: string };
      // The enrolment letter: the code and the root's fingerprint travel together, out of band, to the technician.
      print(flags, r, () => [
        `terminal ${r.terminal_id} registered for ${r.retailer} (${r.retailer_id})`,
        `enrolment code: ${r.code} (one use, expires ${localTime(r.expires_at)})`,
        `lottery root fingerprint: ${groupedFingerprint(r.root)}`,
        `on the terminal: guichet enroll --central URL --root ${r.root} --manager NAME (it asks for the code and the manager's PIN)`,
      ]);
    });
  common(terminal.command('list'))
    .description('List the terminals: status, enrolment, last contact, last journal entry acknowledged.')
    .action(async (flags: CommonFlags) => {
      const rows = (await run(flags, 'terminal.list', {})) as { terminal_id: string; retailer: string; status: string; last_contact_at: string | null; last_seq: number }[];
      print(flags, rows, () =>
        rows.length === 0 ? ['no terminal'] : rows.map((t) => `${t.terminal_id}  ${t.status}  ${t.retailer}  last contact ${localTime(t.last_contact_at)}  journal up to entry ${t.last_seq}`),
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
    .option('--reason <text>', 'why (journaled; publishing goes under dual control once operators exist)')
    .action(async (dir: string, flags: CommonFlags & { reason?: string }) => {
      const { resolve } = await import('node:path');
      const rows = (await run(flags, 'publish', { dir: resolve(dir) }, flags.reason)) as { name: string; size: number; sha256: string; already: boolean; cursor: number | null }[];
      print(flags, rows, () => rows.map((p) => (p.already ? `${p.name}: already published` : `${p.name}: published (${p.size} bytes, sha256 ${p.sha256.slice(0, 16)}…, feed ${p.cursor})`)));
    });

  const stoplist = cmd.command('stoplist').description('The stop list: packs terminals must refuse.');
  common(stoplist.command('add'))
    .description('Put a pack on the stop list (journaled at central, sent to every terminal).')
    .argument('<pack>', 'pack number GGG-EEE-BB-PPPPP (dashes optional)')
    .requiredOption('--reason <text>', 'why')
    .action(async (pack: string, flags: CommonFlags & { reason: string }) => {
      const r = (await run(flags, 'stoplist.add', { pack, reason: flags.reason })) as { pack: string };
      print(flags, r, () => [`pack ${r.pack} on the stop list: ${flags.reason}`]);
    });
  common(stoplist.command('list'))
    .description('The packs on the stop list: since when, by whom, why (with --all, those lifted too, and by whom).')
    .option('--all', 'lifted entries too')
    .action(async (flags: CommonFlags & { all?: boolean }) => {
      const rows = (await run(flags, 'stoplist.list', flags.all ? { all: true } : {})) as StopListed[];
      print(flags, rows, () =>
        rows.length === 0
          ? ['the stop list is empty']
          : rows.map(
              (x) =>
                `${x.pack}  since ${localTime(x.added_at)}${x.added_by ? ` by ${x.added_by}` : ''}: ${x.reason}` +
                (x.removed_at ? `  (lifted ${localTime(x.removed_at)}${x.removed_by ? ` by ${x.removed_by}` : ''})` : ''),
            ),
      );
    });
  common(stoplist.command('remove'))
    .description('Lift a pack from the stop list, under dual control (another operator approves); terminals then accept it again.')
    .argument('<pack>', 'pack number')
    .requiredOption('--reason <text>', 'why (journaled)')
    .action(async (pack: string, flags: CommonFlags & { reason: string }) => {
      const r = await run(flags, 'stoplist.remove', { pack, reason: flags.reason });
      print(flags, r, () => [`pack ${pack} lifted from the stop list: ${flags.reason}`]);
    });

  const config = cmd.command('config').description('Settings terminals must obey (e.g. payout_limit_max_cents).');
  common(config.command('set'))
    .description('Set a value (journaled at central, sent to every terminal). Whole numbers and true/false are typed.')
    .argument('<key>', 'setting, e.g. payout_limit_max_cents')
    .argument('<value>', 'value')
    .option('--reason <text>', 'why (journaled; required for the payout and offline limits, which go under dual control)')
    .action(async (key: string, value: string, flags: CommonFlags & { reason?: string }) => {
      const r = await run(flags, 'config.set', { key, value: configValue(value) }, flags.reason);
      print(flags, r, () => [`${key} = ${JSON.stringify(configValue(value))}`]);
    });
  common(config.command('get'))
    .description('One value, and when it was set.')
    .argument('<key>', 'setting')
    .action(async (key: string, flags: CommonFlags) => {
      const r = (await run(flags, 'config.get', { key })) as { key: string; value: unknown; updated_at: string };
      print(flags, r, () => [`${r.key} = ${JSON.stringify(r.value)}  (set ${localTime(r.updated_at)})`]);
    });
  common(config.command('list'))
    .description('Every value set.')
    .action(async (flags: CommonFlags) => {
      const rows = (await run(flags, 'config.list', {})) as { key: string; value: unknown; updated_at: string }[];
      print(flags, rows, () => (rows.length === 0 ? ['no value set'] : rows.map((r) => `${r.key} = ${JSON.stringify(r.value)}  (set ${localTime(r.updated_at)})`)));
    });
  common(config.command('history'))
    .description("Every change (of one key, or all), oldest first, from central's journal: when, who, what.")
    .argument('[key]', 'setting')
    .action(async (key: string | undefined, flags: CommonFlags) => {
      const rows = (await run(flags, 'config.history', key ? { key } : {})) as { entry_id: number; at: string; actor: string; proposed_by?: string | null; key: string; value: unknown }[];
      // Under dual control: who proposed, then who approved.
      const who = (r: (typeof rows)[number]): string => (r.proposed_by ? `${r.proposed_by} → ${r.actor}` : r.actor);
      print(flags, rows, () => (rows.length === 0 ? ['no change'] : rows.map((r) => `${localTime(r.at)}  ${who(r)}  ${r.key} = ${JSON.stringify(r.value)}  (journal entry ${r.entry_id})`)));
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
        ...(r.events.length === 0 ? [`no event from ${flags.terminal}`] : r.events.map((e) => `${localTime(e.created_at)}  #${e.journal_seq}  ${e.type}  ${e.event_key}`)),
        ...r.integrity_alerts.map((a) => `INTEGRITY ALERT ${localTime(a.at)}: ${a.reason} at entry ${a.at_seq}: ${a.detail}`),
      ]);
    });

  type ListedException = PayoutException & ExceptionCase & { id: number | null; state: ExceptionsView[number]['state']; settled_at: string | null; settle_reason: string | null };
  type ExceptionCase = Pick<ExceptionsView[number], 'investigating_at' | 'investigating_by' | 'note' | 'closed_at' | 'closed_by' | 'close_reason'>;
  type ActedException = ExceptionCase & { ticket: string; amount_cents: number; state: ExceptionsView[number]['state'] };
  const euros2 = (cents: number): string => `${(cents / 100).toFixed(2)} €`;
  const STAGE_WORDS: Readonly<Record<ExceptionStage, string>> = { open: 'open', investigating: 'under investigation', charged_back: 'charged back', written_off: 'written off', closed: 'closed' };
  /** Where an exception stands, in words: "closed (written off)", "charged back, under investigation", "open"… */
  const stageWords = (x: ActedException | ListedException): string => {
    const stage = exceptionStage(x);
    if (stage === 'closed') return `closed (${STAGE_WORDS[x.state]})`;
    return stage !== 'investigating' && x.investigating_at ? `${STAGE_WORDS[stage]}, under investigation` : STAGE_WORDS[stage];
  };
  const exceptionId = (id: string | undefined): number => {
    if (!id || !/^[1-9][0-9]{0,15}$/.test(id)) throw new CliError(`'${id ?? ''}' is not an exception number: see guichet central exceptions`);
    return Number(id);
  };
  const writeOff = async (id: string | undefined, flags: CommonFlags & { reason?: string }): Promise<void> => {
    exceptionId(id);
    if (!flags.reason) throw new CliError('say why with --reason <text>');
    const r = (await run(flags, 'exceptions.write-off', { id: Number(id), reason: flags.reason })) as { ticket: string; amount_cents: number };
    print(flags, r, () => [`exception #${id} (${printedTicket(r.ticket)}, ${euros2(r.amount_cents)}) written off: ${flags.reason ?? ''}`]);
  };
  const investigate = async (id: string | undefined, flags: CommonFlags & { note?: string }): Promise<void> => {
    const n = exceptionId(id);
    if (!flags.note) throw new CliError('say what is being investigated with --note <text>');
    const r = (await run(flags, 'exceptions.investigate', { id: n, note: flags.note })) as ActedException;
    print(flags, r, () => [`exception #${n} (${printedTicket(r.ticket)}, ${euros2(r.amount_cents)}) ${stageWords(r)}: by ${r.investigating_by ?? '?'} since ${localTime(r.investigating_at ?? '')}: ${r.note ?? ''}`]);
  };
  const closeIt = async (id: string | undefined, flags: CommonFlags & { reason?: string }): Promise<void> => {
    const n = exceptionId(id);
    if (!flags.reason) throw new CliError('say why with --reason <text>');
    const r = (await run(flags, 'exceptions.close', { id: n, reason: flags.reason })) as ActedException;
    print(flags, r, () => [`exception #${n} (${printedTicket(r.ticket)}, ${euros2(r.amount_cents)}) ${stageWords(r)} by ${r.closed_by ?? '?'} ${localTime(r.closed_at ?? '')}: ${r.close_reason ?? ''}`]);
  };
  common(cmd.command('exceptions'))
    .description(
      'Tickets paid at two terminals (found when offline payouts reached central): both payouts, terminals and retailers, and what became of it (open, under investigation, charged back, written off, closed). ' +
        '`exceptions write-off ID --reason TEXT`: the lottery bears the second payout (a chargeback is given back on this week\'s statement), journaled at central. ' +
        '`exceptions investigate ID --note TEXT`: you are investigating it (your note replaces the one before). ' +
        '`exceptions close ID --reason TEXT`: closes one charged back or written off; nothing is done to it after.',
    )
    .argument('[action]', 'write-off, investigate or close')
    .argument('[id]', 'exception number (#ID in the list)')
    .option('--reason <text>', 'why (write-off, close)')
    .option('--note <text>', 'what is being investigated (investigate)')
    .action(async (action: string | undefined, id: string | undefined, flags: CommonFlags & { reason?: string; note?: string }) => {
      if (action === 'write-off') return writeOff(id, flags);
      if (action === 'investigate') return investigate(id, flags);
      if (action === 'close') return closeIt(id, flags);
      if (action !== undefined) throw new CliError(`unknown action '${action}': guichet central exceptions [write-off ID --reason TEXT | investigate ID --note TEXT | close ID --reason TEXT]`);
      const rows = (await run(flags, 'exceptions', {})) as ListedException[];
      print(flags, rows, () =>
        rows.length === 0
          ? ['no payout exception']
          : rows.flatMap((x) => [
              `${x.id === null ? '' : `#${x.id} `}${printedTicket(x.ticket)}: paid twice (found ${localTime(x.at)}), ${x.state.replace('_', ' ')}${x.settled_at ? ` ${localTime(x.settled_at)}` : ''}${x.settle_reason ? `: ${x.settle_reason}` : ''}`,
              `  first:  ${localTime(x.first.at)} at ${x.first.terminal} (${x.first.retailer}) ${euros2(x.first.amount_cents)}`,
              `  second: ${localTime(x.second.at)} at ${x.second.terminal} (${x.second.retailer}) ${euros2(x.second.amount_cents)}${x.second.offline ? ', offline' : ''}, journal entry ${x.second.journal_seq}`,
              ...(x.investigating_at ? [`  under investigation by ${x.investigating_by ?? '?'} since ${localTime(x.investigating_at)}: ${x.note ?? ''}`] : []),
              ...(x.closed_at ? [`  closed by ${x.closed_by ?? '?'} ${localTime(x.closed_at)}: ${x.close_reason ?? ''}`] : []),
            ]),
      );
    });

  const quarantine = cmd.command('quarantine').description('Journal entries and events central could not store as text (a NUL, a lone surrogate), kept as bytes.');
  common(quarantine.command('list'))
    .description('Every quarantined entry and event, oldest first.')
    .option('--terminal <id>', 'only this terminal')
    .action(async (flags: CommonFlags & { terminal?: string }) => {
      const rows = (await run(flags, 'quarantine.list', flags.terminal ? { terminal: flags.terminal } : {})) as { terminal: string; kind: string; seq: number; name: string; reason: string; received_at: string; bytes: number }[];
      print(flags, rows, () =>
        rows.length === 0 ? ['nothing quarantined'] : rows.map((q) => `${localTime(q.received_at)}  ${q.terminal}  ${q.kind} ${q.kind === 'entry' ? `#${q.seq} ${q.name}` : `${q.name} (entry #${q.seq})`}  ${q.bytes} bytes: ${q.reason}`),
      );
    });
  common(quarantine.command('show'))
    .description('One quarantined entry (by its number) or event (by its key), as the JSON it was received as.')
    .argument('<terminal>', 'terminal id')
    .argument('<ref>', 'entry number, or event key')
    .action(async (terminal: string, ref: string, flags: CommonFlags) => {
      const r = (await run(flags, 'quarantine.show', { terminal, ref })) as { kind: string; reason: string; received_at: string; json: string };
      print(flags, r, () => [`${terminal} ${r.kind} ${ref}, received ${localTime(r.received_at)}: ${r.reason}`, r.json]);
    });

  common(cmd.command('uncredited'))
    .description('Journal entries central stored but does not credit (#19): payouts without its claim or allowance, at another prize, of another retailer\'s pack; voids that take back no sale central credited, or more than its lines (#39); sales, voids and payouts of a disabled terminal.')
    .action(async (flags: CommonFlags) => {
      const rows = (await run(flags, 'uncredited', {})) as UncreditedEntry[];
      print(flags, rows, () =>
        rows.length === 0
          ? ['no uncredited entry']
          : rows.map((x) => `${x.terminal} (${x.retailer}) #${x.journal_seq} ${x.type}${x.ticket ? ` ${printedTicket(x.ticket)}` : ''} ${(x.amount_cents / 100).toFixed(2)} €${x.offline ? ', offline' : ''}: ${x.reason} — ${x.detail}`),
      );
    });

  const packs = cmd.command('packs');
  // `packs ship`: its --data, --database-url and --json are the listing's, read with the parent's options.
  packs
    .command('ship')
    .description('Ship packs to a retailer: only its terminals may receive them (journaled at central).')
    .argument('<packs...>', 'pack numbers GGG-EEE-BB-PPPPP')
    .requiredOption('--retailer <retailer>', 'the retailer they go to: id (R000001) or name, any case')
    .action(async (numbers: string[], _flags: { retailer: string }, self: Command) => {
      const flags = self.optsWithGlobals<CommonFlags & { retailer: string }>();
      const r = (await run(flags, 'packs.ship', { packs: numbers, retailer: flags.retailer })) as { pack: string; retailer: string; shipped_at: string }[];
      print(flags, r, () => r.map((x) => `pack ${x.pack} shipped to ${x.retailer} (${localTime(x.shipped_at)})`));
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
        ...(r.settled_now > 0 ? [`${r.settled_now} ${r.settled_now === 1 ? 'pack' : 'packs'} settled now (days since activation)`] : []),
        ...(r.packs.length === 0
          ? ['no pack']
          : r.packs.map(
              (p) =>
                `${p.number}  ${p.state}${p.settle_reason && p.settle_reason !== p.state ? ` (${p.settle_reason})` : ''}  terminal ${p.terminal}  low-tier ${p.low_tier_validated}/${p.low_tier_winners}` +
                `${p.activated_at ? `  activated ${localTime(p.activated_at)}` : ''}${p.settled_at ? `  settled ${localTime(p.settled_at)}` : ''}`,
            )),
      ]);
    });

  const euros = (cents: number): string => `${(cents / 100).toFixed(2)} €`;
  const count = (n: number, one: string): string => `${n} ${n === 1 ? one : `${one}s`}`;
  addClaimsCommands(cmd, { common, run, print });

  common(cmd.command('statement'))
    .description("A retailer's account for an ISO week: sales, payouts, claims, commissions, settled packs and the amount due.")
    .requiredOption('--retailer <retailer>', 'the retailer: id (R000001) or name, any case')
    .requiredOption('--week <YYYY-Www>', 'ISO week, e.g. 2026-W49')
    .action(async (flags: CommonFlags & { retailer: string; week: string }) => {
      const s = (await run(flags, 'statement', { retailer: flags.retailer, week: flags.week })) as RetailerStatement;
      const pct = (bp: number): string => `${(bp / 100).toFixed(2)} %`;
      print(flags, s, () => [
        `${s.retailer}, week ${s.week} (${localTime(s.from)} – ${localTime(s.to)}), ${s.terminals.length === 1 ? 'terminal' : 'terminals'} ${s.terminals.join(', ')}`,
        `  sales        ${count(s.sales.count, 'ticket')}  ${euros(s.sales.amount_cents)}`,
        `  voids        ${count(s.voids.count, 'ticket')}  ${euros(s.voids.amount_cents)}`,
        `  net sales    ${euros(s.net_sales_cents)}`,
        `  payouts      ${count(s.payouts.count, 'prize')}  ${euros(s.payouts.amount_cents)}`,
        `  claims       ${count(s.claims.count, 'prize')}  ${euros(s.claims.amount_cents)} (paid by the lottery)`,
        `  commission on sales    ${pct(s.commission_rates.sales_bp)}  ${euros(s.commissions.sales_cents)}`,
        `  commission on cashing  ${pct(s.commission_rates.cashing_bp)}  ${euros(s.commissions.cashing_cents)}`,
        `  settled packs  ${count(s.settled_packs.count, 'pack')}  ${euros(s.settled_packs.value_cents)}`,
        `  amount due to the lottery  ${euros(s.amount_due_cents)}`,
      ]);
    });

  common(cmd.command('terminals'))
    .description('What central holds per terminal: last contact, last acknowledged entry and hash, events by type, refused pushes.')
    .action(async (flags: CommonFlags) => {
      const rows = (await run(flags, 'terminals', {})) as TerminalReport[];
      print(flags, rows, () =>
        rows.flatMap((t) => [
          `${t.terminal_id} (${t.retailer}) ${t.status}, last contact ${localTime(t.last_contact_at)}`,
          `  journal: up to entry ${t.last_seq}, hash ${t.last_hash}`,
          `  events: ${Object.entries(t.events_by_type).map(([k, n]) => `${k} ${n}`).join(', ') || 'none'}`,
          ...(t.integrity_alerts > 0 ? [`  integrity alerts: ${t.integrity_alerts}`] : []),
          ...t.refused_pushes.map((p) => `  refused push ${localTime(p.at)}: ${p.reason}${p.at_seq === null ? '' : ` at entry ${p.at_seq}`}: ${p.detail}`),
        ]),
      );
    });
  addKeysCommands(cmd, common, run as Parameters<typeof addKeysCommands>[2], print);
  addUpdatesCommands(cmd, common, run as Parameters<typeof addUpdatesCommands>[2], print);
  addBackupCommands(cmd, common, run as Parameters<typeof addBackupCommands>[2], print);
  addBackOfficeCommands(cmd, { common, run, print });
  return cmd;
}
