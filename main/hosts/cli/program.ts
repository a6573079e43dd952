import { Command, Help } from 'commander';
import { VERSION } from '../../services/terminal/version.js';
import { CliError } from '../../../common/cli-run.js';
import { textProblem, textProblemMessage, type TextProblem } from '../../../common/text.js';
import { COMMANDS, LOTTERY_HELP, targetCommand } from './command-table.js';

/** The first argument or option of the command about to run holding text a terminal cannot journal. */
export function badCliText(action: Command): { what: string; problem: TextProblem } | null {
  for (const [i, arg] of action.args.entries()) {
    const p = typeof arg === 'string' ? textProblem(arg) : null;
    if (p) return { what: `argument ${i + 1}`, problem: p };
  }
  for (const [name, value] of Object.entries(action.opts())) {
    for (const v of Array.isArray(value) ? value : [value]) {
      const p = typeof v === 'string' ? textProblem(v) : null;
      if (p) return { what: `--${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`, problem: p };
    }
  }
  return null;
}

/**
 * The `guichet` command tree; each subcommand lives in its own file under `commands/`. Given the
 * command line's arguments, only the command they run is loaded (the others are listed for --help by
 * name and description: see command-table.ts); without them every command is loaded (tests).
 */
export async function buildProgram(args?: readonly string[]): Promise<Command> {
  const target = args === undefined ? undefined : targetCommand(args);
  const stubTerms = new Map<Command, string>();
  const program = new Command('guichet')
    .description('Guichet: the lottery retailer counter terminal (validate, pay, sell, diagnose).')
    .version(VERSION)
    .showHelpAfterError()
    .configureHelp({
      sortSubcommands: true,
      subcommandTerm: (cmd) => stubTerms.get(cmd) ?? Help.prototype.subcommandTerm.call(new Help(), cmd),
    });
  // Text a terminal cannot journal (a NUL, a lone surrogate) is refused before any command runs (common/text.ts).
  program.hook('preAction', (_root, action) => {
    const bad = badCliText(action);
    if (bad) throw new CliError(`${bad.what} ${textProblemMessage(bad.problem)}; nothing changed`);
  });
  // The lottery side's commands, run by bin/guichet.js from central/cli: listed here for --help.
  for (const { name, description } of LOTTERY_HELP) program.command(name).description(description).helpOption(false);
  for (const entry of COMMANDS) {
    if (args === undefined || entry === target) {
      program.addCommand(await entry.load());
    } else {
      const stub = new Command(entry.name).description(entry.description).helpOption(false);
      stubTerms.set(stub, entry.term);
      program.addCommand(stub);
    }
  }
  return program;
}
