/** Play data that the rules engine refuses to read; names the zone and the problem. */
export class PlayDataError extends Error {
  override readonly name = 'PlayDataError';
  constructor(
    readonly game: string,
    /** Path of the offending zone, e.g. `months[3].symbols`, `jeu1[2]`, `bonus.number`, or `` for the root. */
    readonly zone: string,
    readonly problem: string,
  ) {
    super(`${game}${zone ? ` ${zone}` : ''}: ${problem}`);
  }
}

/** A request the engine cannot satisfy, such as a prize that is not in the game's table. */
export class GameRuleError extends Error {
  override readonly name = 'GameRuleError';
}
