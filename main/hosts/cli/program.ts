import { Command, Help } from 'commander';
import { VERSION } from '../../services/terminal/version.js';
import { COMMANDS, LOTTERY_HELP, targetCommand } from './command-table.js';

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
