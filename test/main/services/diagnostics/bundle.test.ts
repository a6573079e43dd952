import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { listOperatorRows } from '../../../../db/queries/operators.js';
import { redactLogText, writeSupportBundle } from '../../../../main/services/diagnostics/bundle.js';
import { IntegrityCheck } from '../../../../main/services/diagnostics/integrity.js';
import { updateSettings } from '../../../../main/services/terminal/settings.js';
import { VirtualPrinter } from '../../../../native/printer/virtual-printer.js';
import { demoValidationBarcodes, makeDemo, type DemoFixture } from './demo-fixture.js';

let f: DemoFixture | undefined;
const dirs: string[] = [];
afterEach(() => {
  f?.cleanup();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** Extracts a .tar.gz with the system's tar and returns every file's text by relative path. */
function extract(file: string): Map<string, string> {
  const out = mkdtempSync(path.join(tmpdir(), 'guichet-bundle-x-'));
  dirs.push(out);
  execFileSync('tar', ['-xzf', file, '-C', out]);
  const files = new Map<string, string>();
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir)) {
      const p = path.join(dir, name);
      if (statSync(p).isDirectory()) walk(p);
      else files.set(path.relative(out, p), readFileSync(p, 'utf8'));
    }
  };
  walk(out);
  return files;
}

describe('support bundle', () => {
  it('writes a .tar.gz into the data folder with the report, settings, integrity and event log', async () => {
    f = await makeDemo();
    const printer = new VirtualPrinter('virtual:counter');
    const integrity = await IntegrityCheck.start(f.t, f.theo).finished;
    const b = await writeSupportBundle({ terminal: f.t, devices: { printer }, host: 'browser', version: '0.1.0', integrity }, f.theo);
    expect(b.path).toBe(path.join(f.dir, 'support', b.file_name));
    expect(b.file_name).toMatch(/^guichet-support-DEMO-01-\d{8}T\d{6}Z\.tar\.gz$/);
    expect(readFileSync(b.path).toString('base64')).toBe(b.data_base64);
    expect(b.size_bytes).toBe(statSync(b.path).size);
    const files = extract(b.path);
    const dir = b.file_name.replace(/\.tar\.gz$/, '');
    expect([...files.keys()].sort()).toEqual(
      ['README.txt', 'device-settings.json', 'integrity.json', 'logs/journal-events.log', 'report.json', 'report.txt'].map((n) => `${dir}/${n}`).sort(),
    );
    expect(JSON.parse(files.get(`${dir}/report.json`)!)).toMatchObject({ terminal_id: 'DEMO-01', blocks: expect.any(Array) });
    expect(files.get(`${dir}/report.txt`)).toContain('INTEGRITY CHECK');
    expect(files.get(`${dir}/logs/journal-events.log`)).toMatch(/#1 {2}terminal\.init/);
    expect(files.get(`${dir}/logs/journal-events.log`)).toMatch(/pack\.activate {2}\(Marie\)/);
  });

  it('holds no PIN hash, key, hidden code, barcode, outcome or print data, and no amount', async () => {
    f = await makeDemo();
    updateSettings(f.t, f.marie, { payout_limit_cents: 123_456, printer_uri: 'tcp://10.0.0.7:9100' });
    mkdirSync(path.join(f.dir, 'logs'));
    const barcodes = demoValidationBarcodes(f.dir);
    expect(barcodes.length).toBe(1200);
    writeFileSync(
      path.join(f.dir, 'logs', 'kiosk.log'),
      `scan ${barcodes[0]!}\npaid 1 234,56 € to player\n{"amount_cents":123456,"pin":"1234"}\nprinter tcp://10.0.0.7:9100 offline\n`,
    );
    const b = await writeSupportBundle({ terminal: f.t, devices: { printer: new VirtualPrinter('virtual:counter') }, host: 'browser', version: '0.1.0' }, f.marie);
    const files = extract(b.path);
    const all = [...files.values()].join('\n');
    expect([...files.keys()].some((k) => k.endsWith('logs/kiosk.log'))).toBe(true);
    expect(all).toContain('printer tcp://10.0.0.7:9100 offline');
    expect(all).toContain('tcp://10.0.0.7:9100');
    // Secrets of the terminal.
    for (const op of listOperatorRows(f.t.db)) expect(all).not.toContain(op.pin_hash);
    const key = readFileSync(path.join(f.dir, 'terminal.key'), 'utf8');
    expect(all).not.toContain(key.split('\n')[1]!);
    expect(all).not.toMatch(/PRIVATE KEY/);
    // Hidden codes and barcodes (the validation barcode carries the hidden code).
    for (const code of barcodes) expect(all).not.toContain(code);
    // Outcome and print files never go in.
    expect([...files.keys()].some((k) => /\.(outcome|print|png|bin|key|db)$/.test(k))).toBe(false);
    // Money: no amount, not even the payout limit.
    expect(all).not.toMatch(/€|123456|1 234,56|1234\.56|_cents"?\s*[:=]\s*\d/);
    expect(all).not.toContain('"1234"');
  });

  it('refuses a cashier and writes nothing', async () => {
    f = await makeDemo();
    await expect(writeSupportBundle({ terminal: f.t, devices: { printer: null }, host: 'browser', version: '1' }, f.camille)).rejects.toMatchObject({ code: 'forbidden' });
    expect(existsSync(path.join(f.dir, 'support'))).toBe(false);
  });
});

describe('redactLogText', () => {
  it('masks amounts, long digit runs, PIN/code/amount fields and PEM blocks, keeping the rest', () => {
    const text = [
      'paid 1 234,56 € at 10:02:03',
      'EUR 12.00 and €5',
      'scanned 2140010100000035123456789',
      'login pin=1234 ok; {"hidden_code": "A1B2"}',
      '-----BEGIN PRIVATE KEY-----\nMC4CAQ\n-----END PRIVATE KEY-----',
      'printer tcp://10.0.0.7:9100 offline',
    ].join('\n');
    const out = redactLogText(text);
    expect(out).not.toMatch(/234,56|€5|2140010100000035123456789|1234|A1B2|MC4CAQ/);
    expect(out).toContain('at 10:02:03');
    expect(out).toContain('printer tcp://10.0.0.7:9100 offline');
    expect(out).toContain('[key removed]');
  });
});
