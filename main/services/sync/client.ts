/**
 * Talking to central over HTTP(S): every request signed afresh (new timestamp and nonce per attempt),
 * every answer to a request with a nonce checked for central's signature bound to that request
 * (common/protocol/signature.ts, "Signed answers") before anything is read from it, answers parsed with
 * the protocol's zod schemas, transient failures (network, cut bodies, 5xx, 429, timeouts, unsigned or
 * mis-signed answers) retried by a cockatiel policy with exponential backoff and jitter. Signed 4xx
 * answers are not retried: they carry central's reason (`CentralAnswerError`). With `ca`, only central's
 * pinned certificate authority is trusted for TLS (an undici Agent of this client's own, nothing
 * process-wide).
 */
import { ExponentialBackoff, handleWhen, retry, type IPolicy } from 'cockatiel';
import { createWriteStream, existsSync, statSync, truncateSync } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { randomBytes, type KeyObject } from 'node:crypto';
import { Agent, fetch as undiciFetch } from 'undici';
import type { z } from 'zod';
import { ANSWER_NONCE_PARAM, ErrorAnswer, HEADER_NONCE, HEADER_TERMINAL } from '../../../common/protocol/index.js';
import { answerProblem } from './answer-signature.js';
import { signedHeaders, type Signer } from './sign.js';

/** Central answered with a definite refusal (4xx): retrying would not help. */
export class CentralAnswerError extends Error {
  override readonly name = 'CentralAnswerError';
  constructor(
    readonly status: number,
    readonly reason: string,
    message: string,
    /** The parsed JSON body, when there was one. */
    readonly body: unknown,
  ) {
    super(message);
  }
}

/** Central could not be reached or answered something unusable: worth another try later. */
export class CentralUnreachableError extends Error {
  override readonly name = 'CentralUnreachableError';
}

export interface CentralClientOptions {
  /** Central's base URL, e.g. http://127.0.0.1:8443 */
  readonly url: string;
  /**
   * Central's addresses in order (`url` first when absent): an attempt that gets no usable answer from
   * one goes to the next, and the client stays on the one that answered (remembered across clients of
   * the same list).
   */
  readonly urls?: readonly string[];
  /** Signs requests; absent for the unsigned endpoints only (enrol). */
  readonly signer?: Signer;
  /** Per-attempt timeout, ms (default 15 s). */
  readonly timeoutMs?: number;
  /** Attempts per call before giving up (default 6). */
  readonly maxAttempts?: number;
  /** First backoff delay, ms (default 100). */
  readonly initialDelayMs?: number;
  /** Longest backoff delay, ms (default 10 s). */
  readonly maxDelayMs?: number;
  /**
   * The lottery keys central's answers must be signed by (fingerprint → key), read at each answer.
   * Absent: no key, so every answer to a request with a nonce is refused (an unsigned client, the
   * enrolment, reads lottery-signed documents only).
   */
  readonly answerKeys?: () => ReadonlyMap<string, KeyObject>;
  /** PEM of central's certificate authority: the only one trusted for https (the pin set at enrolment). */
  readonly ca?: string;
}

/** Per call: send the nonce as `?nonce=` on an unsigned request (GET /v1/time), so that the answer is bound to it. */
export interface CallOptions {
  readonly nonceInQuery?: boolean;
}

export interface RawAnswer {
  readonly status: number;
  readonly headers: Headers;
  readonly body: Buffer;
}

export interface CentralClient {
  readonly url: string;
  /** A JSON call; `schema` parses a 2xx answer. */
  call<S extends z.ZodType>(method: 'GET' | 'POST', path: string, body: unknown, schema: S, callOptions?: CallOptions): Promise<z.infer<S>>;
  /** A raw GET, with extra headers; answers 2xx/3xx as bytes. */
  getBytes(path: string, headers?: Record<string, string>): Promise<RawAnswer>;
  /**
   * Downloads `path` into `file` until it holds `size` bytes: each attempt asks for the missing part
   * (HTTP Range) and appends what arrives, so a cut download resumes where it stopped.
   */
  download(path: string, file: string, size: number): Promise<void>;
}

const isTransient = (err: unknown): boolean => err instanceof CentralUnreachableError;

function refusalOf(status: number, body: Buffer): CentralAnswerError {
  let parsed: unknown = undefined;
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch {
    /* not JSON */
  }
  const e = ErrorAnswer.safeParse(parsed);
  const reason = e.success ? e.data.reason : `http_${status}`;
  const message = e.success ? e.data.error : `central answered ${status}`;
  return new CentralAnswerError(status, reason, message, parsed);
}

