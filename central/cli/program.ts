import { Command } from 'commander';
import { centralCommand } from './commands/central.js';
import { emissionCommand } from './commands/emission.js';
import { unitsCommand } from './commands/units.js';

/** The lottery side's commands of `guichet`: emissions, their units, and the central service. */
export const LOTTERY_COMMANDS: readonly string[] = ['emission', 'units', 'central'];

export function buildLotteryProgram(): Command {
  const program = new Command('guichet')
    .description("Guichet, the lottery's side: emissions, their units, the central service.")
    .showHelpAfterError()
    .configureHelp({ sortSubcommands: true });
  program.addCommand(emissionCommand());
  program.addCommand(unitsCommand());
  program.addCommand(centralCommand());
  return program;
}
