/**
 * A phase's requests, sealed and signed BEFORE the phase: the load generator shares this machine's two
 * cores with central and PostgreSQL, and a terminal signs on its own CPU, not central's. Signing
 * (≈ 0.5 ms of CPU per entry) during the measured window would take CPU from what is measured, so
 * each phase's pushes and claims are built first, then sent at the offered pace.
 *
 * Every request carries its own nonce and a timestamp, which central accepts within
 * MAX_CLOCK_SKEW_MS (5 minutes): a phase is therefore at most PREPARED_SECONDS_MAX long.
 */
import { MAX_CLOCK_SKEW_MS } from '../../common/protocol/index.js';
import { signHeaders } from '../../test/central/support/terminal-client.js';
import { nextBatch, type SimTerminal } from './fleet.js';
import { presentedBarcode, type LoadTickets } from './tickets.js';
import { randomBytes } from 'node:crypto';

export const CLAIM_PATH = '/v1/claim';
export const PUSH_PATH = '/v1/push';

/** Longest phase whose requests can be signed beforehand (central's clock window, with a margin). */
export const PREPARED_SECONDS_MAX = Math.floor((MAX_CLOCK_SKEW_MS * 0.8) / 1000);

export interface PreparedRequest {
  readonly path: string;
  readonly headers: Record<string, string>;
  readonly body: Buffer;
}

export interface PreparedPush extends PreparedRequest {
  readonly entries: number;
  /** The claims of its payouts, sent online (at once) before the push, as a counter claims before it pays. */
  readonly claims: PreparedRequest[];
}

export interface PreparedLoad {
  /** Per terminal, its batches in chain order (a terminal sends the next only once the last is acknowledged). */
  readonly pushes: Map<SimTerminal, PreparedPush[]>;
  /** Claims, in sending order. */
  readonly claims: PreparedRequest[];
  readonly entries: number;
}

function signed(t: SimTerminal, path: string, body: unknown): PreparedRequest {
  const bytes = Buffer.from(JSON.stringify(body));
  const headers = signHeaders({ id: t.id, privateKey: t.privateKey, publicKey: t.publicKey, publicKeyPem: t.publicKeyPem }, 'POST', path, bytes);
  headers['content-type'] = 'application/json';
  headers['content-length'] = String(bytes.length);
  return { path, headers, body: bytes };
}

/** A claim's body: the presented barcode and a fresh idempotency key. */
export function claimBody(tickets: LoadTickets): { barcode: string; claim_key: string } {
  return { barcode: presentedBarcode(tickets), claim_key: randomBytes(12).toString('base64url') };
}

/**
 * Builds `entries` journal entries in batches of 1 to 8 spread over random terminals of the fleet, each
 * terminal's batches continuing its chain from what central acknowledged last (with the claims of their
 * payouts, signed by the same terminal), and `claims` claims of presented tickets.
 */
export function prepareLoad(fleet: readonly SimTerminal[], tickets: LoadTickets, entries: number, claims: number): PreparedLoad {
  const pushes = new Map<SimTerminal, PreparedPush[]>();
  const heads = new Map<SimTerminal, { seq: number; hash: string }>();
  let made = 0;
  while (made < entries) {
    const t = fleet[Math.floor(Math.random() * fleet.length)] as SimTerminal;
    const head = heads.get(t) ?? { seq: t.seq, hash: t.lastHash };
    const n = Math.min(entries - made, 1 + Math.floor(Math.random() * 8));
    const { batch, claims: payoutClaims } = nextBatch(t, n, head, tickets);
    const last = batch.entries.at(-1)!;
    heads.set(t, { seq: last.seq, hash: last.hash });
    const list = pushes.get(t) ?? [];
    list.push({ ...signed(t, PUSH_PATH, batch), entries: n, claims: payoutClaims.map((c) => signed(t, CLAIM_PATH, c)) });
    pushes.set(t, list);
    made += n;
  }
  const out: PreparedRequest[] = [];
  for (let k = 0; k < claims; k++) out.push(signed(fleet[Math.floor(Math.random() * fleet.length)] as SimTerminal, CLAIM_PATH, claimBody(tickets)));
  return { pushes, claims: out, entries: made };
}
