import { Command } from 'commander';

export function kioskCommand(): Command {
  return new Command('kiosk')
    .description('Start the counter kiosk (Electron window, or the browser host on 127.0.0.1 where Electron is absent).')
    .action(() => {
      console.log(
        'Guichet kiosk: not built yet. It will open the Electron window where Electron is installed, and otherwise serve the same kiosk on http://127.0.0.1 with a demo terminal on first start.',
      );
    });
}
