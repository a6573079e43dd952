/**
 * `guichet` loads only the command it runs: the table that lists the commands for --help says exactly
 * what each command module builds, and a light command run as a real process never loads the serial,
 * HID or picture libraries (checked in the child's own module cache).
 */
import { execFile } from 'node:child_process';
import { Help } from 'commander';
import { describe, expect, it } from 'vitest';
import { COMMANDS, targetCommand } from '../../../../main/hosts/cli/command-table.js';
import { buildProgram } from '../../../../main/hosts/cli/program.js';
import { ROOT } from '../../../support/guichet-runner.js';

const HEAVY = /node_modules\/(serialport|@serialport|node-hid|@resvg)\//;

/** The CommonJS modules (where native addons and their packages land) a `guichet` run loaded. */
function loadedModules(args: readonly string[]): Promise<string[]> {
  const hook = [
    "import { createRequire } from 'node:module';",
    "const r = createRequire(process.cwd() + '/');",
    "process.on('exit', () => process.stderr.write('\\nLOADED ' + JSON.stringify(Object.keys(r.cache)) + '\\n'));",
  ].join('');
  return new Promise((resolve, reject) => {
    execFile(process.execPath, ['--import', `data:text/javascript,${encodeURIComponent(hook)}`, 'bin/guichet.js', ...args], { cwd: ROOT }, (_err, _stdout, stderr) => {
      const line = stderr.split('\n').find((l) => l.startsWith('LOADED '));
      if (!line) reject(new Error(`no module list from guichet ${args.join(' ')}:\n${stderr}`));
      else resolve(JSON.parse(line.slice('LOADED '.length)) as string[]);
    });
  });
}

describe('guichet loads only the command it runs', () => {
  it('lists every command for --help as its module builds it', async () => {
    const help = new Help();
    const eager = await buildProgram();
    const names = eager.commands.map((c) => c.name()).filter((n) => !['emission', 'central'].includes(n));
    expect(names.sort()).toEqual(COMMANDS.map((c) => c.name).sort());
    for (const entry of COMMANDS) {
      const real = await entry.load();
      expect({ name: real.name(), term: help.subcommandTerm(real), description: real.description() }).toEqual({
        name: entry.name,
        term: entry.term,
        description: entry.description,
      });
    }
  });

  it('shows the same help whether the commands are loaded or not', async () => {
    const lazy = await buildProgram(['--help']);
    const eager = await buildProgram();
    expect(lazy.helpInformation()).toBe(eager.helpInformation());
    expect(lazy.helpInformation()).toContain('sell [options] [inventory-barcodes...]');
  });

  it('names the command a command line runs, help NAME included', () => {
    expect(targetCommand(['games', '--json'])?.name).toBe('games');
    expect(targetCommand(['help', 'sell'])?.name).toBe('sell');
    expect(targetCommand(['--help'])).toBeUndefined();
    expect(targetCommand(['nonsense'])).toBeUndefined();
    expect(targetCommand([])).toBeUndefined();
  });

  it('runs games and --version without loading serialport, node-hid or resvg; print does load them', async () => {
    const [games, version, print] = await Promise.all([loadedModules(['games', '--json']), loadedModules(['--version']), loadedModules(['print', '--help'])]);
    expect(games.filter((m) => HEAVY.test(m))).toEqual([]);
    expect(version.filter((m) => HEAVY.test(m))).toEqual([]);
    // The check can see them: a command that needs the printer drivers loads them.
    expect(print.some((m) => HEAVY.test(m))).toBe(true);
  });
});
