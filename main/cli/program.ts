import { Command } from 'commander';
import { gamesCommand } from './commands/games.js';
import { kioskCommand } from './commands/kiosk.js';

/** The whole `guichet` command tree; each subcommand lives in its own file under `commands/`. */
export function buildProgram(): Command {
  const program = new Command('guichet')
    .description('Guichet: the lottery retailer counter terminal (validate, pay, sell, diagnose).')
    .version('0.1.0')
    .showHelpAfterError()
    .configureHelp({ sortSubcommands: true });
  program.addCommand(kioskCommand());
  program.addCommand(gamesCommand());
  return program;
}
