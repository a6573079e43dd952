import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DrawerRequestError, openCashDrawer, type DrawerOpening } from '../../../main/devices/drawer.js';
import { PrinterCashDrawer } from '../../../native/drawer/printer-drawer.js';
import { openPrinter } from '../../../native/printer/open.js';
import { startTcpPrinter, type TcpPrinterServer } from './support/tcp-printer-server.js';

let server: TcpPrinterServer;
beforeEach(async () => {
  server = await startTcpPrinter();
});
afterEach(async () => {
  await server.close();
});

/** A log that notes, at each record, how many pulses the printer had already received. */
function recordingLog() {
  const entries: (DrawerOpening & { pulsesBefore: number })[] = [];
  return {
    entries,
    record(opening: DrawerOpening) {
      entries.push({ ...opening, pulsesBefore: server.printer.commands.filter((c) => c.kind === 'pulse').length });
    },
  };
}

const REQUEST = { terminalId: 'T-0042', operator: 'marie', reason: 'payout', note: 'reçu 000123', time: '2025-03-01T14:05:09Z' } as const;

describe('cash drawer through the printer', () => {
  it('logs the opening with operator and reason before the pulse goes out', async () => {
    const log = recordingLog();
    const drawer = new PrinterCashDrawer(openPrinter(server.uri), 2);
    const result = await openCashDrawer(drawer, log, REQUEST);
    expect(result).toEqual({ opening: { ...REQUEST }, opened: true });
    expect(log.entries).toEqual([{ ...REQUEST, pulsesBefore: 0 }]);
    expect(server.printer.commands.filter((c) => c.kind === 'pulse')).toMatchObject([{ pin: 2 }]);
  });

  it('keeps the log and does not throw when the printer is gone', async () => {
    const log = recordingLog();
    const uri = server.uri;
    await server.close();
    const result = await openCashDrawer(new PrinterCashDrawer(openPrinter(uri)), log, REQUEST);
    expect(result.opened).toBe(false);
    expect(result.error).toBe(`no printer at ${uri}: connection refused`);
    expect(log.entries).toHaveLength(1);
    server = await startTcpPrinter(); // for afterEach
  });

  it('refuses a bad request without logging or kicking, and does not kick when the log fails', async () => {
    const log = recordingLog();
    const drawer = new PrinterCashDrawer(openPrinter(server.uri));
    await expect(openCashDrawer(drawer, log, { ...REQUEST, operator: ' ' })).rejects.toThrow(DrawerRequestError);
    await expect(openCashDrawer(drawer, log, { ...REQUEST, reason: 'party' as never })).rejects.toThrow(/unknown drawer opening reason 'party'/);
    await expect(openCashDrawer(drawer, log, { ...REQUEST, time: '2025-03-01 14:05' })).rejects.toThrow(/not a UTC ISO time/);
    const failing = {
      record() {
        throw new Error('journal is read-only');
      },
    };
    await expect(openCashDrawer(drawer, failing, REQUEST)).rejects.toThrow('journal is read-only');
    expect(log.entries).toHaveLength(0);
    expect(server.connections).toBe(0);
  });
});
