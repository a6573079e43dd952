/** The printer's state as the status bar names it (pure). */
import type { PrinterView } from '../../../common/api/views.js';
import type { TextKey } from '../i18n/index.js';

export type Tone = 'ok' | 'warn' | 'bad' | 'neutral';

/** The printer's state as one word and a tone. */
export function printerState(printer: PrinterView | null): { key: TextKey; tone: Tone } {
  if (!printer) return { key: 'status.printer.none', tone: 'warn' };
  if (!printer.online) return { key: 'status.printer.offline', tone: 'bad' };
  if (printer.coverOpen) return { key: 'status.printer.cover', tone: 'bad' };
  if (printer.paperOut) return { key: 'status.printer.paperOut', tone: 'bad' };
  if (printer.paperLow) return { key: 'status.printer.paperLow', tone: 'warn' };
  if (!printer.reported) return { key: 'status.printer.unknown', tone: 'neutral' };
  return { key: 'status.printer.ok', tone: 'ok' };
}
