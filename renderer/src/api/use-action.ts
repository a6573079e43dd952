/**
 * Busy and error state of a screen's calls, written once: `run(job)` marks the screen busy while the
 * job runs (a second run meanwhile is ignored), clears the error first, and turns a refusal into a
 * sentence for the counter (`errorText`, or the caller's `describe`) with the refusal's code.
 */
import { useCallback, useRef, useState } from 'react';
import { errorText } from '../i18n/errors.js';
import { useT } from '../i18n/index.js';

export interface RunOptions {
  /** Names the job while it runs (`busyWith`), e.g. 'check' or 'settle', for a button that says which. */
  readonly tag?: string;
  /** The sentence for a refusal; null when nothing is to be shown. Default: errorText. */
  readonly describe?: (err: unknown) => string | null;
  /** Called with the refusal after `error` is set (a sound, a reset). */
  readonly onError?: (err: unknown) => void;
}

export interface Action {
  readonly busy: boolean;
  /** The tag of the running job ('busy' when it has none); null when idle. */
  readonly busyWith: string | null;
  /** The last refusal, as a sentence; null when none. */
  readonly error: string | null;
  /** The last refusal's code (`no-open-session`, …), when it had one. */
  readonly errorCode: string | null;
  /** Shows a sentence of the screen's own (e.g. an amount that does not parse), or clears it. */
  setError(text: string | null): void;
  /** Resolves with the job's value, or undefined when it was refused (see `error`) or another job was running. */
  run<T>(job: () => Promise<T>, options?: RunOptions): Promise<T | undefined>;
}

/** The refusal's code (`no-open-session`, …), when it has one. */
export function codeOf(err: unknown): string | null {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : null;
}

export function useAction(): Action {
  const t = useT();
  const [busyWith, setBusyWith] = useState<string | null>(null);
  const [failure, setFailure] = useState<{ text: string; code: string | null } | null>(null);
  const running = useRef(false);
  const setError = useCallback((text: string | null) => setFailure(text === null ? null : { text, code: null }), []);
  const run = useCallback(
    async <T>(job: () => Promise<T>, options: RunOptions = {}): Promise<T | undefined> => {
      if (running.current) return undefined;
      running.current = true;
      setBusyWith(options.tag ?? 'busy');
      setFailure(null);
      try {
        return await job();
      } catch (err) {
        const text = options.describe ? options.describe(err) : errorText(t, err);
        setFailure(text === null ? null : { text, code: codeOf(err) });
        options.onError?.(err);
        return undefined;
      } finally {
        running.current = false;
        setBusyWith(null);
      }
    },
    [t],
  );
  return { busy: busyWith !== null, busyWith, error: failure?.text ?? null, errorCode: failure?.code ?? null, setError, run };
}
