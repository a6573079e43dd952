/**
 * `emission audit`: re-reads an emission folder (print data, outcome files, lottery.pub) and checks
 * that everything agrees: counts per tier against the table, the pack guarantee, signatures and
 * hashes, and for every unit its sealed record, its hidden code, its layout and its prize.
 */
import type { KeyObject } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gameByCode, isGameCode } from '../../games/index.js';
import { humanNumber } from '../../games/ticket-id.js';
import type { Game } from '../../games/types.js';
import { readPublicKey } from '../../node/outcome/keys.js';
import { OutcomeFileError, openOutcomeFile, type OutcomeFile } from '../../node/outcome/reader.js';
import { countTiers, tierAmounts } from './draw.js';
import { BATCH_UNITS } from './create.js';
import { PUBLIC_KEY_FILE, outcomeFileName, parseBlockFileName, printFileName } from './files.js';
import { winnersPerPack } from './packs.js';
import { readPrintFile, type PrintData } from './print-file.js';
import { UnitWorkerPool, defaultWorkerCount, orderedPipeline } from './worker-pool.js';

export interface AuditFinding {
  /** File the disagreement was found in (name inside the folder). */
  file: string;
  /** Unit index, when the finding concerns one unit. */
  unit?: number;
  /** Printed unit number, when the finding concerns one unit. */
  number?: string;
  what: string;
}

export interface AuditReport {
  ok: boolean;
  /** The first findings (at most `maxFindings`). */
  findings: AuditFinding[];
  /** All findings, including those not listed. */
  findingCount: number;
  blocks: number;
  unitsChecked: number;
}

export interface AuditOptions {
  workers?: number;
  maxFindings?: number;
  onProgress?: (label: string, done: number, total: number) => void;
}

function sameCounts(a: readonly { amount_cents: number; count: number }[], b: readonly { amount_cents: number; count: number }[]): boolean {
  return a.length === b.length && a.every((t, i) => t.amount_cents === b[i]?.amount_cents && t.count === b[i]?.count);
}

/** Audits every block in `dir`; never throws for a disagreement, it reports it. */
export async function auditEmission(dir: string, opts: AuditOptions = {}): Promise<AuditReport> {
  const maxFindings = opts.maxFindings ?? 200;
  const report: AuditReport = { ok: true, findings: [], findingCount: 0, blocks: 0, unitsChecked: 0 };
  const find = (f: AuditFinding): void => {
    report.ok = false;
    report.findingCount++;
    if (report.findings.length < maxFindings) report.findings.push(f);
  };

  if (!existsSync(dir)) {
    find({ file: dir, what: 'no such folder' });
    return report;
  }
  let trusted: KeyObject[] = [];
  try {
    trusted = [readPublicKey(join(dir, PUBLIC_KEY_FILE))];
  } catch (err) {
    find({ file: PUBLIC_KEY_FILE, what: existsSync(join(dir, PUBLIC_KEY_FILE)) ? (err as Error).message : 'missing' });
  }

  const blocks = new Map<string, { game: string; emission: number; block: number }>();
  for (const name of readdirSync(dir).sort()) {
    const parsed = parseBlockFileName(name);
    if (parsed) blocks.set(`${parsed.game}-${parsed.emission}-${parsed.block}`, parsed);
  }
  if (blocks.size === 0) find({ file: dir, what: 'no outcome or print files' });

  const pool = new UnitWorkerPool(opts.workers ?? defaultWorkerCount());
  try {
    for (const b of blocks.values()) {
      if (!isGameCode(b.game)) {
        find({ file: `${b.game}-${b.emission}-${b.block}.*`, what: `unknown game '${b.game}'` });
        continue;
      }
      report.blocks++;
      await auditBlock(dir, gameByCode(b.game), b.emission, b.block, trusted, pool, maxFindings, find, report, opts);
    }
  } finally {
    await pool.close();
  }
  return report;
}

