import { describe, expect, it } from 'vitest';
import { pushGate } from '../../../central/server/gate.js';

describe('the pushes gate', () => {
  it('runs at most its limit at once and queues every other push, in arrival order, turning none away', async () => {
    const gate = pushGate(2);
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const releases: (() => void)[] = [];
    const tasks = Array.from({ length: 50 }, (_, i) =>
      gate.execute(async () => {
        started.push(i);
        most = Math.max(most, ++running);
        await new Promise<void>((resolve) => releases.push(resolve));
        running--;
        return i;
      }),
    );
    while (started.length < 50) {
      await new Promise((r) => setImmediate(r));
      releases.splice(0).forEach((release) => release());
    }
    expect(await Promise.all(tasks)).toEqual(Array.from({ length: 50 }, (_, i) => i));
    expect(most).toBe(2);
    expect(started).toEqual(Array.from({ length: 50 }, (_, i) => i));
  });
});
