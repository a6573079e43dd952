/** Loads a read op's result for a page, with reload after an act. */
import { useCallback, useEffect, useState } from 'react';
import { readOp } from './api.js';

export interface Loaded<T> {
  data: T | null;
  error: string | null;
  reload: () => void;
}

export function useOp<T>(op: string, args: Record<string, unknown> = {}): Loaded<T> {
  const key = JSON.stringify(args);
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [n, setN] = useState(0);
  useEffect(() => {
    let live = true;
    readOp<T>(op, JSON.parse(key) as Record<string, unknown>).then(
      (r) => live && (setData(r), setError(null)),
      (e: unknown) => live && setError(e instanceof Error ? e.message : String(e)),
    );
    return () => {
      live = false;
    };
  }, [op, key, n]);
  const reload = useCallback(() => setN((x) => x + 1), []);
  return { data, error, reload };
}
