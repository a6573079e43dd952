/**
 * The diagnostic report: devices and their status, the database, the imported outcome blocks, disk
 * space and versions. Counts, names and states only: no amount, PIN, key or hidden code is ever in it.
 */
import { statSync } from 'node:fs';
import path from 'node:path';
import { gameByCode } from '../../../games/index.js';
import type { GameCode } from '../../../games/types.js';
import { schemaVersion } from '../../../db/migrations/index.js';
import { listBlocks } from '../../../db/queries/blocks.js';
import { activeOperatorCount, packCount } from '../../../db/queries/diagnostics.js';
import { journalLength } from '../../../db/queries/journal.js';
import { pendingOutboxCount } from '../../../db/queries/outbox.js';
import { selfCheckCounts } from '../../../db/queries/selfcheck.js';
import type { BlockView, CentralDiagnosticsView, DatabaseView, DiagnosticsReport, ScannerDeviceView } from '../../../common/api/methods/diagnostics.js';
import { syncStatus } from '../sync/status.js';
import type { PrinterView } from '../../../common/api/views.js';
import { authorize } from '../auth/authorize.js';
import type { OperatorSession } from '../auth/session.js';
import type { Printer } from '../../devices/printer.js';
import type { LotteryTerminal } from '../../kernel/terminal.js';
import { diskSpace } from './disk.js';
import { versionsOf } from './versions.js';
import { wrongCodesSummary } from '../tickets/refused-codes.js';
import { runningSoftware } from '../updates/software.js';
import { updatesView } from '../updates/status.js';

export interface DeviceSet {
  readonly printer: Printer | null;
  readonly scanners?: readonly { readonly uri: string; readonly state: string }[];
}

function sizeOf(file: string): number | null {
  try {
    return statSync(file).size;
  } catch {
    return null;
  }
}

function gameName(code: string): string {
  try {
    return gameByCode(code as GameCode).name;
  } catch {
    return code;
  }
}

/** The imported blocks with the size of their stored outcome files. */
export function blockViews(t: LotteryTerminal): BlockView[] {
  return listBlocks(t.db).map((b) => ({
    game: b.game,
    game_name: gameName(b.game),
    emission: b.emission,
    block: b.block,
    first_unit: b.first_unit,
    unit_count: b.unit_count,
    imported_at: b.imported_at,
    file_name: b.file_name,
    file_bytes: sizeOf(path.join(t.folder.outcomesDir, b.file_name)),
  }));
}

function centralView(t: LotteryTerminal): CentralDiagnosticsView {
  const s = syncStatus(t);
  return {
    state: s.state,
    url: s.central_url,
    last_contact_at: s.last_contact_at,
    last_push_at: s.last_push_at,
    last_pull_at: s.last_pull_at,
    last_error: s.last_error,
    clock_offset_ms: s.clock_offset_ms,
    acked_seq: s.acked_seq,
    problem: s.disabled ?? s.refused,
  };
}

export function databaseView(t: LotteryTerminal): DatabaseView {
  return {
    path: t.folder.databasePath,
    // The database is its file plus what waits in its write-ahead log (and the log's index): all of it is on disk.
    size_bytes: (sizeOf(t.folder.databasePath) ?? 0) + (sizeOf(`${t.folder.databasePath}-wal`) ?? 0) + (sizeOf(`${t.folder.databasePath}-shm`) ?? 0),
    wal_bytes: sizeOf(`${t.folder.databasePath}-wal`) ?? 0,
    schema_version: schemaVersion(t.db),
    journal_entries: journalLength(t.db),
    outbox_waiting: pendingOutboxCount(t.db),
    operators_active: activeOperatorCount(t.db),
    packs: packCount(t.db),
    central: centralView(t),
  };
}

/** The printer's status as the status bar shows it; a printer that cannot be asked is reported offline. */
export async function printerView(printer: Printer | null): Promise<PrinterView | null> {
  if (!printer) return null;
  try {
    return { uri: printer.uri, ...(await printer.status()) };
  } catch (err) {
    return { uri: printer.uri, online: false, coverOpen: false, paperOut: false, paperLow: false, reported: false, detail: err instanceof Error ? err.message : String(err) };
  }
}

export interface ReportContext {
  readonly terminal: LotteryTerminal;
  readonly devices: DeviceSet;
  readonly host: 'electron' | 'browser';
  readonly version: string;
}

/** Builds the report (permission 'diagnostics.run': technicians and managers). */
export async function diagnosticsReport(c: ReportContext, session: OperatorSession): Promise<DiagnosticsReport> {
  authorize(c.terminal, session, 'diagnostics.run');
  return unauthorisedReport(c);
}

/** The report without the permission check (the support bundle's writer, already authorised). */
export async function unauthorisedReport(c: ReportContext): Promise<DiagnosticsReport> {
  const t = c.terminal;
  const scanners: ScannerDeviceView[] = (c.devices.scanners ?? []).map((s) => ({ uri: s.uri, state: s.state }));
  return {
    generated_at: t.now(),
    terminal_id: t.id,
    host: c.host,
    data_dir: t.folder.root,
    versions: versionsOf(t.db, c.version),
    printer: await printerView(c.devices.printer),
    scanners,
    database: databaseView(t),
    blocks: blockViews(t),
    disk: diskSpace(t.folder.root),
    self_check: selfCheckCounts(t.db),
    wrong_codes: wrongCodesSummary(t),
    updates: updatesView(t, runningSoftware()),
  };
}
