/**
 * `guichet central login|logout|operator|proposal|journal|stoplist list|remove|config get|list|history|
 * game|retailer` (#22): the back office on the command line, as an operator (cli/operator-login.ts).
 */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Command } from 'commander';
import { CliError } from '../../../common/cli-run.js';
import { AdminRefusal, enrolAtService, loginAtService } from '../../admin/client.js';
import type { AdminOp } from '../../admin/ops.js';
import { ROLES } from '../../admin/roles.js';
import { CentralError } from '../../store/context.js';
import type { Proposal } from '../../store/proposals.js';
import { claimDataDir, releaseDataDir, waitForService } from '../../server/holder.js';
import { localTime } from '../local-time.js';
import { forgetSession, readEnrolmentSecrets, readOperatorName, readOperatorSecrets, readSession, saveSession, type LoginFlags } from '../operator-login.js';

interface Flags extends LoginFlags {
  data: string;
  databaseUrl?: string;
  json?: boolean;
}

export interface CentralCli {
  common: (cmd: Command) => Command;
  run: (flags: Flags, op: AdminOp, args: Record<string, unknown>, reason?: string) => Promise<unknown>;
  print: (flags: Pick<Flags, 'json'>, value: unknown, human: () => string[]) => void;
}

const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

export function addBackOfficeCommands(cmd: Command, { common, run, print }: CentralCli): void {
  common(cmd.command('login'))
    .description("Log in as an operator (password and code from the authenticator, asked without echo): later `central` commands act as them, until `central logout` or the session's end (30 min idle, 12 h at most). The session's token is kept in a file only you can read.")
    .action(async (flags: Flags) => {
      const operator = await readOperatorName(flags);
      const secrets = await readOperatorSecrets(operator, flags);
      let session: { token: string; operator: string; roles: readonly string[]; expires_at: string };
      try {
        session = await loginHere(flags, { operator, ...secrets });
      } catch (err) {
        if (err instanceof AdminRefusal || err instanceof CentralError) throw new CliError(err.message);
        throw err;
      }
      const file = saveSession(flags.data, session);
      print(flags, { operator: session.operator, roles: session.roles, expires_at: session.expires_at, session_file: file }, () => [
        `logged in as ${session.operator} (${session.roles.join(', ')}) until ${localTime(session.expires_at)} at the latest`,
      ]);
    });
  common(cmd.command('logout'))
    .description('End the session `central login` opened.')
    .action(async (flags: Flags) => {
      const s = readSession(flags.data);
      if (s) {
        const rec = await waitForService(flags.data, 2000);
        if (rec?.url) {
          const { logoutAtService } = await import('../../admin/client.js');
          await logoutAtService({ ...rec, url: rec.url }, s.token).catch(() => undefined);
        } else if (claimDataDir(flags.data) === null) {
          try {
            const { databaseUrlFrom, openCentral } = await import('../../store/open.js');
            const central = await openCentral({ dataDir: flags.data, databaseUrl: databaseUrlFrom(flags.databaseUrl) });
            try {
              const { logout } = await import('../../store/operators.js');
              await logout(central, s.token);
            } finally {
              await central.db.close();
            }
          } finally {
            releaseDataDir(flags.data);
          }
        }
      }
      forgetSession(flags.data);
      print(flags, { logged_out: s?.operator ?? null }, () => [s ? `${s.operator} logged out` : 'no session']);
    });

  const operator = cmd.command('operator').description(`The back office's operators and their roles (${ROLES.join(', ')}).`);
  common(operator.command('add'))
    .description('Add an operator (dual control: another administrator approves; the first two with the data folder alone). The approval prints an enrolment code, once: hand it to the new operator, who sets its own password with it (central operator enrol) and receives its TOTP secret.')
    .requiredOption('--name <name>', 'operator name')
    .requiredOption('--roles <roles>', `comma-separated: ${ROLES.join(', ')}`)
    .option('--reason <text>', 'why (travels with the proposal)')
    .action(async (flags: Flags & { name: string; roles: string; reason?: string }) => {
      const roles = flags.roles.split(',').map((r) => r.trim()).filter(Boolean);
      const r = (await run(flags, 'operator.add', { name: flags.name, roles, ...(flags.reason ? { reason: flags.reason } : {}) })) as Enrolment;
      print(flags, r, () => enrolmentLines(r, 'added'));
    });
  common(operator.command('enrol'))
    .description('Enrol as a new (or reset) operator: your enrolment code and the password you choose (asked without echo); prints your TOTP secret once, for your authenticator app. Then log in.')
    .argument('<name>', 'your operator name')
    .action(async (name: string, flags: Flags) => {
      const secrets = await readEnrolmentSecrets(name, flags);
      let r: { name: string; totp_secret: string; otpauth_uri: string };
      try {
        r = await enrolHere(flags, { operator: name, ...secrets });
      } catch (err) {
        if (err instanceof AdminRefusal || err instanceof CentralError) throw new CliError(err.message);
        throw err;
      }
      print(flags, r, () => [`operator ${r.name} enrolled: your password is set`, `TOTP secret for your authenticator (shown once): ${r.totp_secret}`, `  or the address: ${r.otpauth_uri}`, 'then: guichet central login']);
    });
  common(operator.command('list'))
    .description('Operators, their roles and state.')
    .action(async (flags: Flags) => {
      const rows = (await run(flags, 'operator.list', {})) as { name: string; roles: string[]; disabled: boolean; locked_until: string | null; created_at: string; created_by: string }[];
      print(flags, rows, () =>
        rows.length === 0
          ? ['no operator']
          : rows.map((o) => `${o.name}  ${o.roles.join(', ')}  ${o.disabled ? 'disabled' : 'enabled'}${o.locked_until ? `  locked until ${localTime(o.locked_until)}` : ''}  added ${localTime(o.created_at)} by ${o.created_by}`),
      );
    });
  common(operator.command('disable'))
    .description('Disable an operator: its sessions end at once.')
    .argument('<name>', 'operator name')
    .requiredOption('--reason <text>', 'why (journaled)')
    .action(async (name: string, flags: Flags & { reason: string }) => {
      const r = await run(flags, 'operator.disable', { name, reason: flags.reason });
      print(flags, r, () => [`operator ${name} disabled: ${flags.reason}`]);
    });
  common(operator.command('reset'))
    .description("Reset an operator's password and second factor (dual control: another administrator approves): its sessions end, and the approval prints a new enrolment code, once, for the operator to enrol again.")
    .argument('<name>', 'operator name')
    .requiredOption('--reason <text>', 'why (journaled)')
    .action(async (name: string, flags: Flags & { reason: string }) => {
      const r = (await run(flags, 'operator.reset', { name, reason: flags.reason })) as Enrolment;
      print(flags, r, () => enrolmentLines(r, 'reset'));
    });
  common(operator.command('roles'))
    .description("Change an operator's roles (dual control: another administrator approves); its sessions end.")
    .argument('<name>', 'operator name')
    .requiredOption('--roles <roles>', `comma-separated: ${ROLES.join(', ')}`)
    .requiredOption('--reason <text>', 'why (journaled)')
    .action(async (name: string, flags: Flags & { roles: string; reason: string }) => {
      const roles = flags.roles.split(',').map((r) => r.trim()).filter(Boolean);
      const r = await run(flags, 'operator.roles', { name, roles, reason: flags.reason });
      print(flags, r, () => [`operator ${name} now ${roles.join(', ')}`]);
    });

  const proposal = cmd.command('proposal').description('Acts under dual control: proposed by one operator, approved or rejected by another.');
  common(proposal.command('list'))
    .description('Proposals, newest first (expired ones say so).')
    .option('--status <status>', 'only: proposed, approved, rejected, failed, expired')
    .action(async (flags: Flags & { status?: string }) => {
      const rows = (await run(flags, 'proposal.list', flags.status ? { status: flags.status } : {})) as Proposal[];
      print(flags, rows, () =>
        rows.length === 0
          ? ['no proposal']
          : rows.map(
              (p) =>
                `#${p.id}  ${p.status}  ${p.op} ${JSON.stringify(p.args)}  proposed by ${p.proposer} ${localTime(p.proposed_at)}: ${p.reason}` +
                (p.decided_by && p.decided_at ? `; ${p.status} by ${p.decided_by} ${localTime(p.decided_at)}${p.decision_reason ? `: ${p.decision_reason}` : ''}` : p.status === 'proposed' ? `; expires ${localTime(p.expires_at)}` : ''),
            ),
      );
    });
  for (const action of ['approve', 'reject'] as const) {
    common(proposal.command(action))
      .description(action === 'approve' ? 'Approve a proposal another operator made: it runs now.' : 'Reject a proposal: it never runs.')
      .argument('<id>', 'proposal number')
      .requiredOption('--reason <text>', 'why (journaled)')
      .action(async (id: string, flags: Flags & { reason: string }) => {
        if (!/^[1-9][0-9]{0,15}$/.test(id)) throw new CliError(`'${id}' is not a proposal number: see guichet central proposal list`);
        const r = await run(flags, action === 'approve' ? 'proposal.approve' : 'proposal.reject', { id: Number(id), reason: flags.reason });
        print(flags, r, () => [`proposal #${id} ${action === 'approve' ? 'approved and run' : 'rejected'}: ${flags.reason}`]);
      });
  }

  const journal = cmd.command('journal').description("Central's own journal: hash-chained, each entry signed by central's online key.");
  type Report = { ok: boolean; entries: number; last_hash: string; root_fingerprint: string; truncated?: boolean; first_break?: { entry_id: number; problem: string; detail: string } };
  const printReport = (flags: Pick<Flags, 'json'>, r: Report, where: string): void => {
    print(flags, r, () =>
      r.ok
        ? [`${where}: ${plural(r.entries, 'entry', 'entries')}, chain whole, every signature by an online key of root ${r.root_fingerprint.slice(0, 16)}…; last hash ${r.last_hash}`]
        : [`${where}: BROKEN at entry ${r.first_break?.entry_id ?? r.entries} (${r.first_break?.problem ?? 'truncated'}): ${r.first_break?.detail ?? 'entries are missing at the end'}`],
    );
    if (!r.ok) process.exitCode = 1;
  };
  common(journal.command('verify'))
    .description('Check the chain and every signature up to the lottery root (exit 1 naming the first edited, inserted or deleted entry); --file --root checks an export instead.')
    .option('--file <file>', 'an export (`journal export`), checked without the store; needs --root')
    .option('--root <fingerprint>', "with --file (required): the lottery root's fingerprint, as read out at the lottery")
    .action(async (flags: Flags & { file?: string; root?: string }) => {
      if (flags.file) {
        // The export names its own root: believing it would let whoever made the file choose the root.
        if (!flags.root?.trim()) throw new CliError("--file needs --root <fingerprint>: the lottery root's fingerprint as read out at the lottery (an export's own root proves nothing)");
        const { readFileSync } = await import('node:fs');
        const { verifyJournalExport } = await import('../../store/journal-audit.js');
        let text: string;
        try {
          text = readFileSync(resolve(flags.file), 'utf8');
        } catch (err) {
          throw new CliError(`cannot read ${flags.file}: ${(err as Error).message}`);
        }
        try {
          printReport(flags, verifyJournalExport(text, flags.root), flags.file);
        } catch (err) {
          throw new CliError(err instanceof Error ? err.message : String(err));
        }
        return;
      }
      printReport(flags, (await run(flags, 'journal.verify', {})) as Report, "central's journal");
    });
  common(journal.command('export'))
    .description('Write the journal to a file to keep off the machine: JSON lines, a header with the root and the online keys\' certificates, then every entry.')
    .requiredOption('--out <file>', 'file to write')
    .action(async (flags: Flags & { out: string }) => {
      const r = (await run(flags, 'journal.export', {})) as { header: { entries: number }; entries: unknown[] };
      const lines = [JSON.stringify(r.header), ...r.entries.map((e) => JSON.stringify(e))];
      writeFileSync(resolve(flags.out), `${lines.join('\n')}\n`, { mode: 0o600 });
      print(flags, { out: resolve(flags.out), entries: r.header.entries }, () => [`${plural(r.header.entries, 'entry', 'entries')} written to ${resolve(flags.out)}`]);
    });

  const game = cmd.command('game').description('Games: suspend (terminals stop selling and paying it) and resume.');
  for (const [name, op] of [
    ['suspend', 'game.suspend'],
    ['resume', 'game.resume'],
  ] as const) {
    common(game.command(name))
      .description(name === 'suspend' ? 'Suspend a game at every terminal (sent on the feed).' : 'Let terminals sell and pay a suspended game again.')
      .argument('<game>', 'game code, e.g. annee-chance-2013')
      .requiredOption('--reason <text>', 'why (shown on the terminals, journaled)')
      .action(async (code: string, flags: Flags & { reason: string }) => {
        const r = await run(flags, op, { game: code, reason: flags.reason });
        print(flags, r, () => [`${code} ${name === 'suspend' ? 'suspended' : 'resumed'}: ${flags.reason}`]);
      });
  }
  common(game.command('list'))
    .description('Games suspended or resumed at central.')
    .action(async (flags: Flags) => {
      const rows = (await run(flags, 'game.list', {})) as { game: string; enabled: boolean; reason: string; updated_at: string }[];
      print(flags, rows, () => (rows.length === 0 ? ['every game on sale'] : rows.map((g) => `${g.game}  ${g.enabled ? 'on sale' : 'suspended'}  ${localTime(g.updated_at)}: ${g.reason}`)));
    });

  const retailer = cmd.command('retailer').description('Retailers as records: an id, a name (found whatever its case), an address, its terminals.');
  common(retailer.command('add'))
    .description('Add a retailer.')
    .requiredOption('--name <name>', "the retailer's name")
    .option('--address <text>', 'postal address', '')
    .action(async (flags: Flags & { name: string; address: string }) => {
      const r = (await run(flags, 'retailer.add', { name: flags.name, address: flags.address })) as { id: string; name: string };
      print(flags, r, () => [`retailer ${r.id} added: ${r.name}`]);
    });
  common(retailer.command('list'))
    .description('Every retailer with its terminals.')
    .action(async (flags: Flags) => {
      const rows = (await run(flags, 'retailer.list', {})) as { id: string; name: string; address: string; terminals: string[] }[];
      print(flags, rows, () =>
        rows.length === 0 ? ['no retailer'] : rows.map((r) => `${r.id}  ${r.name}${r.address ? `, ${r.address}` : ''}  ${r.terminals.length === 0 ? 'no terminal' : `${plural(r.terminals.length, 'terminal')}: ${r.terminals.join(', ')}`}`),
      );
    });
  common(retailer.command('show'))
    .description('One retailer, by id or by name (any case).')
    .argument('<retailer>', 'id (R000001) or name')
    .action(async (which: string, flags: Flags) => {
      const r = (await run(flags, 'retailer.show', { retailer: which })) as { id: string; name: string; address: string; created_at: string; terminals: { terminal_id: string; status: string }[] };
      print(flags, r, () => [
        `${r.id}  ${r.name}`,
        `  address: ${r.address || '(none)'}`,
        `  since ${localTime(r.created_at)}`,
        ...(r.terminals.length === 0 ? ['  no terminal'] : r.terminals.map((t) => `  terminal ${t.terminal_id} ${t.status}`)),
      ]);
    });
}

