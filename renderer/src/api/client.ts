/**
 * The real API object the screens use (handed to them by <ApiProvider>, see context.tsx). In Electron the preload exposes it as `window.guichet`; in the
 * browser host this small client carries the same calls over HTTP on 127.0.0.1 (cookie set from the
 * start-up token) and the same events over server-sent events.
 */
import type { GuichetApi, InputOf, MethodName, OutputOf } from '../../../main/api/contract.js';
import { ApiError, type ApiResult } from '../../../main/api/errors.js';
import type { AppEvent } from '../../../main/api/events.js';

declare global {
  interface Window {
    /** Set by the Electron preload; absent in the browser host. */
    guichet?: {
      invoke(method: string, input: unknown): Promise<ApiResult<unknown>>;
      onEvent(listener: (event: AppEvent) => void): () => void;
    };
  }
}

function unwrap<T>(result: ApiResult<unknown>): T {
  if (result.ok) return result.value as T;
  throw new ApiError(result.error.code, result.error.message, result.error.details);
}

function electronApi(bridge: NonNullable<Window['guichet']>): GuichetApi {
  return {
    call: async <M extends MethodName>(method: M, input: InputOf<M>) => unwrap<OutputOf<M>>(await bridge.invoke(method, input)),
    subscribe: (listener) => bridge.onEvent(listener),
  };
}

function browserApi(): GuichetApi {
  const listeners = new Set<(event: AppEvent) => void>();
  let source: EventSource | null = null;
  const connect = (): void => {
    source = new EventSource('/api/events');
    source.onmessage = (m: MessageEvent<string>) => {
      const event = JSON.parse(m.data) as AppEvent;
      for (const l of listeners) l(event);
    };
  };
  return {
    async call<M extends MethodName>(method: M, input: InputOf<M>): Promise<OutputOf<M>> {
      const res = await fetch('/api/call', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ method, input }),
        credentials: 'same-origin',
      });
      if (!res.ok) throw new ApiError(res.status === 401 ? 'not-authenticated' : 'host', await res.text());
      return unwrap<OutputOf<M>>((await res.json()) as ApiResult<unknown>);
    },
    subscribe(listener) {
      listeners.add(listener);
      if (!source) connect();
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0 && source) {
          source.close();
          source = null;
        }
      };
    },
  };
}

/** The window's API: the Electron preload's bridge when there is one, else the browser host's HTTP client. */
export function createApi(): GuichetApi {
  return window.guichet ? electronApi(window.guichet) : browserApi();
}
