import { describe, expect, it } from 'vitest';
import { progressBar } from '../../../../main/hosts/cli/progress.js';

function fakeStream(isTTY: boolean): { stream: NodeJS.WriteStream; written: string[] } {
  const written: string[] = [];
  const stream = { isTTY, write: (s: string) => (written.push(s), true) } as unknown as NodeJS.WriteStream;
  return { stream, written };
}

describe('progressBar', () => {
  it('draws on a terminal, always shows completion, and clears its line when finished', () => {
    const { stream, written } = fakeStream(true);
    let now = 1000;
    const bar = progressBar('verifying', stream, () => now);
    bar.onProgress!(0, 200);
    now += 50;
    bar.onProgress!(1, 200); // throttled: within 100 ms of the previous draw
    now += 10;
    bar.onProgress!(200, 200); // completion is always drawn
    expect(written).toHaveLength(2);
    expect(written[0]).toMatch(/^\rverifying \[\.{30}\]   0%$/);
    expect(written[1]).toMatch(/^\rverifying \[#{30}\] 100%$/);
    bar.finish();
    expect(written[2]).toBe('\r\x1b[2K');
  });

  it('stays silent when the stream is not a terminal', () => {
    const { stream, written } = fakeStream(false);
    const bar = progressBar('verifying', stream);
    expect(bar.onProgress).toBeUndefined();
    bar.finish();
    expect(written).toEqual([]);
  });
});
