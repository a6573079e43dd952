/**
 * The application both hosts carry: one dispatcher over the typed API. Nothing but the login screen's
 * methods answers without a logged-in operator (SESSIONLESS_METHODS); every input is validated
 * against its schema before a handler runs; every refusal (a ServiceError) becomes `{ ok: false, error: { code,
 * message } }`, and any other error is logged and answered `internal`.
 * Hosts only transport calls and events; the rules live in the services the handlers call.
 */
import { EventEmitter } from 'node:events';
import { ZodError } from 'zod';
import { isMethodName, parseInput, type MethodName } from '../../common/api/contract.js';
import type { ApiErrorBody, ApiResult } from '../../common/api/errors.js';
import type { AppEvent } from '../../common/api/events.js';
import type { Language } from '../../common/api/views.js';
import { ServiceError } from '../kernel/errors.js';
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

/** A refusal's details a screen can use (plain values only). */
function detailsOf(err: ServiceError): Record<string, string | number | boolean> | undefined {
  const entries = Object.entries(err.details ?? {}).filter(([, v]) => typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean');
  return entries.length ? Object.fromEntries(entries) : undefined;
}

/**
 * What the caller gets for an error a handler threw: a service's refusal (a ServiceError) as it is,
 * with its code, message and details; anything else — even an error with a string `code`, such as
 * SQLite's SQLITE_BUSY — is an internal error, logged.
 */
export function failureOf(err: unknown, log: () => void): ApiErrorBody {
  if (err instanceof ServiceError) {
    const details = detailsOf(err);
    return { code: err.code, message: err.message, ...(details ? { details } : {}) };
  }
  log();
  return { code: 'internal', message: err instanceof Error ? err.message : String(err) };
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
        return { ok: false, error: failureOf(err, () => log(`guichet: ${method} failed`, err)) };
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