async function auditBlock(
  dir: string,
  game: Game,
  emission: number,
  block: number,
  trusted: KeyObject[],
  pool: UnitWorkerPool,
  maxFindings: number,
  find: (f: AuditFinding) => void,
  report: AuditReport,
  opts: AuditOptions,
): Promise<void> {
  const printName = printFileName(game.code, emission, block);
  const outcomeName = outcomeFileName(game.code, emission, block);
  let print: PrintData | null = null;
  if (!existsSync(join(dir, printName))) find({ file: printName, what: 'missing (the outcome file has no print data)' });
  else {
    try {
      print = readPrintFile(join(dir, printName));
    } catch (err) {
      find({ file: printName, what: (err as Error).message });
    }
  }
  if (print) checkPrint(print, game, emission, block, printName, find);

  if (!existsSync(join(dir, outcomeName))) {
    find({ file: outcomeName, what: 'missing (the print data has no outcome file)' });
    return;
  }
  let file: OutcomeFile;
  try {
    file = openOutcomeFile(join(dir, outcomeName));
  } catch (err) {
    find({ file: outcomeName, what: err instanceof OutcomeFileError ? `${err.reason}: ${err.message}` : (err as Error).message });
    return;
  }
  try {
    const m = file.manifest;
    if (trusted.length > 0) {
      try {
        file.verify(trusted, (done, total) => opts.onProgress?.(`${outcomeName} hashes`, done, total));
      } catch (err) {
        find({ file: outcomeName, what: err instanceof OutcomeFileError ? `${err.reason}: ${err.message}` : (err as Error).message });
      }
    }
    const expect: [string, unknown, unknown][] = [
      ['game', m.game, game.code],
      ['emission', m.emission, emission],
      ['block', m.block, block],
      ['block_size', m.block_size, game.block_size],
      ['layout_version', m.layout_version, game.layout_version],
      ['pack_size', m.pack_size, game.pack_size],
    ];
    for (const [field, got, want] of expect) {
      if (got !== want) find({ file: outcomeName, what: `manifest ${field} is ${String(got)}, expected ${String(want)}` });
    }
    if (!sameCounts(m.counts, game.prizes)) find({ file: outcomeName, what: 'manifest counts differ from the prize table' });
    if (!print || print.tiers.length !== game.block_size) return;

    const amounts = tierAmounts(game.prizes);
    const batches = Math.ceil(m.unit_count / BATCH_UNITS);
    const fileSalt = new Uint8Array(Buffer.from(m.file_salt, 'hex'));
    const master = new Uint8Array(print.master);
    const tiers = print.tiers;
    let listed = 0;
    await orderedPipeline(
      batches,
      Math.max(2, pool.size * 2),
      (i) => {
        const first = m.first_unit + i * BATCH_UNITS;
        const count = Math.min(BATCH_UNITS, m.first_unit + m.unit_count - first);
        return pool.audit({
          game: game.code,
          emission,
          block,
          first,
          tiers: tiers.slice(first, first + count),
          amounts,
          master,
          fileSalt,
          layoutVersion: game.layout_version,
          records: file.records(first, count),
          maxProblems: Math.max(0, maxFindings - listed),
        });
      },
      (i, result) => {
        for (const p of result.problems) {
          const id = { game: game.code, emission, block, unit: p.unit };
          find({ file: outcomeName, unit: p.unit, number: humanNumber(id, game.pack_size), what: p.what });
          listed++;
        }
        if (result.problemCount > result.problems.length) {
          report.ok = false;
          report.findingCount += result.problemCount - result.problems.length;
        }
        const done = Math.min((i + 1) * BATCH_UNITS, m.unit_count);
        report.unitsChecked += Math.min(BATCH_UNITS, m.unit_count - i * BATCH_UNITS);
        opts.onProgress?.(`${outcomeName} units`, done, m.unit_count);
      },
    );
  } finally {
    file.close();
  }
}

/** Print data against the game: header fields, tier amounts, exact counts, pack guarantee. */
function checkPrint(print: PrintData, game: Game, emission: number, block: number, file: string, find: (f: AuditFinding) => void): void {
  const h = print.header;
  const expect: [string, unknown, unknown][] = [
    ['game', h.game, game.code],
    ['emission', h.emission, emission],
    ['block', h.block, block],
    ['block_size', h.block_size, game.block_size],
    ['layout_version', h.layout_version, game.layout_version],
    ['pack_size', h.pack_size, game.pack_size],
  ];
  for (const [field, got, want] of expect) {
    if (got !== want) find({ file, what: `${field} is ${String(got)}, expected ${String(want)}` });
  }
  const amounts = tierAmounts(game.prizes);
  if (h.tier_amounts.length !== amounts.length || h.tier_amounts.some((a, i) => a !== amounts[i])) {
    find({ file, what: `tier amounts ${JSON.stringify(h.tier_amounts)} differ from the table ${JSON.stringify(amounts)}` });
    return;
  }
  let counts: number[];
  try {
    counts = countTiers(print.tiers, game.prizes.length);
  } catch (err) {
    find({ file, what: (err as Error).message });
    return;
  }
  game.prizes.forEach((t, k) => {
    const got = counts[k + 1];
    if (got !== t.count) find({ file, what: `${got} units win ${t.amount_cents} cents, the table says ${t.count}` });
  });
  if (h.pack_min_winners !== undefined && game.pack_size !== undefined) {
    const w = winnersPerPack(print.tiers, game.pack_size);
    let short = 0;
    for (let p = 0; p < w.length; p++) {
      if ((w[p] as number) < h.pack_min_winners) {
        if (short++ < 10) find({ file, what: `pack ${p} has ${w[p]} winners, fewer than the guaranteed ${h.pack_min_winners}` });
      }
    }
    if (short > 10) find({ file, what: `${short - 10} more packs below the guarantee` });
  }
}
