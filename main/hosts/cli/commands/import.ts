import { Command } from 'commander';
import { formatEuros } from '../../../../games/money.js';
import { importBlock, ImportRefusedError } from '../../../services/outcomes/import.js';
import { CliError } from '../../../../common/cli-run.js';
import { actAs, withCounter, withOperatorOptions, type OperatorOptions } from '../operator-options.js';
import { printJson, withDataOption, withJsonOption, type DataOption, type JsonOption } from '../options.js';
import { progressBar } from '../progress.js';

/** `guichet import FILE` (a manager or a technician, journaled): verify an outcome file and make its block available to `check` and payment. */
export function importCommand(): Command {
  const cmd = new Command('import')
    .description('Import an outcome file from the lottery: every signature and hash is checked before anything changes.')
    .argument('<outcome-file>', 'the outcome file of one block');
  return withOperatorOptions(withJsonOption(withDataOption(cmd))).action(async (file: string, opts: DataOption & JsonOption & OperatorOptions) => {
    await withCounter(opts, async (t) => {
      const session = await actAs(t, opts);
      const bar = progressBar('verifying');
      let result;
      try {
        result = importBlock(t, session, file, { onProgress: bar.onProgress });
      } catch (err) {
        if (!(err instanceof ImportRefusedError)) throw err;
        if (opts.json) printJson({ status: 'refused', reason: err.reason, message: err.message });
        throw new CliError(`import refused (${err.reason}): ${err.message}; nothing changed`);
      } finally {
        bar.finish();
      }
      const b = result.block;
      if (opts.json) {
        printJson({
          status: result.status,
          game: b.game,
          emission: b.emission,
          block: b.block,
          first_unit: b.first_unit,
          unit_count: b.unit_count,
          records_sha256: b.records_sha256,
          signer: b.signer,
          file: b.file_name,
          imported_at: b.imported_at,
        });
        return;
      }
      const what = `${b.game} emission ${b.emission} block ${b.block} (units ${b.first_unit}–${b.first_unit + b.unit_count - 1})`;
      if (result.status === 'already-imported') {
        console.log(`${what} was already imported on ${b.imported_at} from the same file; nothing changed`);
        return;
      }
      const m = JSON.parse(b.manifest_json) as { counts?: { amount_cents: number; count: number }[]; claim_deadline?: string };
      const prizes = (m.counts ?? []).reduce((sum, c) => sum + c.amount_cents * c.count, 0);
      console.log(`imported ${what}; block prize money ${formatEuros(prizes)}; claims until ${m.claim_deadline ?? '?'}`);
    });
  });
}
