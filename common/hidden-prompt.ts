/** A secret asked at a terminal, never echoed: the PIN at the counter's CLI, an operator's password and code at central's. */
import { CliError } from './cli-run.js';

/** Asks on standard error, reading standard input (a terminal) without echo. */
export function promptHidden(question: string): Promise<string> {
  const input = process.stdin;
  // Echo off before the question shows: keys typed as soon as it appears are never echoed.
  input.setRawMode(true);
  process.stderr.write(question);
  input.setEncoding('utf8');
  input.resume();
  return new Promise((resolve, reject) => {
    let typed = '';
    const done = (): void => {
      input.off('data', onData);
      input.setRawMode(false);
      input.pause();
      process.stderr.write('\n');
    };
    const onData = (chunk: string): void => {
      for (const ch of chunk) {
        if (ch === '\r' || ch === '\n' || ch === '\u0004') {
          done();
          resolve(typed);
          return;
        }
        if (ch === '\u0003') {
          done();
          reject(new CliError('cancelled', 130));
          return;
        }
        if (ch === '\u007f' || ch === '\b') typed = typed.slice(0, -1);
        else typed += ch;
      }
    };
    input.on('data', onData);
  });
}
