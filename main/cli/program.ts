import { Command } from 'commander';
import { initCommand } from './commands/init.js';
import { journalCommand } from './commands/journal.js';
import { loginCommand } from './commands/login.js';
import { operatorCommand } from './commands/operator.js';
import { outboxCommand } from './commands/outbox.js';
import { reportCommand } from './commands/report.js';
import { sessionCommand } from './commands/session.js';
import { checkCommand } from './commands/check.js';
import { devicesCommand } from './commands/devices.js';
import { drawerCommand } from './commands/drawer.js';
import { emissionCommand } from './commands/emission.js';
import { gamesCommand } from './commands/games.js';
import { importCommand } from './commands/import.js';
import { kioskCommand } from './commands/kiosk.js';
import { unitsCommand } from './commands/units.js';
import { scanCommand } from './commands/scan.js';
import { printCommand } from './commands/print.js';
import { trustCommand } from './commands/trust.js';
import { packCommand } from './commands/pack.js';
import { payCommand } from './commands/pay.js';
import { sellCommand } from './commands/sell.js';
import { stoplistCommand } from './commands/stoplist.js';
import { voidCommand } from './commands/void.js';

/** The whole `guichet` command tree; each subcommand lives in its own file under `commands/`. */
export function buildProgram(): Command {
  const program = new Command('guichet')
    .description('Guichet: the lottery retailer counter terminal (validate, pay, sell, diagnose).')
    .version('0.1.0')
    .showHelpAfterError()
    .configureHelp({ sortSubcommands: true });
  program.addCommand(kioskCommand());
  program.addCommand(gamesCommand());
  program.addCommand(emissionCommand());
  program.addCommand(unitsCommand());
  program.addCommand(trustCommand());
  program.addCommand(importCommand());
  program.addCommand(checkCommand());
  program.addCommand(devicesCommand());
  program.addCommand(scanCommand());
  program.addCommand(printCommand());
  program.addCommand(drawerCommand());
  for (const counter of [initCommand(), operatorCommand(), loginCommand(), sessionCommand(), reportCommand(), journalCommand(), outboxCommand()]) {
    program.addCommand(counter);
  }
  for (const sales of [packCommand(), sellCommand(), payCommand(), voidCommand(), stoplistCommand()]) program.addCommand(sales);
  return program;
}
