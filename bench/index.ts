/**
 * `npm run bench`: prints figures; asserts nothing about speed. `npm run bench -- games emission`
 * runs only the named parts.
 */
const parts: Record<string, () => Promise<{ run: () => Promise<void> }>> = {
  games: () => import('./games.js'),
  emission: () => import('./emission.js'),
  terminal: () => import('./terminal.js'),
  cli: () => import('./cli.js'),
  central: () => import('./central.js'),
};

const wanted = process.argv.slice(2).filter((a) => a !== '--');
for (const name of wanted.length ? wanted : Object.keys(parts)) {
  const load = parts[name];
  if (!load) {
    console.error(`bench: unknown part '${name}' (known: ${Object.keys(parts).join(', ')})`);
    process.exit(2);
  }
  await (await load()).run();
}
