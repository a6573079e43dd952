// The cash drawer plugged into the receipt printer's drawer port (RJ-11/RJ-12), opened by a pulse.
import type { CashDrawer } from '../../main/devices/drawer.js';
import type { DrawerPin, Printer } from '../../main/devices/printer.js';

export class PrinterCashDrawer implements CashDrawer {
  constructor(
    private readonly printer: Printer,
    private readonly pin: DrawerPin = 2,
  ) {}

  /** Sends the kick pulse through the printer; rejects with the printer's `PrinterError`. */
  open(): Promise<void> {
    return this.printer.kickDrawer(this.pin);
  }
}
