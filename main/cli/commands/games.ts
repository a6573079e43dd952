import { Command } from 'commander';

// Placeholder: the `games` command (table, --json, sample) is being written.
export function gamesCommand(): Command {
  return new Command('games').description('The three games, their prize tables, totals and payout rates.');
}
