/**
 * The support bundle a technician sends to the help desk: the diagnostic report, the device settings,
 * the last integrity check, a log of what happened when (journal entry types and times only) and any
 * text log in DATA/logs. Written as a .tar.gz into DATA/support/.
 *
 * Never in it: PINs or their hashes, the terminal key, hidden codes, outcome or print files, barcodes,
 * money amounts (the payout limit included), journal payloads.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { journalHeadlines } from '../../../db/queries/diagnostics.js';
import type { BundleView, DiagnosticsReport, IntegrityView } from '../../../common/api/methods/diagnostics.js';
import { authorize } from '../auth/authorize.js';
import type { OperatorSession } from '../auth/session.js';
import { getSettings } from '../../kernel/settings.js';
import { unauthorisedReport, type ReportContext } from './report.js';
import { reportText } from './report-text.js';
import { tarGz, type TarEntry } from './tar.js';

/** Folder of the data folder where bundles are written. */
export const SUPPORT_DIR = 'support';
/** Folder of the data folder whose `*.log` files go into the bundle. */
export const LOGS_DIR = 'logs';
/** Journal headlines kept in the bundle's event log. */
export const EVENT_LOG_LINES = 2000;
const MAX_LOG_BYTES = 1024 * 1024;

/**
 * Masks what must never leave the terminal, should a log line hold it: amounts in euros or cents, long
 * digit runs (barcodes, ticket numbers with their codes), PIN-like fields and PEM blocks.
 */
export function redactLogText(text: string): string {
  return text
    .replace(/-----BEGIN [A-Z ]+-----[\s\S]*?-----END [A-Z ]+-----/g, '[key removed]')
    .replace(/("?\w*(?:pin|cents|amount|key|code)\w*"?\s*[:=]\s*)("[^"]*"|[^\s,}]+)/gi, '$1[removed]')
    .replace(/\d(?:[\d.,]|[ \u00a0\u202f](?=\d))*[ \u00a0\u202f]?(?:€|EUR\b)/g, '[amount removed]')
    .replace(/(?:€|\bEUR)[ \u00a0\u202f]?\d(?:[\d.,]|[ \u00a0\u202f](?=\d))*/g, '[amount removed]')
    .replace(/\d{10,}/g, '[number removed]');
}

function logEntries(root: string, dir: string, mtime: Date): TarEntry[] {
  const logs = path.join(root, LOGS_DIR);
  if (!existsSync(logs)) return [];
  const out: TarEntry[] = [];
  for (const name of readdirSync(logs).sort()) {
    const file = path.join(logs, name);
    if (!name.endsWith('.log') || !statSync(file).isFile()) continue;
    const buf = readFileSync(file);
    const text = buf.subarray(Math.max(0, buf.length - MAX_LOG_BYTES)).toString('utf8');
    out.push({ name: `${dir}/logs/${name}`, data: redactLogText(text), mtime });
  }
  return out;
}

function stampOf(iso: string): string {
  return iso.replace(/\.\d+Z$/, 'Z').replace(/[-:]/g, '');
}

export interface BundleContext extends ReportContext {
  /** The last integrity check, if one ran. */
  readonly integrity?: IntegrityView | null;
}

/** Writes a support bundle (permission 'diagnostics.run') and returns where, what it holds and its bytes. */
export async function writeSupportBundle(c: BundleContext, session: OperatorSession): Promise<BundleView & { readonly report: DiagnosticsReport }> {
  const t = c.terminal;
  authorize(t, session, 'diagnostics.run');
  const report = await unauthorisedReport(c);
  const mtime = new Date(report.generated_at);
  const dir = `guichet-support-${t.id}-${stampOf(report.generated_at)}`;
  const settings = getSettings(t);
  const devices = {
    language: settings.language ?? 'fr',
    printer_uri: settings.printer_uri ?? null,
    scanner_uris: settings.scanner_uris ?? [],
  };
  const events = journalHeadlines(t.db, EVENT_LOG_LINES)
    .map((e) => `${e.at}  #${e.seq}  ${e.type}${e.operator ? `  (${e.operator})` : ''}`)
    .join('\n');
  const entries: TarEntry[] = [
    { name: `${dir}/README.txt`, data: readme(report, session), mtime },
    { name: `${dir}/report.json`, data: `${JSON.stringify(report, null, 2)}\n`, mtime },
    { name: `${dir}/report.txt`, data: reportText(report, c.integrity ?? null), mtime },
    { name: `${dir}/device-settings.json`, data: `${JSON.stringify(devices, null, 2)}\n`, mtime },
    ...(c.integrity ? [{ name: `${dir}/integrity.json`, data: `${JSON.stringify(c.integrity, null, 2)}\n`, mtime }] : []),
    { name: `${dir}/logs/journal-events.log`, data: `${events}\n`, mtime },
    ...logEntries(t.folder.root, dir, mtime),
  ];
  const bytes = tarGz(entries);
  const folder = path.join(t.folder.root, SUPPORT_DIR);
  mkdirSync(folder, { recursive: true });
  const fileName = `${dir}.tar.gz`;
  const file = path.join(folder, fileName);
  writeFileSync(file, bytes, { mode: 0o600 });
  return { file_name: fileName, path: file, size_bytes: bytes.length, entries: entries.map((e) => e.name), data_base64: bytes.toString('base64'), report };
}

function readme(report: DiagnosticsReport, session: OperatorSession): string {
  return [
    `Guichet support bundle — terminal ${report.terminal_id}`,
    `Made ${report.generated_at} by ${session.name} (${session.role}).`,
    '',
    'report.txt / report.json    devices, database, outcome blocks, disk space, versions',
    'device-settings.json        language and device URIs',
    'integrity.json              the last integrity check run on this screen, if any',
    'logs/journal-events.log     what happened when (entry types and times only)',
    '',
    'This bundle holds no PIN, key, hidden code, barcode, outcome file, printed receipt or money amount.',
    '',
  ].join('\n');
}
