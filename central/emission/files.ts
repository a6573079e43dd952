/** File names inside an emission folder. */
import type { GameCode } from '../../games/types.js';

export const PUBLIC_KEY_FILE = 'lottery.pub';

/** `<game>-<emission>-<block>.outcome`: sealed, signed outcomes for terminals. */
export function outcomeFileName(game: GameCode, emission: number, block: number): string {
  return `${game}-${emission}-${block}.outcome`;
}

/** `<game>-<emission>-<block>.print`: the lottery's secret print data. */
export function printFileName(game: GameCode, emission: number, block: number): string {
  return `${game}-${emission}-${block}.print`;
}

/** Game, emission and block of an emission-folder file name, or null. */
export function parseBlockFileName(name: string): { game: string; emission: number; block: number; kind: 'outcome' | 'print' } | null {
  const m = /^([a-z0-9-]+)-(\d+)-(\d+)\.(outcome|print)$/.exec(name);
  if (!m) return null;
  return { game: m[1] as string, emission: Number(m[2]), block: Number(m[3]), kind: m[4] as 'outcome' | 'print' };
}
