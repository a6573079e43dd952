import { Command } from 'commander';
import { centralCommand } from './commands/central.js';
import { emissionCommand } from './commands/emission.js';
import { unitsCommand } from './commands/units.js';
import { checkTimeZone } from './local-time.js';

/** The lottery side's commands of `guichet`: emissions, their units, and the central service. */
export const LOTTERY_COMMANDS: readonly string[] = ['emission', 'units', 'central'];

export function buildLotteryProgram(): Command {
  const program = new Command('guichet')
    .description("Guichet, the lottery's side: emissions, their units, the central service.")
    .showHelpAfterError()
    .configureHelp({ sortSubcommands: true });
  // The output's time zone is checked before a command runs, not when its first time is printed (after the act).
  program.hook('preAction', () => checkTimeZone());
  program.addCommand(emissionCommand());
  program.addCommand(unitsCommand());
  program.addCommand(centralCommand());
  return program;
}
