/**
 * The application both hosts carry: one dispatcher over the typed API. Nothing but the login screen's
 * methods answers without a logged-in operator (SESSIONLESS_METHODS); every input is validated
 * against its schema before a handler runs; every refusal becomes `{ ok: false, error: { code, message } }`.
 * Hosts only transport calls and events; the rules live in the services the handlers call.
 */
import { EventEmitter } from 'node:events';
import { ZodError } from 'zod';
import { isMethodName, parseInput, type MethodName } from '../../common/api/contract.js';
import type { ApiResult } from '../../common/api/errors.js';
import type { AppEvent } from '../../common/api/events.js';
import type { Language } from '../../common/api/views.js';
import type { LotteryTerminal } from '../kernel/terminal.js';
import type { AppContext, AppDevices } from './context.js';
import type { Handler, Handlers } from './handler.js';
import { HANDLERS } from './handlers/index.js';
import { SelfCheckService, type SelfCheckConfig } from '../services/selfcheck/self-check.js';
import { selfCheckRefusal } from './self-check-mode.js';
import { SESSIONLESS_METHODS } from './require-session.js';

export interface AppOptions {
  readonly terminal: LotteryTerminal;
  readonly devices: AppDevices;
  readonly host: 'electron' | 'browser';
  readonly version: string;
  readonly language?: Language;
  /** Self-check mode: a player-facing kiosk answering only the self-check API (counter mode when absent). */
  readonly selfCheck?: SelfCheckConfig;
  /** Extra or replacement handlers (tests). */
  readonly handlers?: Handlers;
  /** Told after the close-till act committed (the host's updater installs a waiting update then). */
  readonly onTillClosed?: () => void;
  /** Where unexpected errors are reported (default: console.error). */
  readonly log?: (message: string, err: unknown) => void;
}

/** What a host needs of the application: calls in, events out, and closing it. */
export interface HostApp {
  /** The terminal's application context; absent while the terminal is not provisioned. */
  readonly context?: AppContext;
  call(method: unknown, input: unknown): Promise<ApiResult<unknown>>;
  subscribe(listener: (event: AppEvent) => void): () => void;
  close(): void;
}

export interface App extends HostApp {
  readonly context: AppContext;
}

/**
 * What a screen needs to say it in words (never zod's text): the first problem's field, its kind
 * (`too_big`, `too_small`, `invalid_type` …) and its limit when it has one.
 */
function zodDetails(err: ZodError): Record<string, string | number> {
  const issue = err.issues[0];
  if (!issue) return {};
  const field = [...issue.path].reverse().find((p): p is string => typeof p === 'string') ?? 'input';
  const limit = 'maximum' in issue ? issue.maximum : 'minimum' in issue ? issue.minimum : undefined;
  // A refinement's own problem (common/text.ts: 'nul', 'lone-surrogate') rather than zod's 'custom'.
  const own = issue.code === 'custom' && typeof issue.params?.problem === 'string' ? issue.params.problem : undefined;
  return { field, problem: own ?? issue.code, ...(typeof limit === 'number' && Number.isFinite(limit) ? { limit } : {}) };
}

function describeZod(err: ZodError): string {
  return err.issues.map((i) => `${i.path.length ? i.path.join('.') : 'input'}: ${i.message}`).join('; ');
}

/** An error's `details` when it is a flat object of strings, numbers and booleans (what crosses to the renderer). */
/** A refusal's details a screen can use (plain values only). */
export function detailsOf(err: Error): Record<string, string | number | boolean> | undefined {
  const d = (err as { details?: unknown }).details;
  if (typeof d !== 'object' || d === null || Array.isArray(d)) return undefined;
  const entries = Object.entries(d).filter(([, v]) => typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean');
  return entries.length ? (Object.fromEntries(entries) as Record<string, string | number | boolean>) : undefined;
}

export function createApp(options: AppOptions): App {
  const bus = new EventEmitter();
  bus.setMaxListeners(0);
  const handlers: Handlers = { ...HANDLERS, ...options.handlers };
  const log = options.log ?? ((message, err) => console.error(message, err));
  const context: AppContext = {
    terminal: options.terminal,
    devices: options.devices,
    host: options.host,
    version: options.version,
    session: null,
    language: options.language ?? 'fr',
    selfCheck: options.selfCheck ? new SelfCheckService(options.terminal, options.selfCheck) : null,
    emit: (event) => bus.emit('event', event),
    ...(options.onTillClosed ? { onTillClosed: options.onTillClosed } : {}),
  };

  return {
    context,
    async call(method, input) {
      if (!isMethodName(method)) return { ok: false, error: { code: 'unknown-method', message: `unknown API method ${JSON.stringify(method)}` } };
      const refused = context.selfCheck ? selfCheckRefusal(method) : null;
      if (refused) return { ok: false, error: refused };
      const handler = handlers[method] as Handler<MethodName> | undefined;
      if (!handler) return { ok: false, error: { code: 'not-implemented', message: `${method} is not available on this terminal yet` } };
      if (!context.session && !SESSIONLESS_METHODS.has(method)) return { ok: false, error: { code: 'not-logged-in', message: `log in first (${method})` } };
      try {
        const parsed = parseInput(method, input);
        return { ok: true, value: await handler(context, parsed as never) };
      } catch (err) {
        if (err instanceof ZodError) return { ok: false, error: { code: 'invalid-input', message: describeZod(err), details: zodDetails(err) } };
        const code = (err as { code?: unknown })?.code;
        if (err instanceof Error && typeof code === 'string') {
          const details = detailsOf(err);
          return { ok: false, error: { code, message: err.message, ...(details ? { details } : {}) } };
        }
        log(`guichet: ${method} failed`, err);
        return { ok: false, error: { code: 'internal', message: err instanceof Error ? err.message : String(err) } };
      }
    },
    subscribe(listener) {
      bus.on('event', listener);
      return () => bus.off('event', listener);
    },
    close() {
      bus.removeAllListeners();
      context.selfCheck?.close();
      options.terminal.close();
    },
  };
}
