/**
 * Every `guichet` command by name, with what `guichet --help` shows of it and the module that builds
 * it, loaded only when that command runs: `guichet games` never loads the serial, HID or picture
 * libraries that `scan`, `devices` or `print` need. A test checks that each entry says what its
 * module builds.
 */
import type { Command } from 'commander';

export interface CommandEntry {
  /** The command's name, as typed. */
  readonly name: string;
  /** Its term in the help's command list (`name [options] <args>`). */
  readonly term: string;
  readonly description: string;
  /** Builds the command (its module and that module's imports load only now). */
  readonly load: () => Promise<Command>;
}

export const COMMANDS: readonly CommandEntry[] = [
  {
    name: 'kiosk',
    term: 'kiosk [options]',
    description: 'Start the counter kiosk: the Electron window where Electron is installed, else the same kiosk served on 127.0.0.1.',
    load: async () => (await import('./commands/kiosk.js')).kioskCommand(),
  },
  {
    name: 'kiosk-exit',
    term: 'kiosk-exit',
    description: 'Let a packaged terminal start out of kiosk mode (GUICHET_KIOSK=0 or --no-kiosk) for a few hours (technician, journaled).',
    load: async () => (await import('./commands/kiosk-exit.js')).kioskExitCommand(),
  },
  {
    name: 'mode',
    term: 'mode [options] [mode]',
    description: "Show the terminal's mode, or change it (a manager): counter (the cashier's kiosk) or self_check (the players' self-check kiosk, from the next start).",
    load: async () => (await import('./commands/mode.js')).modeCommand(),
  },
  {
    name: 'enroll',
    term: 'enroll [options]',
    description: "Enrol a fresh data folder with the lottery's central service: key pair, terminal id, lottery keys, configuration, first manager.",
    load: async () => (await import('./commands/enroll.js')).enrollCommand(),
  },
  {
    name: 'sync',
    term: 'sync [options]',
    description: 'Push the journal and the outbox to central and pull its feed; keeps going until stopped, or one round with --once.',
    load: async () => (await import('./commands/sync.js')).syncCommand(),
  },
  {
    name: 'games',
    term: 'games [options]',
    description: 'The three games, their prize tables, totals and payout rates.',
    load: async () => (await import('./commands/games.js')).gamesCommand(),
  },
  {
    name: 'trust',
    term: 'trust',
    description: 'The lottery public keys this terminal trusts (outcome files signed by other keys are refused).',
    load: async () => (await import('./commands/trust.js')).trustCommand(),
  },
  {
    name: 'import',
    term: 'import [options] <outcome-file>',
    description: 'Import an outcome file from the lottery: every signature and hash is checked before anything changes.',
    load: async () => (await import('./commands/import.js')).importCommand(),
  },
  {
    name: 'check',
    term: 'check [options] <validation-barcode>',
    description: 'Check a validation barcode against the imported blocks (winner, loser, expired, wrong code, …) without paying.',
    load: async () => (await import('./commands/check.js')).checkCommand(),
  },
  {
    name: 'devices',
    term: 'devices [options]',
    description:
      'List serial ports and HID devices with what each probably is (scanner, printer, adapter); says what is missing when udev or libusb is absent.',
    load: async () => (await import('./commands/devices.js')).devicesCommand(),
  },
  {
    name: 'scan',
    term: 'scan [options]',
    description: 'Read barcodes from a scanner and print each as one JSON line (data, symbology, source, timings).',
    load: async () => (await import('./commands/scan.js')).scanCommand(),
  },
  {
    name: 'print',
    term: 'print',
    description: 'The receipt printer: test page, status and reprints.',
    load: async () => (await import('./commands/print.js')).printCommand(),
  },
  {
    name: 'drawer',
    term: 'drawer',
    description: 'The cash drawer, opened by a pulse through the receipt printer.',
    load: async () => (await import('./commands/drawer.js')).drawerCommand(),
  },
  {
    name: 'init',
    term: 'init [options]',
    description: 'Make a data folder a lottery terminal: its own key pair (terminal.key) and its first manager.',
    load: async () => (await import('./commands/init.js')).initCommand(),
  },
  {
    name: 'operator',
    term: 'operator',
    description: 'Manage the operators of the terminal (manager only; a technician may unlock one).',
    load: async () => (await import('./commands/operator.js')).operatorCommand(),
  },
  {
    name: 'login',
    term: 'login [options]',
    description: "Log an operator in: checks the PIN, shows the role's permissions.",
    load: async () => (await import('./commands/login.js')).loginCommand(),
  },
  {
    name: 'session',
    term: 'session',
    description: 'The cash session: opening float, cash in and out, Z closing.',
    load: async () => (await import('./commands/session.js')).sessionCommand(),
  },
  {
    name: 'report',
    term: 'report',
    description: 'Cash reports: X during the day, Z at closing (manager).',
    load: async () => (await import('./commands/report.js')).reportCommand(),
  },
  {
    name: 'journal',
    term: 'journal',
    description: "The terminal's append-only signed journal.",
    load: async () => (await import('./commands/journal.js')).journalCommand(),
  },
  {
    name: 'outbox',
    term: 'outbox [options]',
    description: 'Show the events waiting to be sent to the lottery, oldest first.',
    load: async () => (await import('./commands/outbox.js')).outboxCommand(),
  },
  {
    name: 'pack',
    term: 'pack',
    description: 'Paper packs: receive a shipment, activate, return, settle, list.',
    load: async () => (await import('./commands/pack.js')).packCommand(),
  },
  {
    name: 'sell',
    term: 'sell [options] [inventory-barcodes...]',
    description: 'Sell paper tickets, each by the inventory barcode on its back, for cash; or one digital unit with --digital GAME (online only).',
    load: async () => (await import('./commands/sell.js')).sellCommand(),
  },
  {
    name: 'pay',
    term: 'pay [options] <validation-barcode>',
    description: 'Pay a winning ticket by its validation barcode (above the payout limit: print a claim instead).',
    load: async () => (await import('./commands/pay.js')).payCommand(),
  },
  {
    name: 'void',
    term: 'void [options] <receipt-no>',
    description: 'Void a sale of the current cash session (manager) and refund it.',
    load: async () => (await import('./commands/void.js')).voidCommand(),
  },
  {
    name: 'units',
    term: 'units',
    description: "units show UNIT: a digital unit sold here, its play as text with its result (the lottery's units export|render: guichet units --help).",
    load: async () => (await import('./commands/units.js')).unitsCommand(),
  },
  {
    name: 'stoplist',
    term: 'stoplist',
    description: 'The stop list: packs or tickets that must be neither sold nor paid.',
    load: async () => (await import('./commands/stoplist.js')).stoplistCommand(),
  },
];

/** The lottery side's commands, run by bin/guichet.js from central/cli: listed here for --help only. */
export const LOTTERY_HELP = [
  { name: 'emission', description: "the lottery's emissions: draw, audit (guichet emission --help)" },
  { name: 'central', description: "the lottery's central service (guichet central --help)" },
] as const;

/** The command a command line runs (`guichet help NAME` counts as NAME), if it is one of ours. */
export function targetCommand(args: readonly string[]): CommandEntry | undefined {
  // The program has no options of its own but --help and --version: a command is the first word.
  const name = args[0] === 'help' ? args[1] : args[0];
  return COMMANDS.find((c) => c.name === name);
}
