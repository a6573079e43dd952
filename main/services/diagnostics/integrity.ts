/**
 * The technician's integrity check, run in the background with its progress readable at any time:
 * 1. the SQLite file (`PRAGMA integrity_check`);
 * 2. the journal's hash chain and signatures, and its business rules (`verifyJournal`);
 * 3. each imported outcome block: its stored file still carries the manifest verified at import, that
 *    manifest's signature still verifies against a trusted key that is not revoked, and every chunk of
 *    records still hashes to the manifest's chunk hash (and the whole to records_sha256).
 * The work yields to the event loop between chunks, so the counter keeps answering while it runs.
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import { gameByCode } from '../../../games/index.js';
import { listBlocks, type BlockRow } from '../../../db/queries/blocks.js';
import { sqliteIntegrityCheck } from '../../../db/queries/diagnostics.js';
import { OutcomeFileError, openOutcomeFile, type OutcomeFile } from '../../../node/outcome/reader.js';
import { listRevokedKeys } from '../../../db/queries/trusted-keys.js';
import { trustedKeyObjects } from '../outcomes/trust.js';
import type { IntegrityBlockView, IntegrityStepView, IntegrityView } from '../../../common/api/methods/diagnostics.js';
import { authorize } from '../auth/authorize.js';
import type { OperatorSession } from '../auth/session.js';
import { verifyJournal } from '../journal/verify.js';
import type { LotteryTerminal } from '../../kernel/terminal.js';

const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

function blockLabel(b: BlockRow): string {
  let name = b.game;
  try {
    name = gameByCode(b.game).name;
  } catch {
    // an unknown game code is shown as it is
  }
  return `${name} ${String(b.emission).padStart(3, '0')}-${String(b.block).padStart(2, '0')}`;
}

/** One run of the integrity check. `view()` is its state now; `finished` resolves with the final state. */
export class IntegrityCheck {
  private phase = 'database';
  private done = 0;
  private readonly total: number;
  private readonly startedAt: string;
  private finishedAt: string | null = null;
  private database: IntegrityStepView | null = null;
  private journal: IntegrityStepView | null = null;
  private readonly blocks: IntegrityBlockView[] = [];
  private readonly rows: BlockRow[];
  readonly finished: Promise<IntegrityView>;

  private constructor(private readonly t: LotteryTerminal) {
    this.rows = listBlocks(t.db);
    this.total = this.rows.reduce((n, b) => n + b.unit_count, 0);
    this.startedAt = t.now();
    this.finished = this.run();
  }

  /** Starts a check (permission 'diagnostics.run'). */
  static start(t: LotteryTerminal, session: OperatorSession): IntegrityCheck {
    authorize(t, session, 'diagnostics.run');
    return new IntegrityCheck(t);
  }

  get running(): boolean {
    return this.finishedAt === null;
  }

  view(): IntegrityView {
    const ok = !this.running && this.database?.ok === true && this.journal?.ok === true && this.blocks.every((b) => b.ok);
    return {
      state: this.running ? 'running' : 'done',
      phase: this.phase,
      done: this.done,
      total: this.total,
      started_at: this.startedAt,
      finished_at: this.finishedAt,
      database: this.database,
      journal: this.journal,
      blocks: [...this.blocks],
      ok,
    };
  }

  private async run(): Promise<IntegrityView> {
    await nextTurn();
    try {
      const lines = sqliteIntegrityCheck(this.t.db);
      this.database = lines.length === 1 && lines[0] === 'ok' ? { ok: true, detail: 'ok' } : { ok: false, detail: lines.join('; ') };
    } catch (err) {
      this.database = { ok: false, detail: (err as Error).message };
    }
    this.phase = 'journal';
    await nextTurn();
    try {
      const j = verifyJournal(this.t);
      const broken = j.first_break ? [`entry ${j.first_break.seq}: ${j.first_break.detail}`] : [];
      const rules = j.invariants.map((b) => `rule ${b.rule} broken at entry ${b.seq}: ${b.detail}`);
      this.journal = j.ok ? { ok: true, detail: `${j.entries} entries chained and signed, business rules kept`, entries: j.entries } : { ok: false, detail: [...broken, ...rules].join('; ') };
    } catch (err) {
      this.journal = { ok: false, detail: (err as Error).message };
    }
    this.phase = 'blocks';
    for (const row of this.rows) {
      const before = this.done;
      const result = await this.checkBlock(row);
      this.done = before + row.unit_count;
      this.blocks.push({ label: blockLabel(row), units: row.unit_count, ...result });
    }
    this.phase = 'done';
    this.finishedAt = this.t.now();
    return this.view();
  }

  private async checkBlock(row: BlockRow): Promise<{ ok: boolean; detail: string; chunks?: number }> {
    let file: OutcomeFile;
    try {
      file = openOutcomeFile(path.join(this.t.folder.outcomesDir, row.file_name));
    } catch (err) {
      return { ok: false, detail: `outcome file ${row.file_name} unusable: ${(err as Error).message}` };
    }
    try {
      const m = file.manifest;
      if (JSON.stringify(m) !== row.manifest_json) return { ok: false, detail: `outcome file ${row.file_name} no longer has the manifest verified at import` };
      const revoked = listRevokedKeys(this.t.db).find((r) => r.fingerprint === m.signer);
      if (revoked) return { ok: false, detail: `outcome file ${row.file_name} is signed by key ${m.signer.slice(0, 16)}…, revoked on ${revoked.revoked_at} (${revoked.reason})` };
      try {
        file.verifySignature(trustedKeyObjects(this.t.db));
      } catch (err) {
        if (!(err instanceof OutcomeFileError)) throw err;
        return { ok: false, detail: `outcome file ${row.file_name}: ${err.reason === 'unknown-key' ? 'its signer is not a trusted key' : 'its manifest signature does not verify'}` };
      }
      const whole = createHash('sha256');
      for (let c = 0; c < m.chunk_sha256.length; c++) {
        const first = m.first_unit + c * m.chunk_units;
        const count = Math.min(m.chunk_units, m.first_unit + m.unit_count - first);
        const chunk = file.records(first, count);
        whole.update(chunk);
        if (createHash('sha256').update(chunk).digest('hex') !== m.chunk_sha256[c]) {
          return { ok: false, detail: `records of units ${first}–${first + count - 1} (chunk ${c}) were altered` };
        }
        this.done += count;
        await nextTurn();
      }
      if (whole.digest('hex') !== m.records_sha256) return { ok: false, detail: 'the records hash does not match the manifest' };
      return { ok: true, detail: `${m.chunk_sha256.length} chunks intact`, chunks: m.chunk_sha256.length };
    } catch (err) {
      return { ok: false, detail: (err as Error).message };
    } finally {
      file.close();
    }
  }
}
