/**
 * A terminal's side of the protocol for central's tests: an Ed25519 key, enrolment, signed requests,
 * and journal entries sealed by the terminal's own code (main/kernel/chain.ts), so central is
 * tested against exactly what terminals send.
 */
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import {
  contentDigestHeader,
  enrolProofString,
  HEADER_DIGEST,
  HEADER_NONCE,
  HEADER_SIGNATURE,
  HEADER_TERMINAL,
  HEADER_TIMESTAMP,
  requestSigningString,
  type EnrolAnswer,
  type WireJournalEntry,
} from '../../../common/protocol/index.js';
import { sealEntry } from '../../../main/kernel/chain.js';
import { GENESIS_HASH } from '../../../node/journal/entry-hash.js';
import { enrolNonce, enrolRequest } from '../../../node/protocol/enrol-code.js';

export interface TestTerminal {
  id: string;
  privateKey: KeyObject;
  publicKey: KeyObject;
  publicKeyPem: string;
}

export function newTerminalKey(id = ''): TestTerminal {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  return { id, privateKey, publicKey, publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString() };
}

export interface Answer<T = unknown> {
  status: number;
  json: T;
  headers: Headers;
}

async function answer<T>(res: Response): Promise<Answer<T>> {
  const text = await res.text();
  let json: unknown = text;
  try {
    json = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: res.status, json: json as T, headers: res.headers };
}

/** Enrols `t` with `code` as the terminal does (code id, proof, MAC, nonce); `proofKey` signs the proof instead of `t`'s key. */
export async function enrol(url: string, code: string, t: TestTerminal, proofKey: KeyObject = t.privateKey, nonce: string = enrolNonce()): Promise<Answer<EnrolAnswer & { error?: string; reason?: string }>> {
  const { request } = enrolRequest(code, t.publicKeyPem, t.privateKey, nonce);
  const proof = sign(null, Buffer.from(enrolProofString(request.code_id, t.publicKeyPem, nonce), 'utf8'), proofKey).toString('base64');
  const res = await fetch(`${url}/v1/enrol`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ...request, proof }) });
  const a = await answer<EnrolAnswer & { error?: string; reason?: string }>(res);
  if (a.status === 200) t.id = a.json.enrolment.terminal_id;
  return a;
}

export interface SignOverrides {
  terminal?: string;
  timestamp?: string;
  nonce?: string;
  digest?: string;
  signature?: string;
  key?: KeyObject;
  /** Sign this path instead of the one requested. */
  signedPath?: string;
  /** Send these raw bytes as the body (after signing `body`). */
  rawBody?: string | Buffer;
  omit?: string[];
  contentType?: string;
}

/** The signature headers for a request. */
export function signHeaders(t: TestTerminal, method: string, path: string, body: Buffer, o: SignOverrides = {}): Record<string, string> {
  const timestamp = o.timestamp ?? new Date().toISOString();
  const nonce = o.nonce ?? randomBytes(18).toString('base64url');
  const digest = o.digest ?? contentDigestHeader(createHash('sha256').update(body).digest('base64'));
  const terminal = o.terminal ?? t.id;
  const text = requestSigningString({ method, path: o.signedPath ?? path, digest, timestamp, nonce, terminal });
  const signature = o.signature ?? sign(null, Buffer.from(text, 'utf8'), o.key ?? t.privateKey).toString('base64');
  const h: Record<string, string> = {
    [HEADER_TERMINAL]: terminal,
    [HEADER_TIMESTAMP]: timestamp,
    [HEADER_NONCE]: nonce,
    [HEADER_DIGEST]: digest,
    [HEADER_SIGNATURE]: signature,
  };
  for (const k of o.omit ?? []) delete h[k];
  return h;
}

/** A signed request; `body` is sent as JSON. */
export async function signedRequest<T = unknown>(url: string, t: TestTerminal, method: 'GET' | 'POST', path: string, body?: unknown, o: SignOverrides = {}, extra: Record<string, string> = {}): Promise<Answer<T>> {
  const bytes = body === undefined ? Buffer.alloc(0) : Buffer.from(JSON.stringify(body));
  const headers = { ...signHeaders(t, method, path, bytes, o), ...extra };
  if (method === 'POST') headers['content-type'] = o.contentType ?? 'application/json';
  const res = await fetch(`${url}${path}`, { method, headers, ...(method === 'POST' ? { body: new Uint8Array(typeof o.rawBody === 'string' ? Buffer.from(o.rawBody) : (o.rawBody ?? bytes)) } : {}) });
  return answer<T>(res);
}

/** A signed GET returning bytes (files). */
export async function signedGetBytes(url: string, t: TestTerminal, path: string, extra: Record<string, string> = {}): Promise<{ status: number; body: Buffer; headers: Headers }> {
  const res = await fetch(`${url}${path}`, { headers: { ...signHeaders(t, 'GET', path, Buffer.alloc(0)), ...extra } });
  return { status: res.status, body: Buffer.from(await res.arrayBuffer()), headers: res.headers };
}

/** A terminal's journal, sealed as the terminal seals it. */
export class TestJournal {
  readonly entries: WireJournalEntry[] = [];
  constructor(
    readonly t: TestTerminal,
    /** Entries are dated from here, 100 ms apart (default: a minute ago, so within central's bounds: after the enrolment less a day, not ahead of its clock). */
    private clock = Date.now() - 60_000,
  ) {}

  get lastHash(): string {
    return this.entries.at(-1)?.hash ?? GENESIS_HASH;
  }

  /** Seals the next entry, dated by the journal's clock or at `at` (a forged date). */
  append(type = 'sale', payload: Record<string, unknown> = { amount_cents: 500 }, operator: string | null = 'alice', at?: string): WireJournalEntry {
    this.clock += 100;
    const sealed = sealEntry(
      { seq: this.entries.length + 1, at: at ?? new Date(this.clock).toISOString(), terminal: this.t.id, type, operator, payload },
      this.lastHash,
      this.t.privateKey,
    );
    const e = { ...sealed, payload: sealed.payload as Record<string, unknown> };
    this.entries.push(e);
    return e;
  }

  appendMany(n: number, type = 'sale'): WireJournalEntry[] {
    return Array.from({ length: n }, (_, i) => this.append(type, { amount_cents: 100 * (i + 1), receipt_no: this.entries.length + 1 }));
  }

  /** Rewrites entry `seq` and re-seals (re-signs) it and every entry after it, as someone holding terminal.key could. */
  rewrite(seq: number, payload: Record<string, unknown>): void {
    const old = this.entries.splice(seq - 1);
    for (const [i, e] of old.entries()) {
      const sealed = sealEntry({ seq: e.seq, at: e.at, terminal: e.terminal, type: e.type, operator: e.operator, payload: i === 0 ? payload : e.payload }, this.lastHash, this.t.privateKey);
      this.entries.push({ ...sealed, payload: sealed.payload as Record<string, unknown> });
    }
  }

  /** The outbox event of an entry, as the terminal's record() writes it. */
  eventOf(e: WireJournalEntry, key = `sale-${e.seq}`): { key: string; type: string; journal_seq: number; payload: Record<string, unknown>; created_at: string } {
    return { key: `${this.t.id}/${key}`, type: e.type, journal_seq: e.seq, payload: { terminal: this.t.id, journal_seq: e.seq, at: e.at, type: e.type, ...e.payload }, created_at: e.at };
  }
}
