/**
 * `npm run bench`: prints figures; asserts nothing about speed. `npm run bench -- games emission`
 * runs only the named parts; options after the part names (`--terminals 1000`) go to those parts.
 * `central-load` (a few minutes, a PostgreSQL cluster) and `failover` (pg_auto_failover formations) run only when named.
 */
const parts: Record<string, () => Promise<{ run: (argv: string[]) => Promise<void> }>> = {
  games: () => import('./games.js'),
  emission: () => import('./emission.js'),
  terminal: () => import('./terminal.js'),
  cli: () => import('./cli.js'),
  central: () => import('./central.js'),
  console: () => import('./console.js'),
  'central-load': () => import('./central-load.js'),
  failover: () => import('./failover.js'),
};

const args = process.argv.slice(2).filter((a) => a !== '--');
const firstOption = args.findIndex((a) => a.startsWith('--'));
const wanted = firstOption < 0 ? args : args.slice(0, firstOption);
const options = firstOption < 0 ? [] : args.slice(firstOption);
for (const name of wanted.length ? wanted : Object.keys(parts).filter((p) => p !== 'central-load' && p !== 'failover')) {
  const load = parts[name];
  if (!load) {
    console.error(`bench: unknown part '${name}' (known: ${Object.keys(parts).join(', ')})`);
    process.exit(2);
  }
  await (await load()).run(options);
}