interface Enrolment {
  name: string;
  roles: string[];
  enrolment_code: string;
  enrolment_expires_at: string;
}

const enrolmentLines = (r: Enrolment, what: string): string[] => [
  `operator ${r.name} ${what} (${r.roles.join(', ')})`,
  `enrolment code (shown once; hand it to ${r.name} alone, who enrols with guichet central operator enrol ${r.name} before ${localTime(r.enrolment_expires_at)}): ${r.enrolment_code}`,
];

/** Enrols at the running service, else on the store itself. */
async function enrolHere(flags: Flags, a: { operator: string; code: string; password: string }): Promise<{ name: string; totp_secret: string; otpauth_uri: string }> {
  for (;;) {
    const rec = await waitForService(flags.data);
    if (rec?.url) return enrolAtService({ ...rec, url: rec.url }, a);
    if (claimDataDir(flags.data)) continue;
    try {
      const [{ databaseUrlFrom, openCentral }, { enrolOperator }] = await Promise.all([import('../../store/open.js'), import('../../store/operators.js')]);
      const central = await openCentral({ dataDir: flags.data, databaseUrl: databaseUrlFrom(flags.databaseUrl) });
      try {
        return await enrolOperator(central, { ...a, address: 'local' });
      } finally {
        await central.db.close();
      }
    } finally {
      releaseDataDir(flags.data);
    }
  }
}

/** Logs in at the running service, else on the store itself. */
async function loginHere(flags: Flags, a: { operator: string; password: string; totp: string }): Promise<{ token: string; operator: string; roles: readonly string[]; expires_at: string }> {
  for (;;) {
    const rec = await waitForService(flags.data);
    if (rec?.url) return loginAtService({ ...rec, url: rec.url }, a);
    if (claimDataDir(flags.data)) continue;
    try {
      const [{ databaseUrlFrom, openCentral }, { login }] = await Promise.all([import('../../store/open.js'), import('../../store/operators.js')]);
      const central = await openCentral({ dataDir: flags.data, databaseUrl: databaseUrlFrom(flags.databaseUrl) });
      try {
        return await login(central, { ...a, address: 'local' });
      } finally {
        await central.db.close();
      }
    } finally {
      releaseDataDir(flags.data);
    }
  }
}
