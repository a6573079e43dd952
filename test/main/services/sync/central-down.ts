/** Helpers of the two-terminals-and-central tests: central "down", and the refusal a call must end in. */
import { createCentralClient } from '../../../../main/services/sync/client.js';

/** A client to a port nobody listens on: central "down" for a claim or a pack operation. */
export const DOWN = { client: createCentralClient({ url: 'http://127.0.0.1:9', timeoutMs: 2000, maxAttempts: 1 }) };

/** The error of class `kind` that `p` rejects with; fails the test when it resolves or rejects otherwise. */
export async function refusedWith<E extends Error>(p: Promise<unknown>, kind: new (...args: never[]) => E): Promise<E> {
  try {
    await p;
  } catch (err) {
    if (err instanceof kind) return err;
    throw err;
  }
  throw new Error(`the call was not refused with a ${kind.name}`);
}