/** One connection pool per pinned authority: only that authority is trusted on its connections. */
const pinnedAgents = new Map<string, Agent>();
function pinnedAgent(ca: string): Agent {
  // A process-wide CA setting (NODE_EXTRA_CA_CERTS) would trust the lottery's authority for everything, and every authority for central.
  let agent = pinnedAgents.get(ca);
  if (!agent) {
    agent = new Agent({ connect: { ca, minVersion: 'TLSv1.2' } });
    pinnedAgents.set(ca, agent);
  }
  return agent;
}

/** A 429 whose body says central's quota is used up (not a passing overload). */
function isQuotaRefusal(body: Buffer): boolean {
  try {
    const e = ErrorAnswer.safeParse(JSON.parse(body.toString('utf8')));
    return e.success && e.data.reason === 'quota_exceeded';
  } catch {
    return false;
  }
}

/** The address that answered last, by address list (a new client per claim starts there). */
const lastGood = new Map<string, number>();

export function createCentralClient(options: CentralClientOptions): CentralClient {
  const bases = [...new Set((options.urls && options.urls.length > 0 ? options.urls : [options.url]).map((u) => u.replace(/\/+$/, '')))];
  const listKey = bases.join(',');
  let at = bases.length > 1 ? (lastGood.get(listKey) ?? 0) % bases.length : 0;
  const next = (): void => {
    if (bases.length < 2) return;
    at = (at + 1) % bases.length;
    lastGood.set(listKey, at);
  };
  const baseNow = (): string => bases[at] as string;
  const answerKeys = options.answerKeys ?? (() => new Map<string, KeyObject>());
  const dispatcher = options.ca ? pinnedAgent(options.ca) : undefined;
  const send = (url: string, init: RequestInit): Promise<Response> =>
    dispatcher ? (undiciFetch(url, { ...(init as object), dispatcher }) as unknown as Promise<Response>) : fetch(url, init);
  const timeoutMs = options.timeoutMs ?? 15_000;
  const policy: IPolicy = retry(handleWhen(isTransient), {
    // Each further address is one more attempt: a client of one attempt still tries every central once.
    maxAttempts: (options.maxAttempts ?? 6) + bases.length - 1,
    backoff: new ExponentialBackoff({ initialDelay: options.initialDelayMs ?? 100, maxDelay: options.maxDelayMs ?? 10_000 }),
  });

  /** One attempt: sign, send, read the whole body; transient troubles become CentralUnreachableError. */
  const attempt = async (method: string, pathAsked: string, body: Buffer | null, extra: Record<string, string>, nonceInQuery = false): Promise<RawAnswer> => {
    try {
      return await attemptAt(baseNow(), method, pathAsked, body, extra, nonceInQuery);
    } catch (err) {
      if (err instanceof CentralUnreachableError) next();
      throw err;
    }
  };
  const attemptAt = async (base: string, method: string, pathAsked: string, body: Buffer | null, extra: Record<string, string>, nonceInQuery: boolean): Promise<RawAnswer> => {
    const headers: Record<string, string> = { ...extra };
    if (body) headers['content-type'] = 'application/json';
    let path = pathAsked;
    let nonce: string;
    let terminal = '';
    if (nonceInQuery) {
      nonce = randomBytes(18).toString('base64url');
      path = `${pathAsked}${pathAsked.includes('?') ? '&' : '?'}${ANSWER_NONCE_PARAM}=${nonce}`;
    } else if (options.signer) {
      Object.assign(headers, signedHeaders(options.signer, method, path, body ?? Buffer.alloc(0)));
      nonce = headers[HEADER_NONCE]!;
      terminal = headers[HEADER_TERMINAL]!;
    } else {
      nonce = '';
    }
    let res: Response;
    let bytes: Buffer;
    try {
      res = await send(`${base}${path}`, { method, headers, ...(body ? { body: new Uint8Array(body) } : {}), signal: AbortSignal.timeout(timeoutMs) });
      bytes = Buffer.from(await res.arrayBuffer());
    } catch (err) {
      const cause = err instanceof Error ? (err.cause instanceof Error ? `${err.message}: ${err.cause.message}` : err.message) : String(err);
      throw new CentralUnreachableError(`central ${base} unreachable: ${cause}`);
    }
    // A quota refusal (429 'quota_exceeded') is central's answer, final until the quota's window ends: surfaced, not retried.
    if (res.status >= 500 || res.status === 408 || (res.status === 429 && !isQuotaRefusal(bytes))) {
      throw new CentralUnreachableError(`central ${base} answered ${res.status}`);
    }
    if (nonce) {
      // An answer not signed by the lottery for this very request is no answer: never read as data.
      const problem = answerProblem({ status: res.status, method, path, terminal, nonce, body: bytes, headers: res.headers, keys: answerKeys() });
      if (problem) throw new CentralUnreachableError(`central ${base}${pathAsked}: ${problem}; no answer taken`);
    }
    return { status: res.status, headers: res.headers, body: bytes };
  };

  return {
    get url() {
      return baseNow();
    },
    async call(method, path, body, schema, callOptions = {}) {
      const payload = body === undefined ? null : Buffer.from(JSON.stringify(body), 'utf8');
      return policy.execute(async () => {
        const base = baseNow();
        const answer = await attempt(method, path, payload, {}, callOptions.nonceInQuery === true);
        if (answer.status >= 400) throw refusalOf(answer.status, answer.body);
        let json: unknown;
        try {
          json = JSON.parse(answer.body.toString('utf8'));
        } catch {
          // A cut or garbled body: the request may have been applied; the next try asks again.
          throw new CentralUnreachableError(`central ${base}${path}: answer is not JSON (cut?)`);
        }
        const parsed = schema.safeParse(json);
        if (!parsed.success) throw new CentralAnswerError(answer.status, 'bad_answer', `central ${path}: unexpected answer: ${parsed.error.message}`, json);
        return parsed.data as z.infer<typeof schema>;
      });
    },
    async download(path, file, size) {
      await policy.execute(async () => {
        const base = baseNow();
        try {
          await downloadFrom(base);
        } catch (err) {
          if (err instanceof CentralUnreachableError) next();
          throw err;
        }
      });
      async function downloadFrom(base: string): Promise<void> {
        const have = existsSync(file) ? statSync(file).size : 0;
        if (have > size) truncateSync(file, 0);
        const from = have > size ? 0 : have;
        if (from === size) return;
        const headers: Record<string, string> = { range: `bytes=${from}-` };
        if (options.signer) Object.assign(headers, signedHeaders(options.signer, 'GET', path, Buffer.alloc(0)));
        let res: Response;
        try {
          res = await send(`${base}${path}`, { headers, signal: AbortSignal.timeout(timeoutMs * 8) });
        } catch (err) {
          throw new CentralUnreachableError(`central ${base}${path} unreachable: ${err instanceof Error ? err.message : String(err)}`);
        }
        if (res.status >= 500 || res.status === 429) throw new CentralUnreachableError(`central ${base}${path} answered ${res.status}`);
        if (res.status !== 206 && res.status !== 200) {
          // A refusal is signed like any answer (the file's bytes are lottery-signed themselves).
          const bytes = Buffer.from(await res.arrayBuffer());
          const nonce = headers[HEADER_NONCE];
          const problem = nonce ? answerProblem({ status: res.status, method: 'GET', path, terminal: headers[HEADER_TERMINAL] ?? '', nonce, body: bytes, headers: res.headers, keys: answerKeys() }) : null;
          if (problem) throw new CentralUnreachableError(`central ${base}${path}: ${problem}; no answer taken`);
          throw refusalOf(res.status, bytes);
        }
        if (res.status === 200 && from > 0) truncateSync(file, 0); // the whole file came back: start over
        if (!res.body) throw new CentralUnreachableError(`central ${base}${path}: empty answer`);
        try {
          await pipeline(Readable.fromWeb(res.body as WebReadableStream), createWriteStream(file, { flags: 'a' }));
        } catch (err) {
          throw new CentralUnreachableError(`download of ${path} cut: ${err instanceof Error ? err.message : String(err)}`);
        }
        const now = statSync(file).size;
        if (now < size) throw new CentralUnreachableError(`download of ${path} cut at ${now} of ${size} bytes`);
        if (now > size) {
          truncateSync(file, 0);
          throw new CentralUnreachableError(`download of ${path}: ${now} bytes, expected ${size}`);
        }
      }
    },
    async getBytes(path, headers = {}) {
      return policy.execute(async () => {
        const answer = await attempt('GET', path, null, headers);
        if (answer.status >= 400) throw refusalOf(answer.status, answer.body);
        return answer;
      });
    },
  };
}
