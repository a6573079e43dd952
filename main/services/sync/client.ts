/**
 * Talking to central over HTTP: every request signed afresh (new timestamp and nonce per attempt),
 * answers parsed with the protocol's zod schemas, transient failures (network, cut bodies, 5xx, 429,
 * timeouts) retried by a cockatiel policy with exponential backoff and jitter. 4xx answers are not
 * retried: they carry central's reason (`CentralAnswerError`).
 */
import { ExponentialBackoff, handleWhen, retry, type IPolicy } from 'cockatiel';
import { createWriteStream, existsSync, statSync, truncateSync } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { z } from 'zod';
import { ErrorAnswer } from '../../../common/protocol/index.js';
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
  /** Called with every answer's Date header and the local send/receive times (clock offset). */
  readonly onContact?: (contact: { sentAt: number; receivedAt: number; serverDate: number | null }) => void;
}

export interface RawAnswer {
  readonly status: number;
  readonly headers: Headers;
  readonly body: Buffer;
}

export interface CentralClient {
  readonly url: string;
  /** A JSON call; `schema` parses a 2xx answer. */
  call<S extends z.ZodType>(method: 'GET' | 'POST', path: string, body: unknown, schema: S): Promise<z.infer<S>>;
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

/** A 429 whose body says central's quota is used up (not a passing overload). */
function isQuotaRefusal(body: Buffer): boolean {
  try {
    const e = ErrorAnswer.safeParse(JSON.parse(body.toString('utf8')));
    return e.success && e.data.reason === 'quota_exceeded';
  } catch {
    return false;
  }
}

export function createCentralClient(options: CentralClientOptions): CentralClient {
  const base = options.url.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 15_000;
  const policy: IPolicy = retry(handleWhen(isTransient), {
    maxAttempts: options.maxAttempts ?? 6,
    backoff: new ExponentialBackoff({ initialDelay: options.initialDelayMs ?? 100, maxDelay: options.maxDelayMs ?? 10_000 }),
  });

  /** One attempt: sign, send, read the whole body; transient troubles become CentralUnreachableError. */
  const attempt = async (method: string, path: string, body: Buffer | null, extra: Record<string, string>): Promise<RawAnswer> => {
    const headers: Record<string, string> = { ...extra };
    if (body) headers['content-type'] = 'application/json';
    if (options.signer) Object.assign(headers, signedHeaders(options.signer, method, path, body ?? Buffer.alloc(0)));
    const sentAt = Date.now();
    let res: Response;
    let bytes: Buffer;
    try {
      res = await fetch(`${base}${path}`, { method, headers, ...(body ? { body: new Uint8Array(body) } : {}), signal: AbortSignal.timeout(timeoutMs) });
      bytes = Buffer.from(await res.arrayBuffer());
    } catch (err) {
      const cause = err instanceof Error ? (err.cause instanceof Error ? `${err.message}: ${err.cause.message}` : err.message) : String(err);
      throw new CentralUnreachableError(`central ${base} unreachable: ${cause}`);
    }
    const date = res.headers.get('date');
    options.onContact?.({ sentAt, receivedAt: Date.now(), serverDate: date ? Date.parse(date) : null });
    // A quota refusal (429 'quota_exceeded') is central's answer, final until the quota's window ends: surfaced, not retried.
    if (res.status === 429 && isQuotaRefusal(bytes)) return { status: res.status, headers: res.headers, body: bytes };
    if (res.status >= 500 || res.status === 429 || res.status === 408) {
      throw new CentralUnreachableError(`central ${base} answered ${res.status}`);
    }
    return { status: res.status, headers: res.headers, body: bytes };
  };

  return {
    url: base,
    async call(method, path, body, schema) {
      const payload = body === undefined ? null : Buffer.from(JSON.stringify(body), 'utf8');
      return policy.execute(async () => {
        const answer = await attempt(method, path, payload, {});
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
        const have = existsSync(file) ? statSync(file).size : 0;
        if (have > size) truncateSync(file, 0);
        const from = have > size ? 0 : have;
        if (from === size) return;
        const headers: Record<string, string> = { range: `bytes=${from}-` };
        if (options.signer) Object.assign(headers, signedHeaders(options.signer, 'GET', path, Buffer.alloc(0)));
        let res: Response;
        try {
          res = await fetch(`${base}${path}`, { headers, signal: AbortSignal.timeout(timeoutMs * 8) });
        } catch (err) {
          throw new CentralUnreachableError(`central ${base}${path} unreachable: ${err instanceof Error ? err.message : String(err)}`);
        }
        if (res.status >= 500 || res.status === 429) throw new CentralUnreachableError(`central ${base}${path} answered ${res.status}`);
        if (res.status !== 206 && res.status !== 200) throw refusalOf(res.status, Buffer.from(await res.arrayBuffer()));
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
      });
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
