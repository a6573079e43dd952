/** A one-line progress bar on stderr, drawn only when stderr is a terminal. */

export type ProgressCallback = (done: number, total: number) => void;

/**
 * A progress callback that redraws `label [#####.....] 42%` at most every 100 ms, or undefined when
 * `stream` is not a TTY (logs and pipes get no control characters). Call `finish` once done.
 */
export function progressBar(
  label: string,
  stream: NodeJS.WriteStream = process.stderr,
  clock: () => number = Date.now,
): { onProgress: ProgressCallback | undefined; finish: () => void } {
  if (!stream.isTTY) return { onProgress: undefined, finish: () => undefined };
  let last = -Infinity;
  let drawn = false;
  const width = 30;
  const onProgress: ProgressCallback = (done, total) => {
    const now = clock();
    if (done < total && now - last < 100) return;
    last = now;
    const ratio = total > 0 ? Math.min(1, done / total) : 1;
    const filled = Math.round(ratio * width);
    stream.write(`\r${label} [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${String(Math.floor(ratio * 100)).padStart(3)}%`);
    drawn = true;
  };
  const finish = (): void => {
    if (drawn) stream.write('\r\x1b[2K');
    drawn = false;
  };
  return { onProgress, finish };
}
