/** `guichet emission create|audit`: the lottery side, drawing blocks into sealed outcome files and auditing them. */
import { Command } from 'commander';
import { statSync } from 'node:fs';
import { basename } from 'node:path';
import { createProgress } from '../../progress.js';
import { CliError, wholeNumber } from '../../../common/cli-run.js';

/** Adapts a phase-aware progress callback to the stderr bar. */
function progressCallback(): { onProgress: (label: string, done: number, total: number) => void; finish: () => void } {
  const bar = createProgress('', 0);
  let current = '';
  return {
    onProgress(label, done, total) {
      if (label !== current) {
        current = label;
        bar.phase(label, total);
      }
      bar.update(done, total);
    },
    finish: () => bar.finish(),
  };
}

interface CreateFlags {
  game: string;
  emission: number;
  blocks?: number;
  units?: number;
  key?: string;
  packMinWinners?: number;
  claimDays?: number;
  workers?: number;
  out: string;
}

export function emissionCommand(): Command {
  const cmd = new Command('emission').description('Lottery side: draw blocks into sealed, signed outcome files, and audit them.');

  cmd
    .command('create')
    .description('Draw K blocks of a game and write one outcome file and one print data file per block, plus lottery.pub.')
    .requiredOption('--game <code>', 'game code (see `guichet games`)')
    .requiredOption('--emission <n>', 'emission number, 1–999', wholeNumber(1))
    .option('--blocks <k>', 'blocks to draw, numbered 1…K (default 1)', wholeNumber(1))
    .option('--units <n>', 'write only the first N units of each block (the draw covers the whole block)', wholeNumber(1))
    .option('--key <file>', 'Ed25519 signing key, PKCS#8 PEM; created (mode 0600) when missing (default <out>/lottery.key)')
    .option('--pack-min-winners <m>', 'paper games: at least M winners in every pack', wholeNumber(0))
    .option('--claim-days <d>', 'days until the claim deadline (default 60)', wholeNumber(1))
    .option('--workers <w>', 'worker threads for sealing (default: one per core, at most 4; 0 = none)', wholeNumber(0))
    .requiredOption('--out <dir>', 'output folder')
    .action(async (flags: CreateFlags) => {
      const { createEmission } = await import('../../emission/create.js');
      const progress = progressCallback();
      const started = performance.now();
      try {
        const result = await createEmission({
          game: flags.game,
          emission: flags.emission,
          outDir: flags.out,
          onProgress: progress.onProgress,
          ...(flags.blocks === undefined ? {} : { blocks: flags.blocks }),
          ...(flags.units === undefined ? {} : { units: flags.units }),
          ...(flags.key === undefined ? {} : { keyFile: flags.key }),
          ...(flags.packMinWinners === undefined ? {} : { packMinWinners: flags.packMinWinners }),
          ...(flags.claimDays === undefined ? {} : { claimDays: flags.claimDays }),
          ...(flags.workers === undefined ? {} : { workers: flags.workers }),
        });
        progress.finish();
        if (result.keyCreated) console.log(`signing key created: ${result.keyFile} (keep it secret)`);
        console.log(`public key: ${result.publicKeyPath} (fingerprint ${result.signer})`);
        for (const b of result.blocks) {
          const mb = (statSync(b.outcomePath).size / 1e6).toFixed(1);
          console.log(
            `${basename(b.outcomePath)}: ${b.manifest.unit_count.toLocaleString('en')} of ${b.manifest.block_size.toLocaleString('en')} units, ` +
              `${mb} MB, draw ${(b.drawMs / 1000).toFixed(2)} s, seal+write ${(b.sealMs / 1000).toFixed(2)} s` +
              (b.packSwaps > 0 ? `, ${b.packSwaps} winners moved for the pack guarantee` : ''),
          );
          console.log(`${basename(b.printPath)}: print data (lottery secret, mode 0600)`);
        }
        console.log(`claim deadline: ${result.blocks[0]?.manifest.claim_deadline ?? '-'}; total ${((performance.now() - started) / 1000).toFixed(2)} s`);
      } finally {
        progress.finish();
      }
    });

  cmd
    .command('audit')
    .description('Re-read an emission folder and check counts, layouts, prizes, sealed records, hashes and signatures (exit 1 on any disagreement).')
    .argument('<dir>', 'emission folder (as written by `emission create`)')
    .option('--workers <w>', 'worker threads (default: one per core, at most 4; 0 = none)', wholeNumber(0))
    .option('--max-findings <n>', 'list at most N disagreements (default 200)', wholeNumber(1))
    .action(async (dir: string, flags: { workers?: number; maxFindings?: number }) => {
      const { auditEmission } = await import('../../emission/audit.js');
      const progress = progressCallback();
      let report;
      try {
        report = await auditEmission(dir, {
          onProgress: progress.onProgress,
          ...(flags.workers === undefined ? {} : { workers: flags.workers }),
          ...(flags.maxFindings === undefined ? {} : { maxFindings: flags.maxFindings }),
        });
      } finally {
        progress.finish();
      }
      for (const f of report.findings) {
        const where = f.unit === undefined ? f.file : `${f.file} unit ${f.unit} (${f.number ?? '?'})`;
        console.log(`${where}: ${f.what}`);
      }
      if (report.findingCount > report.findings.length) console.log(`… and ${report.findingCount - report.findings.length} more`);
      if (!report.ok) throw new CliError(`audit failed: ${report.findingCount} disagreement(s) in ${dir}`, 1);
      console.log(`audit OK: ${report.blocks} block(s), ${report.unitsChecked.toLocaleString('en')} units checked`);
    });

  cmd
    .command('demo')
    .description("Draw the demo lottery's emissions (a small emission of each game) into DIR, for `guichet kiosk --demo`.")
    .argument('<dir>', 'output folder (the demo terminal keeps it as demo-lottery/)')
    .option('--now <iso>', 'creation time, UTC ISO (default: now)')
    .action(async (dir: string, flags: { now?: string }) => {
      const now = flags.now === undefined ? undefined : new Date(flags.now);
      if (now && Number.isNaN(now.getTime())) throw new CliError(`--now ${flags.now}: not a date and time (UTC ISO, e.g. 2026-01-01T00:00:00Z)`);
      const { drawDemoEmissions } = await import('../../emission/demo.js');
      await drawDemoEmissions(dir, { ...(now ? { now } : {}), onProgress: (step) => console.log(step) });
      console.log(`demo lottery written to ${dir}`);
    });

  return cmd;
}
