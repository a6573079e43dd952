// A pretend ESC/POS printer for tests: it reads the byte stream command by command (so status
// requests inside a job are found, and image data is not mistaken for them) and answers DLE EOT.
import { EscPosTokenizer, type PositionedCommand } from '../../../../native/printer/escpos-tokenizer.js';
import { encodeStatus } from '../../../../native/printer/status.js';

export interface FakePrinterState {
  offline?: boolean;
  coverOpen?: boolean;
  paperOut?: boolean;
  paperLow?: boolean;
  /** Answer status requests with this byte instead of a status byte. */
  garbage?: number;
  /** Do not answer status requests at all. */
  mute?: boolean;
}

/** The printer's brain: fed with received bytes, returns the bytes to answer. */
export class FakePrinter {
  state: FakePrinterState = {};
  /** Every byte received, status requests included. */
  received: number[] = [];
  /** Commands received, in order. */
  commands: PositionedCommand[] = [];
  private tokenizer = new EscPosTokenizer();

  receive(chunk: Uint8Array): Uint8Array {
    this.received.push(...chunk);
    const answer: number[] = [];
    for (const command of this.tokenizer.feed(chunk)) {
      this.commands.push(command);
      if (command.kind !== 'status-request' || this.state.mute) continue;
      if (this.state.garbage !== undefined) {
        answer.push(this.state.garbage);
        continue;
      }
      const raw = encodeStatus(this.state);
      const byte = [raw.printer, raw.offlineCause, raw.errorCause, raw.paperSensor][command.n - 1];
      if (byte !== undefined) answer.push(byte);
    }
    return Uint8Array.from(answer);
  }

  /** The received bytes without the status requests: what would be printed. */
  printedBytes(): Uint8Array {
    const out: number[] = [];
    const bytes = Uint8Array.from(this.received);
    const requests = new Set(this.commands.filter((c) => c.kind === 'status-request').map((c) => c.offset));
    for (let i = 0; i < bytes.length; i++) {
      if (requests.has(i)) {
        i += 2;
        continue;
      }
      out.push(bytes[i]!);
    }
    return Uint8Array.from(out);
  }

  reset(): void {
    this.received = [];
    this.commands = [];
    this.tokenizer = new EscPosTokenizer();
  }
}
