/**
 * `guichet units …`: tools over the units of an emission folder.
 * - `units export`: JSON lines, one per unit (here).
 * - `units render`: a picture of one ticket as printed (PNG).
 */
import { Command } from 'commander';
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { outcomeFileName, parseBlockFileName } from '../../emission/files.js';
import { CliError, wholeNumber } from '../../../common/cli-run.js';

/** The print files of an emission folder, in block order, optionally only block `block`. */
export function printFilesIn(dir: string, block?: number): string[] {
  if (!existsSync(dir)) throw new CliError(`${dir}: no such folder`);
  const found = readdirSync(dir)
    .map((name) => ({ name, parsed: parseBlockFileName(name) }))
    .filter((f) => f.parsed?.kind === 'print' && (block === undefined || f.parsed.block === block))
    .sort((a, b) => (a.parsed?.block ?? 0) - (b.parsed?.block ?? 0));
  if (found.length === 0) throw new CliError(`${dir}: no print data${block === undefined ? '' : ` for block ${block}`}`);
  return found.map((f) => join(dir, f.name));
}

interface ExportFlags {
  block?: number;
  from?: number;
  count?: number;
}

export function unitsCommand(): Command {
  const cmd = new Command('units').description('The units of an emission folder: export as JSON lines.');

  cmd
    .command('export')
    .description('Stream units as JSON lines {unit, game, prize_cents, play, barcodes} (needs the print data).')
    .argument('<dir>', 'emission folder')
    .option('--block <b>', 'only this block', wholeNumber(1))
    .option('--from <i>', 'first unit index (default: the first unit of the outcome file, else 0)', wholeNumber(0))
    .option('--count <n>', 'number of units (default: to the end of the outcome file, else of the block)', wholeNumber(0))
    .action(async (dir: string, flags: ExportFlags) => {
      const [{ readPrintFile }, { openOutcomeFile }, { exportUnits, writeJsonLines }] = await Promise.all([
        import('../../emission/print-file.js'),
        import('../../../node/outcome/reader.js'),
        import('../../emission/export.js'),
      ]);
      // `| head` closes the pipe early: that ends the export quietly, not with an error.
      process.stdout.on('error', (err: NodeJS.ErrnoException) => {
        if (err.code !== 'EPIPE') throw err;
      });
      for (const path of printFilesIn(dir, flags.block)) {
        const print = readPrintFile(path);
        const h = print.header;
        // Units that exist for terminals: the outcome file's range when there is one.
        let first = 0;
        let end = h.block_size;
        const outcomePath = join(dir, outcomeFileName(h.game, h.emission, h.block));
        if (existsSync(outcomePath)) {
          const f = openOutcomeFile(outcomePath);
          first = f.manifest.first_unit;
          end = first + f.manifest.unit_count;
          f.close();
        }
        const from = flags.from ?? first;
        const count = flags.count ?? Math.max(0, end - from);
        let units;
        try {
          units = exportUnits(print, from, count);
        } catch (err) {
          throw new CliError(`${path}: ${(err as Error).message}`);
        }
        if (!(await writeJsonLines(units, process.stdout))) return;
      }
    });

  cmd
    .command('render')
    .description('Draw one ticket as printed (play area, amounts in figures and French words, both barcodes) to a PNG.')
    .argument('<dir>', 'emission folder (needs the print data)')
    .argument('<unit>', 'printed ticket number (e.g. 213-001-01-00012-034-5), inventory or validation barcode')
    .requiredOption('--out <file>', 'PNG file to write')
    .option('--winning', 'highlight the winning zones (as the validation screen shows them)')
    .option('--lang <fr|en>', 'language of the notes around the ticket', 'fr')
    .action(async (dir: string, ref: string, flags: { out: string; winning?: boolean; lang: string }) => {
      const [{ gameByCode }, { parseUnitRef, TicketIdError }, { readPrintFile }, { exportUnits }] = await Promise.all([
        import('../../../games/index.js'),
        import('../../../games/ticket-id.js'),
        import('../../emission/print-file.js'),
        import('../../emission/export.js'),
      ]);
      let id;
      try {
        id = parseUnitRef(ref, (code) => gameByCode(code).pack_size);
      } catch (err) {
        if (err instanceof TicketIdError) throw new CliError(`${ref}: ${err.message}`, 2);
        throw err;
      }
      const [path] = printFilesIn(dir, id.block).filter((p) => {
        const h = readPrintFile(p).header;
        return h.game === id.game && h.emission === id.emission;
      });
      if (!path) throw new CliError(`${dir}: no print data for ${id.game} emission ${id.emission} block ${id.block}`);
      let unit;
      try {
        [unit] = exportUnits(readPrintFile(path), id.unit, 1);
      } catch (err) {
        throw new CliError(`${ref}: ${(err as Error).message}`);
      }
      if (!unit) throw new CliError(`${ref}: not a unit of the block`);
      const { renderTicketPng } = await import('../../../render/index.js');
      const png = renderTicketPng({
        game: unit.game,
        unit: unit.unit,
        play: unit.play,
        barcodes: unit.barcodes,
        showWinning: flags.winning === true,
        locale: flags.lang === 'en' ? 'en' : 'fr',
      });
      writeFileSync(flags.out, png);
      console.log(`${flags.out}: ${unit.unit} (${unit.game})`);
    });

  return cmd;
}
