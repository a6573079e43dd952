// An ESC/POS printer behind a serial, TCP or device-file link.
import { isReady, PrinterError, type DrawerPin, type Printer, type PrinterStatus } from '../../main/devices/printer.js';
import type { PrintLayout } from '../../main/devices/print-layout.js';
import { drawerKick, encodeLayout } from './encode-layout.js';
import type { LinkOpener, PrinterLink } from './link.js';
import { PAPER_80MM, type Paper } from './paper.js';
import { requestStatus } from './status.js';

export interface EscPosPrinterOptions {
  readonly paper?: Paper;
  /** How long to wait for each status answer (default 1500 ms). */
  readonly statusTimeoutMs?: number;
}

function describe(status: PrinterStatus): string {
  return status.detail ?? (status.online ? 'not ready' : 'offline');
}

/**
 * A printer reached through a link opened afresh for each job. On links that can answer, a job is
 * refused (`offline`) when the printer says it cannot print, and confirmed afterwards by a second
 * status request, so a printer that goes away mid-receipt is reported (`disconnected`) instead of
 * being taken for a success.
 */
export class EscPosPrinter implements Printer {
  private readonly paper: Paper;
  private readonly statusTimeoutMs: number;

  constructor(
    readonly uri: string,
    private readonly openLink: LinkOpener,
    options: EscPosPrinterOptions = {},
  ) {
    this.paper = options.paper ?? PAPER_80MM;
    this.statusTimeoutMs = options.statusTimeoutMs ?? 1500;
  }

  private async withLink<T>(job: (link: PrinterLink) => Promise<T>): Promise<T> {
    const link = await this.openLink();
    try {
      return await job(link);
    } finally {
      await link.close();
    }
  }

  async print(bytes: Uint8Array): Promise<void> {
    await this.withLink(async (link) => {
      if (link.bidirectional) {
        const before = await requestStatus(link, this.statusTimeoutMs);
        if (!isReady(before)) {
          throw new PrinterError('offline', `the printer at ${this.uri} cannot print: ${describe(before)}`, { status: before });
        }
      }
      try {
        await link.write(bytes);
        if (!link.bidirectional) return;
        const after = await requestStatus(link, this.statusTimeoutMs);
        if (!isReady(after)) {
          throw new PrinterError('offline', `the printer at ${this.uri} stopped during the receipt: ${describe(after)}; reprint it`, {
            status: after,
          });
        }
      } catch (err) {
        if (err instanceof PrinterError && (err.code === 'disconnected' || err.code === 'timeout')) {
          throw new PrinterError(
            err.code,
            `${err.message}, in the middle of a receipt; the receipt may be incomplete: reprint it`,
            { cause: err },
          );
        }
        throw err;
      }
    });
  }

  async printLayout(layout: PrintLayout): Promise<void> {
    await this.print(await encodeLayout(layout, this.paper));
  }

  async status(): Promise<PrinterStatus> {
    try {
      return await this.withLink(async (link) => {
        if (link.bidirectional) return await requestStatus(link, this.statusTimeoutMs);
        return {
          online: true,
          coverOpen: false,
          paperOut: false,
          paperLow: false,
          reported: false,
          detail: 'the device accepts data; this link cannot report cover or paper',
        };
      });
    } catch (err) {
      const detail = err instanceof Error ? err.message : String(err);
      return { online: false, coverOpen: false, paperOut: false, paperLow: false, reported: false, detail };
    }
  }

  async kickDrawer(pin: DrawerPin = 2): Promise<void> {
    await this.withLink(async (link) => {
      await link.write(drawerKick(pin));
      // Confirms the printer took the pulse; a drawer opens even when the paper is out.
      if (link.bidirectional) await requestStatus(link, this.statusTimeoutMs);
    });
  }
}
