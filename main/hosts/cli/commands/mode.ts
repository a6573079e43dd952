/**
 * `guichet mode [counter|self_check]`: shows or changes the terminal's mode setting. A self_check
 * terminal starts as the player's self-check kiosk (`guichet kiosk` then needs no --self-check).
 */
import { Argument, Command } from 'commander';
import { setTerminalMode, terminalMode, TERMINAL_MODES } from '../../../services/selfcheck/mode.js';
import { actAs, withCounter, withOperatorOptions } from '../operator-options.js';
import { withDataOption } from '../options.js';

export function modeCommand(): Command {
  return withDataOption(
    withOperatorOptions(
      new Command('mode')
        .description("Show the terminal's mode, or change it (a manager): counter (the cashier's kiosk) or self_check (the players' self-check kiosk, from the next start).")
        .addArgument(new Argument('[mode]', 'the new mode').choices([...TERMINAL_MODES])),
    ),
  ).action(async (mode: string | undefined, opts: { data?: string; operator?: string; pin?: string }) => {
    await withCounter(opts, async (t) => {
      if (mode === undefined) {
        console.log(terminalMode(t));
        return;
      }
      const after = setTerminalMode(t, await actAs(t, opts), mode);
      console.log(`terminal mode: ${after} (from the next start of the kiosk)`);
    });
  });
}
