import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTcpPrinter, type TcpPrinterServer } from './support/tcp-printer-server.js';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../../..');
const dir = mkdtempSync(path.join(tmpdir(), 'guichet-print-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let server: TcpPrinterServer;
beforeEach(async () => {
  server = await startTcpPrinter();
});
afterEach(async () => {
  await server.close();
});

/** Runs `guichet …`; resolves with its output and exit code. */
async function guichet(...args: string[]): Promise<{ stdout: string; stderr: string; code: number }> {
  const env = { ...process.env, GUICHET_DATA: path.join(dir, 'data'), GUICHET_PRINTER: '' };
  try {
    const { stdout, stderr } = await run(process.execPath, [path.join(root, 'bin/guichet.js'), ...args], { cwd: root, env });
    return { stdout, stderr, code: 0 };
  } catch (err) {
    const e = err as { stdout: string; stderr: string; code: number };
    return { stdout: e.stdout, stderr: e.stderr, code: e.code };
  }
}

describe('guichet print', () => {
  it('status --json reports what a network printer answers, and exits 2 when it cannot print', async () => {
    server.printer.state = { paperLow: true };
    const ok = await guichet('print', 'status', '--printer', server.uri, '--json');
    expect(ok.code).toBe(0);
    expect(JSON.parse(ok.stdout)).toMatchObject({ uri: server.uri, ready: true, online: true, paperLow: true, reported: true });
    server.printer.state = { coverOpen: true };
    const text = await guichet('print', 'status', '--printer', server.uri);
    expect(text.code).toBe(2);
    expect(text.stdout).toContain(`Printer ${server.uri}: offline`);
    expect(text.stdout).toMatch(/cover open: +yes/);
  });

  it('test-page prints on a virtual printer a page whose barcode scans', async () => {
    const out = path.join(dir, 'virtual');
    const result = await guichet('print', 'test-page', '--printer', 'virtual:bench', '--terminal', 'T-0042', '--operator', 'tech', '--out', out);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Test page printed on virtual:bench (ready).');
    expect(readdirSync(out).sort()).toEqual(['receipt-0001.bin', 'receipt-0001.png']);
    const scanned = execFileSync('zbarimg', ['--raw', '-q', path.join(out, 'receipt-0001.png')], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    expect(scanned.trim()).toBe('GUICHET-TEST-0123456789');
  });

  it('test-page on a network printer sends the page; bad URIs and absent printers fail with one clear line', async () => {
    const sent = await guichet('print', 'test-page', '--printer', server.uri, '--terminal', 'T-0042', '--lang', 'en');
    expect(sent.code).toBe(0);
    expect(server.printer.commands.some((c) => c.kind === 'raster')).toBe(true);
    expect(server.printer.commands.filter((c) => c.kind === 'cut')).toHaveLength(1);
    const bad = await guichet('print', 'status', '--printer', 'hid:0c2e:0b61');
    expect(bad.code).toBe(1);
    expect(bad.stderr.trim()).toBe("guichet: invalid device URI 'hid:0c2e:0b61': scheme 'hid' is not supported here (use serial, tcp, file, virtual)");
    const absent = await guichet('print', 'test-page', '--printer', `file:${path.join(dir, 'lp0')}`);
    expect(absent.code).toBe(1);
    expect(absent.stderr).toContain('guichet: test page not printed: no printer at file:');
  });
});
