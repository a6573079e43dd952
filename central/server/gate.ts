/**
 * At most N pushes stored at once; the others wait their turn here, in arrival order, without holding a
 * database connection. The pool's other connections stay free for claims, whose answer a cashier and a
 * customer wait for at the counter, while a push is the sync loop's background work (GUICHET_PUSH_CONCURRENCY).
 */
export const PUSH_CONCURRENCY = Number(process.env.GUICHET_PUSH_CONCURRENCY) || 4;

export interface Gate {
  run<T>(fn: () => Promise<T>): Promise<T>;
}

export function createGate(limit: number): Gate {
  let active = 0;
  const waiting: (() => void)[] = [];
  return {
    async run(fn) {
      if (active >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
      else active++;
      try {
        return await fn();
      } finally {
        const next = waiting.shift();
        if (next) next();
        else active--;
      }
    },
  };
}
