// The fake printer on the far end of a socat pty pair.
import { SerialPort } from 'serialport';
import { FakePrinter } from './fake-printer.js';
import { openPtyPair, type PtyPair } from './pty-pair.js';

export interface SerialPrinterHarness {
  readonly uri: string;
  readonly pty: PtyPair;
  readonly printer: FakePrinter;
  /** Kills socat (the cable is pulled) once this many bytes have arrived. */
  vanishAfterBytes: number | null;
  /** Set when the far end was made to vanish; resolves once socat is dead and its links removed. */
  vanished: Promise<void> | null;
  close(): Promise<void>;
}

export async function startSerialPrinter(): Promise<SerialPrinterHarness> {
  const pty = await openPtyPair();
  const printer = new FakePrinter();
  const port = new SerialPort({ path: pty.printerPath, baudRate: 9600, autoOpen: false });
  await new Promise<void>((resolve, reject) => port.open((err) => (err ? reject(err) : resolve())));
  port.on('error', () => undefined);
  let seen = 0;
  const harness: SerialPrinterHarness = {
    uri: `serial:${pty.driverPath}?baud=9600`,
    pty,
    printer,
    vanishAfterBytes: null,
    vanished: null,
    async close() {
      if (port.isOpen) await new Promise<void>((resolve) => port.close(() => resolve()));
      await pty.kill();
    },
  };
  port.on('data', (chunk: Buffer) => {
    const limit = harness.vanishAfterBytes;
    if (limit !== null && seen + chunk.length >= limit) {
      printer.receive(chunk.subarray(0, Math.max(0, limit - seen)));
      seen = limit;
      harness.vanishAfterBytes = null;
      harness.vanished = pty.kill();
      return;
    }
    seen += chunk.length;
    const answer = printer.receive(chunk);
    if (answer.length > 0) port.write(Buffer.from(answer));
  });
  return harness;
}
