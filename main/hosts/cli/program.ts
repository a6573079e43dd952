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
import { gamesCommand } from './commands/games.js';
import { importCommand } from './commands/import.js';
import { kioskCommand } from './commands/kiosk.js';
import { scanCommand } from './commands/scan.js';
import { printCommand } from './commands/print.js';
import { trustCommand } from './commands/trust.js';
import { packCommand } from './commands/pack.js';
import { payCommand } from './commands/pay.js';
import { sellCommand } from './commands/sell.js';
import { stoplistCommand } from './commands/stoplist.js';
import { voidCommand } from './commands/void.js';
import { enrollCommand } from './commands/enroll.js';
import { syncCommand } from './commands/sync.js';

const LOTTERY_HELP = [
  ['emission', "the lottery's emissions: draw, audit (guichet emission --help)"],
  ['units', "an emission's units: export, render (guichet units --help)"],
  ['central', "the lottery's central service (guichet central --help)"],
] as const;

/** The whole `guichet` command tree; each subcommand lives in its own file under `commands/`. */
export function buildProgram(): Command {
  const program = new Command('guichet')
    .description('Guichet: the lottery retailer counter terminal (validate, pay, sell, diagnose).')
    .version('0.1.0')
    .showHelpAfterError()
    .configureHelp({ sortSubcommands: true });
  program.addCommand(kioskCommand());
  program.addCommand(gamesCommand());
  // The lottery side's commands, run by bin/guichet.js from central/cli: listed here for --help.
  for (const [name, what] of LOTTERY_HELP) program.command(name).description(what).helpOption(false);
  program.addCommand(trustCommand());
  program.addCommand(importCommand());
  program.addCommand(checkCommand());
  program.addCommand(devicesCommand());
  program.addCommand(scanCommand());
  program.addCommand(printCommand());
  program.addCommand(drawerCommand());
  for (const counter of [initCommand(), enrollCommand(), syncCommand(), operatorCommand(), loginCommand(), sessionCommand(), reportCommand(), journalCommand(), outboxCommand()]) {
    program.addCommand(counter);
  }
  for (const sales of [packCommand(), sellCommand(), payCommand(), voidCommand(), stoplistCommand()]) program.addCommand(sales);
  return program;
}
