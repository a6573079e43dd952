/**
 * `guichet central updates root|approve|ring|grace|list` (#23): the admin ops of store/updates.ts from the
 * command line. The files are read here; central checks every signature before it keeps anything.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Command } from 'commander';
import { CliError } from '../../../common/cli-run.js';
import { localTime } from '../local-time.js';

interface Flags {
  data: string;
  databaseUrl?: string;
  json?: boolean;
}

type Op = 'updates.root' | 'updates.approve' | 'updates.ring' | 'updates.grace' | 'updates.list';
type Run = (flags: Flags, op: Op, args: Record<string, unknown>) => Promise<unknown>;
type Common = (cmd: Command) => Command;
type Print = (flags: Flags, value: unknown, human: () => string[]) => void;

function wholeNumber(text: string, what: string, max: number): number {
  if (!/^\d+$/.test(text) || Number(text) > max) throw new CliError(`${what} must be a whole number from 0 to ${max}, not '${text}'`);
  return Number(text);
}

export function addUpdatesCommands(cmd: Command, common: Common, run: Run, print: Print): void {
  const updates = cmd.command('updates').description('Signed, staged updates of the terminals: the TUF root, approved releases and their rings, the grace period.');

  common(updates.command('root'))
    .description("Add a TUF root.json signed by the lottery's root (npm run release -- root …).")
    .argument('<file>', 'root.json')
    .action(async (file: string, flags: Flags) => {
      const r = (await run(flags, 'updates.root', { root: readFileSync(resolve(file), 'utf8') })) as { version: number; already: boolean };
      print(flags, r, () => [`update root version ${r.version} ${r.already ? 'was already held' : 'added'}`]);
    });

  common(updates.command('approve'))
    .description('Take a release the vendor and the lottery both signed (a folder with targets.json and guichet.tar.gz); it reaches no terminal until it has a ring.')
    .argument('<dir>', 'the release folder')
    .action(async (dir: string, flags: Flags) => {
      const r = (await run(flags, 'updates.approve', { dir: resolve(dir) })) as { version: string; sha256: string; already: boolean };
      print(flags, r, () => [`release ${r.version} (${r.sha256.slice(0, 12)}…) ${r.already ? 'was already approved' : 'approved'}`]);
    });

  common(updates.command('ring'))
    .description('Raise the share of terminals a release reaches (ten-thousandths: 100 = 1 %), and/or add terminals by id.')
    .argument('<version>', 'the release')
    .option('--share <n>', 'share of the fleet, 0 to 10000 (only goes up)')
    .option('--terminal <id...>', 'terminals to add to the ring')
    .action(async (version: string, flags: Flags & { share?: string; terminal?: string[] }) => {
      if (flags.share === undefined && !flags.terminal) throw new CliError('give --share N or --terminal ID…');
      const args = { version, ...(flags.share !== undefined ? { share: wholeNumber(flags.share, '--share', 10_000) } : {}), ...(flags.terminal ? { terminals: flags.terminal } : {}) };
      const r = (await run(flags, 'updates.ring', args)) as { version: string; share: number; terminals: string[] };
      print(flags, r, () => [`release ${r.version}: ${r.share / 100} % of the fleet${r.terminals.length ? ` and ${r.terminals.join(', ')}` : ''}`]);
    });

  common(updates.command('grace'))
    .description('Hours a terminal may run a version the lottery did not approve before its claims and sales are refused.')
    .argument('<hours>', 'whole hours')
    .action(async (hours: string, flags: Flags) => {
      const r = (await run(flags, 'updates.grace', { hours: wholeNumber(hours, 'the grace', 24 * 365) })) as { grace_hours: number };
      print(flags, r, () => [`grace period: ${r.grace_hours} h`]);
    });

  common(updates.command('list'))
    .description('Approved releases with their rings, and the versions the terminals report.')
    .action(async (flags: Flags) => {
      const r = (await run(flags, 'updates.list', {})) as { releases: { version: string; share: number; terminals: string[]; approved_at: string }[]; grace_hours: number; software: { version: string; sha256: string | null; terminals: number }[] };
      print(flags, r, () => [
        ...r.releases.map((x) => `${x.version}  approved ${localTime(x.approved_at)}  ${x.share / 100} %${x.terminals.length ? ` + ${x.terminals.length} listed` : ''}`),
        `grace ${r.grace_hours} h`,
        ...r.software.map((s) => `reported: ${s.version} ${s.sha256 ? `${s.sha256.slice(0, 12)}…` : '(no release hash)'} on ${s.terminals} terminal(s)`),
      ]);
    });
}
