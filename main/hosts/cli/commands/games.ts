import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { Command, InvalidArgumentError } from 'commander';
import { GAMES, createRng, gameByCode, lotsOf, payoutBasisPoints, prizeOf, totalOf, type Game } from '../../../../games/index.js';
import { sampleUnits } from '../../../../games/sample.js';
import { formatCount, formatEuros } from '../../../../games/money.js';
import { CliError } from '../../../../common/cli-run.js';
import { writeLine } from '../output.js';

/** The JSON document of `guichet games --json`. */
export function gamesDocument(): object[] {
  return GAMES.map((g) => ({
    code: g.code,
    name: g.name,
    kind: g.kind,
    price_cents: g.price_cents,
    block_size: g.block_size,
    prizes: g.prizes.map((t) => ({ amount_cents: t.amount_cents, count: t.count })),
  }));
}

function pct(basisPoints: number): string {
  return `${(basisPoints / 100).toFixed(2).replace('.', ',')} %`;
}

function gameTable(g: Game): string {
  const lines = [
    `${g.name} (${g.code}) — ${g.kind === 'paper' ? 'ticket à gratter' : 'jeu numérique'}, ${formatEuros(g.price_cents)}, blocs de ${formatCount(g.block_size)} unités`,
  ];
  const rows = g.prizes.map((t) => [formatCount(t.count), formatEuros(t.amount_cents, { cents: false }), formatEuros(t.count * t.amount_cents, { cents: false })]);
  rows.push([formatCount(lotsOf(g.prizes)), 'total', formatEuros(totalOf(g.prizes), { cents: false })]);
  const widths = [0, 1, 2].map((c) => Math.max(...rows.map((r) => (r[c] as string).length)));
  for (const [i, r] of rows.entries()) {
    if (i === rows.length - 1) lines.push(`  ${'-'.repeat(widths[0]! + widths[1]! + widths[2]! + 10)}`);
    lines.push(`  ${r[0]!.padStart(widths[0]!)} lots de ${r[1]!.padStart(widths[1]!)} = ${r[2]!.padStart(widths[2]!)}`);
  }
  lines.push(`  taux de retour aux joueurs : ${pct(payoutBasisPoints(g.prizes, g.price_cents, g.block_size))}`);
  return lines.join('\n');
}

function positiveInt(what: string) {
  return (value: string): number => {
    const n = Number(value);
    if (!/^\d+$/.test(value) || !Number.isSafeInteger(n)) throw new InvalidArgumentError(`${what} must be a whole number`);
    return n;
  };
}

export function gamesCommand(): Command {
  const games = new Command('games')
    .description('The three games, their prize tables, totals and payout rates.')
    .option('--json', 'print one JSON document')
    .action((opts: { json?: boolean }) => {
      if (opts.json) console.log(JSON.stringify(gamesDocument(), null, 2));
      else console.log(GAMES.map(gameTable).join('\n\n'));
    });

  games
    .command('sample')
    .description('Print sample units as JSON lines {"game","prize_cents","play"}, prizes in the proportions of the table.')
    .argument('<code>', 'game code (happy-2014, annee-chance-2013, millionnaire)')
    .option('--count <n>', 'how many units', positiveInt('--count'), 10)
    .option('--seed <s>', 'seed for reproducible output (any text)')
    .action(async (code: string, opts: { count: number; seed?: string }) => {
      const game = gameByCode(code);
      const rng = createRng(opts.seed ?? randomBytes(16));
      for (const unit of sampleUnits(game, opts.count, rng)) {
        if (!(await writeLine(JSON.stringify(unit)))) return;
      }
    });

  games
    .command('verify')
    .description('Read JSON lines {"game","prize_cents","play"} (a file or stdin) and check each prize with the rules engine.')
    .argument('[file]', 'JSON lines file; standard input when absent')
    .option('--json', 'print the summary as JSON')
    .action(async (file: string | undefined, _opts: unknown, cmd: Command) => {
      // `--json` after `verify` is first seen by `games`, which has a `--json` of its own.
      const opts = cmd.optsWithGlobals<{ json?: boolean }>();
      const input = createInterface({ input: file ? createReadStream(file) : process.stdin, crlfDelay: Infinity });
      let lineNo = 0;
      let units = 0;
      const problems: string[] = [];
      for await (const line of input) {
        lineNo++;
        if (line.trim() === '') continue;
        units++;
        try {
          const unit = JSON.parse(line) as { game?: unknown; prize_cents?: unknown; play?: unknown };
          if (typeof unit.game !== 'string') throw new Error('no "game"');
          const { prize_cents } = prizeOf(unit.game, unit.play);
          if (prize_cents !== unit.prize_cents) throw new Error(`prize_cents says ${String(unit.prize_cents)}, the rules give ${prize_cents}`);
          const g = gameByCode(unit.game);
          if (prize_cents !== 0 && !g.prizes.some((t) => t.amount_cents === prize_cents)) throw new Error(`${prize_cents} is not a prize of the table`);
        } catch (err) {
          if (problems.length < 20) problems.push(`line ${lineNo}: ${err instanceof Error ? err.message : String(err)}`);
          else if (problems.length === 20) problems.push('…');
        }
      }
      const ok = problems.length === 0;
      if (opts.json) console.log(JSON.stringify({ units, ok, problems }));
      else console.log(ok ? `${units} units: all agree with the rules` : problems.join('\n'));
      if (!ok) throw new CliError(`${problems.length >= 20 ? 'at least 20' : problems.length} of ${units} units disagree with the rules`);
    });

  return games;
}
