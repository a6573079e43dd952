/**
 * Writes one line to stdout, waiting when the pipe is full; resolves false once the reader has gone
 * (EPIPE, as with `| head`), so that streaming commands stop quietly.
 */
let closed = false;
process.stdout.on('error', (err: NodeJS.ErrnoException) => {
  if (err.code === 'EPIPE') closed = true;
  else throw err;
});

export function writeLine(line: string): Promise<boolean> {
  if (closed) return Promise.resolve(false);
  if (process.stdout.write(`${line}\n`)) return Promise.resolve(true);
  return new Promise((resolve) => {
    const done = (): void => {
      process.stdout.off('drain', done);
      process.stdout.off('error', done);
      resolve(!closed);
    };
    process.stdout.once('drain', done);
    process.stdout.once('error', done);
  });
}
