/**
 * The real API object the screens use (handed to them by <ApiProvider>, see context.tsx). In Electron the preload exposes it as `window.guichet`; in the
 * browser host this small client carries the same calls over HTTP on 127.0.0.1 (cookie set from the
 * start-up token) and the same events over server-sent events.
 */
import type { GuichetApi, InputOf, MethodName, OutputOf } from '../../../common/api/contract.js';
import { ApiError, type ApiResult } from '../../../common/api/errors.js';
import type { AppEvent } from '../../../common/api/events.js';
import type { DisplayView, Language } from '../../../common/api/views.js';

/** What the customer display needs: the language, and the display views as the cashier's calls make them. */
export interface DisplayApi {
  language(): Promise<Language>;
  onDisplay(listener: (view: DisplayView) => void): () => void;
}

declare global {
  interface Window {
    /** Set by the cashier window's Electron preload; absent in the browser host and on the customer display. */
    guichet?: {
      invoke(method: string, input: unknown): Promise<ApiResult<unknown>>;
      onEvent(listener: (event: AppEvent) => void): () => void;
    };
    /** Set by the customer display's Electron preload (display-preload.cts): nothing but what it shows. */
    guichetDisplay?: {
      language(): Promise<unknown>;
      onDisplay(listener: (view: DisplayView) => void): () => void;
    };
  }
}

/** The refusal of a call that never reached the kiosk host (stopped, restarting, no network): `error.host-unreachable`. */
export const HOST_UNREACHABLE = 'host-unreachable';

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
    const opened = new EventSource('/api/events');
    source = opened;
    opened.onmessage = (m: MessageEvent<string>) => {
      const event = JSON.parse(m.data) as AppEvent;
      for (const l of listeners) l(event);
    };
    // The host closes the stream when the session cookie rotates (login, logout); the browser retries on
    // its own, but gives up for good on a refusal: then open a new stream a little later.
    opened.onerror = () => {
      if (opened.readyState !== EventSource.CLOSED || source !== opened) return;
      source = null;
      setTimeout(() => {
        if (listeners.size > 0 && !source) connect();
      }, 1000);
    };
  };
  const send = async <M extends MethodName>(method: M, input: InputOf<M>): Promise<OutputOf<M>> => {
    let res: Response;
    try {
      res = await fetch('/api/call', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ method, input }),
        credentials: 'same-origin',
      });
    } catch (err) {
      // The kiosk host is stopped (or restarting): the browser's own words ("Failed to fetch") are no refusal a counter reads (#41).
      throw new ApiError(HOST_UNREACHABLE, err instanceof Error ? err.message : String(err));
    }
    if (!res.ok) throw new ApiError(res.status === 401 ? 'not-authenticated' : 'host', await res.text());
    return unwrap<OutputOf<M>>((await res.json()) as ApiResult<unknown>);
  };
  // A login or logout rotates the session cookie: it waits for the calls already sent, and the calls
  // made meanwhile wait for it, so that none travels with a cookie the host has just retired (a status
  // poll racing a login would otherwise be refused as an expired browser session).
  let inFlight = 0;
  const idle: (() => void)[] = [];
  let rotation: Promise<void> | null = null;
  const allSettled = (): Promise<void> => (inFlight === 0 ? Promise.resolve() : new Promise((resolve) => idle.push(resolve)));
  return {
    async call<M extends MethodName>(method: M, input: InputOf<M>): Promise<OutputOf<M>> {
      while (rotation) await rotation;
      if (method === 'auth.login' || method === 'auth.logout') {
        let done = (): void => undefined;
        rotation = new Promise<void>((resolve) => (done = resolve));
        try {
          await allSettled();
          return await send(method, input);
        } finally {
          rotation = null;
          done();
        }
      }
      inFlight++;
      try {
        return await send(method, input);
      } finally {
        inFlight--;
        if (inFlight === 0) for (const resolve of idle.splice(0)) resolve();
      }
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
/**
 * The customer display's API: in Electron its own narrow preload; in the browser host its own two
 * routes (`/api/display/…`), which its display cookie opens (or the cashier page's session, same window).
 */
export function createDisplayApi(): DisplayApi {
  const bridge = window.guichetDisplay;
  if (bridge)
    return {
      language: async () => ((await bridge.language()) === 'en' ? 'en' : 'fr'),
      onDisplay: (listener) => bridge.onDisplay(listener),
    };
  return {
    language: async () => {
      const res = await fetch('/api/display/language', { credentials: 'same-origin' });
      if (!res.ok) throw new ApiError(res.status === 401 ? 'not-authenticated' : 'host', await res.text());
      return ((await res.json()) as { language?: unknown }).language === 'en' ? 'en' : 'fr';
    },
    onDisplay: (listener) => {
      // The browser retries a dropped stream on its own (the host closes the cashier session's streams
      // at a login or logout); after a refusal it gives up, and a new one is opened a little later.
      let source: EventSource | null = null;
      let stopped = false;
      const connect = (): void => {
        const opened = new EventSource('/api/display/events');
        source = opened;
        opened.onmessage = (m: MessageEvent<string>) => listener(JSON.parse(m.data) as DisplayView);
        opened.onerror = () => {
          if (opened.readyState !== EventSource.CLOSED || stopped) return;
          setTimeout(() => {
            if (!stopped && source === opened) connect();
          }, 1000);
        };
      };
      connect();
      return () => {
        stopped = true;
        source?.close();
      };
    },
  };
}
