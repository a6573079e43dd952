/**
 * Seeded faults, a hook of the test proxy (proxy.ts): with seeded randomness it spoils some exchanges.
 * Modes:
 * - `drop`: the request reaches central (or not, at random), the connection closes without an answer;
 * - `delay`: the request is held for a while, then passed on;
 * - `cut`: central's answer is cut in the middle of its body;
 * - `duplicate`: the request is sent to central twice, the client sees the second answer;
 * - `reset`: the connection is reset (TCP RST) before anything is passed on;
 * - `5xx`: a 502/503/504 without asking central.
 * At most `maxFaults` faults in all (then it only passes requests on); `counts` says how many of each.
 */
import { createRng } from '../../games/rng.js';
import { forgedJson, startProxy, type Hook, type Proxy, type ProxyOptions } from './proxy.js';

export const FAULT_MODES = ['drop', 'delay', 'cut', 'duplicate', 'reset', '5xx'] as const;
export type FaultMode = (typeof FAULT_MODES)[number];

export interface FaultOptions {
  readonly seed: number | string;
  /** Chance in [0, 1] that one request meets a fault. */
  readonly rate: number;
  /** Most faults in all; afterwards every request passes. */
  readonly maxFaults: number;
  /** Modes to draw from (all by default). */
  readonly modes?: readonly FaultMode[];
  /** Longest delay in ms (`delay` mode); default 200. */
  readonly maxDelayMs?: number;
}

export interface Faults {
  readonly hook: Hook;
  /** Faults injected so far, per mode. */
  readonly counts: Readonly<Record<FaultMode, number>>;
  /** Total faults injected. */
  total(): number;
}

export function faultHook(options: FaultOptions): Faults {
  const rng = createRng(options.seed);
  const modes = options.modes ?? FAULT_MODES;
  const maxDelay = options.maxDelayMs ?? 200;
  const counts = Object.fromEntries(FAULT_MODES.map((m) => [m, 0])) as Record<FaultMode, number>;
  let total = 0;

  const draw = (): FaultMode | null => {
    if (total >= options.maxFaults) return null;
    if (rng.next32() / 2 ** 32 >= options.rate) return null;
    const mode = rng.pick(modes);
    counts[mode]++;
    total++;
    return mode;
  };

  const hook: Hook = async (_exchange, forward) => {
    const mode = draw();
    switch (mode) {
      case 'reset':
        return { spoil: 'reset' };
      case '5xx': {
        const status = rng.pick([502, 503, 504]);
        return forgedJson(status, { error: 'fault-proxy', message: `injected ${status}` });
      }
      case 'drop':
        if (rng.int(2) === 1) await forward().catch(() => undefined);
        return { spoil: 'close' };
      case 'delay':
        await new Promise((r) => setTimeout(r, rng.int(maxDelay + 1)));
        return forward();
      case 'duplicate':
        await forward().catch(() => undefined);
        return forward();
      case 'cut':
        return { spoil: 'cut', answer: await forward() };
      default:
        return forward();
    }
  };
  return { hook, counts, total: () => total };
}

export interface FaultProxy extends Proxy {
  /** Faults injected so far, per mode. */
  readonly counts: Readonly<Record<FaultMode, number>>;
  /** Total faults injected. */
  faults(): number;
}

/** The test proxy with seeded faults as its hook. */
export async function startFaultProxy(options: FaultOptions & Omit<ProxyOptions, 'hook'>): Promise<FaultProxy> {
  const faults = faultHook(options);
  const proxy = await startProxy({ ...options, hook: faults.hook });
  return { ...proxy, counts: faults.counts, faults: faults.total };
}
