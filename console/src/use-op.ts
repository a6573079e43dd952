/**
 * Loads a read op's result for a page, with reload after an act. Given its view's schema
 * (common/console/), the answer is checked: a wrong one is an error in the page's language, not a broken page.
 */
import { useCallback, useEffect, useState } from 'react';
import type { z } from 'zod';
import { readOp, readView } from './api.js';
import { useI18n } from './i18n.js';
import { ViewError } from './view-check.js';

export interface Loaded<T> {
  data: T | null;
  error: string | null;
  reload: () => void;
}

export function useOp<S extends z.ZodType>(op: string, args: Record<string, unknown>, schema: S): Loaded<z.infer<S>>;
/** Unchecked: the answer taken as `T` (a view without a schema yet). */
export function useOp<T>(op: string, args?: Record<string, unknown>): Loaded<T>;
export function useOp(op: string, args: Record<string, unknown> = {}, schema?: z.ZodType): Loaded<unknown> {
  const { t, lang } = useI18n();
  const key = JSON.stringify(args);
  const [data, setData] = useState<unknown>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const [n, setN] = useState(0);
  useEffect(() => {
    let live = true;
    const a = JSON.parse(key) as Record<string, unknown>;
    (schema ? readView(op, schema, a) : readOp<unknown>(op, a)).then(
      (r) => live && (setData(r), setFailure(null)),
      (e: unknown) => live && setFailure(e ?? new Error('unknown error')),
    );
    return () => {
      live = false;
    };
  }, [op, key, n, schema]);
  const reload = useCallback(() => setN((x) => x + 1), []);
  // In the language of the moment (the error is kept, its words made at each drawing).
  const error = failure === null ? null : failure instanceof ViewError ? t('view.bad_answer', { op: failure.op, detail: failure.details[lang] }) : failure instanceof Error ? failure.message : String(failure);
  return { data, error, reload };
}
