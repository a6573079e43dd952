/**
 * Diagnostics (technician and manager): devices and their status, printer test page, database and
 * outcome tables, integrity check, disk space, versions, support bundle. No money anywhere here.
 */
import { z } from 'zod';
import type { PrinterView, ReceiptView } from '../views.js';
import type { SelfCheckStatsView } from './selfcheck.js';

export const diagnosticsMethods = {
  'diagnostics.report': z.object({}).strict(),
  'diagnostics.printer-status': z.object({}).strict(),
  'diagnostics.test-page': z.object({}).strict(),
  /** Starts the integrity check in the background (or returns the one running); poll `diagnostics.integrity`. */
  'diagnostics.integrity-start': z.object({}).strict(),
  'diagnostics.integrity': z.object({}).strict(),
  /** Writes a support bundle (.tar.gz) into the data folder and returns it for download. */
  'diagnostics.bundle': z.object({}).strict(),
} as const;

export interface VersionsView {
  readonly guichet: string;
  readonly node: string;
  readonly electron: string | null;
  readonly chromium: string | null;
  readonly sqlite: string;
  readonly v8: string;
  readonly platform: string;
}

export interface ScannerDeviceView {
  readonly uri: string;
  /** closed | opening | open | waiting */
  readonly state: string;
}

export interface BlockView {
  readonly game: string;
  readonly game_name: string;
  readonly emission: number;
  readonly block: number;
  readonly first_unit: number;
  readonly unit_count: number;
  readonly imported_at: string;
  readonly file_name: string;
  /** Size of the stored outcome file, null when it is missing. */
  readonly file_bytes: number | null;
}

export interface DiskView {
  readonly path: string;
  readonly total_bytes: number;
  readonly free_bytes: number;
  /** What this process may still write (free minus the blocks reserved for root). */
  readonly available_bytes: number;
}

export interface DatabaseView {
  readonly path: string;
  /** On disk: the database file, its write-ahead log and the log's index. */
  readonly size_bytes: number;
  /** Of which waiting in the write-ahead log (not yet copied into the file). */
  readonly wal_bytes: number;
  readonly schema_version: number;
  readonly journal_entries: number;
  readonly outbox_waiting: number;
  readonly operators_active: number;
  readonly packs: number;
  /** The link with central (issue 10). */
  readonly central: CentralDiagnosticsView;
}

export interface CentralDiagnosticsView {
  readonly state: 'not-enrolled' | 'online' | 'offline' | 'refused' | 'disabled';
  readonly url: string | null;
  readonly last_contact_at: string | null;
  readonly last_push_at: string | null;
  readonly last_pull_at: string | null;
  readonly last_error: string | null;
  /** Central's clock minus this terminal's, ms. */
  readonly clock_offset_ms: number | null;
  /** Last journal entry central acknowledged. */
  readonly acked_seq: number;
  /** "journal refused by central": why; or why central disabled the terminal. */
  readonly problem: string | null;
}

/** Wrong validation codes entered at the counter: counts per operator in the window, and the alerts raised. */
export interface WrongCodesView {
  readonly threshold: number;
  readonly window_minutes: number;
  readonly by_operator: readonly { readonly operator: string; readonly count: number }[];
  /** The latest 'alert.wrong-codes' journal entries, newest first. */
  readonly alerts: readonly { readonly seq: number; readonly at: string; readonly operator: string; readonly count: number; readonly window_minutes: number }[];
}

/** Software updates (#23): the running version, a downloaded one waiting, the last step; a summary in both languages. */
export interface UpdatesView {
  readonly running: string;
  /** The release tarball's sha256 this version was installed from (null: not from a release). */
  readonly running_sha256: string | null;
  /** A downloaded, verified version waiting for the till's close or the maintenance window. */
  readonly waiting: string | null;
  readonly step: 'checked' | 'downloaded' | 'installed' | 'confirmed' | 'rolled-back' | 'refused' | null;
  readonly at: string | null;
  readonly last_fr: string | null;
  readonly last_en: string | null;
  /** "Version X, update Y downloaded, will install at till close". */
  readonly fr: string;
  readonly en: string;
}

export interface DiagnosticsReport {
  readonly generated_at: string;
  readonly terminal_id: string;
  readonly host: 'electron' | 'browser';
  readonly data_dir: string;
  readonly versions: VersionsView;
  readonly printer: PrinterView | null;
  readonly scanners: readonly ScannerDeviceView[];
  readonly database: DatabaseView;
  readonly blocks: readonly BlockView[];
  readonly disk: DiskView | null;
  /** The self-check kiosk's checks and wrong-code alerts (journal counts). */
  readonly self_check?: SelfCheckStatsView;
  readonly wrong_codes: WrongCodesView;
  readonly updates: UpdatesView;
}

export interface IntegrityStepView {
  readonly ok: boolean;
  /** 'ok', or what is wrong (technical English, for the help desk). */
  readonly detail: string;
  /** Journal: entries checked. */
  readonly entries?: number;
}

export interface IntegrityBlockView {
  /** `Happy 2014 001-01`: game name, emission and block. */
  readonly label: string;
  readonly units: number;
  /** Chunks of records re-hashed (when ok). */
  readonly chunks?: number;
  readonly ok: boolean;
  readonly detail: string;
}

export interface IntegrityView {
  readonly state: 'running' | 'done';
  /** What is being checked now: 'database' | 'journal' | 'blocks' | 'done'. */
  readonly phase: string;
  /** Progress over the units of every block (the database and journal count as one step each). */
  readonly done: number;
  readonly total: number;
  readonly started_at: string;
  readonly finished_at: string | null;
  readonly database: IntegrityStepView | null;
  readonly journal: IntegrityStepView | null;
  readonly blocks: readonly IntegrityBlockView[];
  /** All checks finished and passed. */
  readonly ok: boolean;
}

export interface BundleView {
  readonly file_name: string;
  readonly path: string;
  readonly size_bytes: number;
  readonly entries: readonly string[];
  /** The bundle itself, base64, for the browser to download. */
  readonly data_base64: string;
}

export interface DiagnosticsOutputs {
  'diagnostics.report': DiagnosticsReport;
  'diagnostics.printer-status': PrinterView | null;
  'diagnostics.test-page': ReceiptView;
  'diagnostics.integrity-start': IntegrityView;
  'diagnostics.integrity': IntegrityView | null;
  'diagnostics.bundle': BundleView;
}
