/** A one-line progress bar on stderr, drawn only when stderr is a terminal; silent otherwise. */

export interface Progress {
  /** Reports `done` of `total` (total may change between phases). */
  update(done: number, total?: number): void;
  /** Starts a new phase with its own label and total. */
  phase(label: string, total: number): void;
  /** Clears the bar. */
  finish(): void;
}

interface BarStream {
  isTTY?: boolean;
  columns?: number;
  write(text: string): boolean;
}

const SILENT: Progress = { update() {}, phase() {}, finish() {} };

/** A progress bar on `stream` (process.stderr by default), redrawn at most ~10 times a second. */
export function createProgress(label: string, total: number, stream: BarStream = process.stderr): Progress {
  if (!stream.isTTY) return SILENT;
  let current = label;
  let of = total;
  let last = 0;
  let started = Date.now();
  let drawn = false;
  const draw = (done: number, force: boolean): void => {
    const now = Date.now();
    if (!force && now - last < 100) return;
    last = now;
    const width = Math.max(10, Math.min(40, (stream.columns ?? 80) - current.length - 40));
    const ratio = of > 0 ? Math.min(1, done / of) : 1;
    const full = Math.round(ratio * width);
    const secs = (now - started) / 1000;
    const rate = secs > 0 ? Math.round(done / secs) : 0;
    stream.write(
      `\r${current} [${'#'.repeat(full)}${'-'.repeat(width - full)}] ${(ratio * 100).toFixed(1).padStart(5)}% ` +
        `${done.toLocaleString('en')}/${of.toLocaleString('en')} ${rate.toLocaleString('en')}/s\x1b[K`,
    );
    drawn = true;
  };
  return {
    update(done, newTotal) {
      if (newTotal !== undefined) of = newTotal;
      draw(done, done >= of);
    },
    phase(l, t) {
      current = l;
      of = t;
      started = Date.now();
      draw(0, true);
    },
    finish() {
      if (drawn) stream.write('\r\x1b[K');
      drawn = false;
    },
  };
}
