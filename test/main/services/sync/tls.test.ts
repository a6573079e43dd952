/**
 * Central over TLS with the lottery's own, self-signed authority (`central tls`), pinned at enrolment
 * (issue #20): enrolled with and synced to with no environment variable, an eavesdropper on the path
 * (a TCP tap on loopback) sees neither the enrolment code nor a validation barcode, a terminal given
 * another authority (or none) does not connect, and plain http to another machine is refused.
 */
import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportUnits } from '../../../../central/emission/export.js';
import { createEmission } from '../../../../central/emission/create.js';
import { readPrintFile } from '../../../../central/emission/print-file.js';
import { callService } from '../../../../central/admin/client.js';
import { servingRecord } from '../../../../central/server/holder.js';
import { serveCentral, type RunningCentral } from '../../../../central/server/serve.js';
import { makeTlsFiles, type MadeTls } from '../../../../central/server/tls-files.js';
import { announceCentralCa } from '../../../../central/store/central-ca.js';
import { appendFeed } from '../../../../central/store/feed.js';
import { announceCas } from '../../../../node/outcome/certificates.js';
import { publishEmission } from '../../../../central/store/publish.js';
import { addTerminal } from '../../../../central/store/terminals.js';
import { syncStateRow, updateSyncState } from '../../../../db/queries/sync-state.js';
import { loadOrCreateSigningKey } from '../../../../node/outcome/keys.js';
import { claimAtCentral } from '../../../../main/services/sync/claim.js';
import { CentralUnreachableError } from '../../../../main/services/sync/client.js';
import { enrollTerminal } from '../../../../main/services/sync/enroll.js';
import { SyncError } from '../../../../main/services/sync/errors.js';
import { syncOnce } from '../../../../main/services/sync/sync.js';
import { databaseFor, ENGINES, initTestCentral, releaseDatabase } from '../../../central/support/engines.js';
import { startTap, type Tap } from '../../../support/tcp-tap.js';

const GAME = 'annee-chance-2013';
const fast = { initialDelayMs: 10, maxDelayMs: 50, maxAttempts: 2, timeoutMs: 5000 };

describe.each(ENGINES)('central over TLS with the lottery\'s own authority, on %s', (engine) => {
  let tmp: string;
  let running: RunningCentral;
  let tls: MadeTls;
  let tap: Tap;
  let codes: Record<string, string>;
  let root: string;
  let barcode: string;
  let databaseUrl: string | undefined;
  let rootKey: KeyObject;
  // Announcements signed by the lottery root (where it is kept: `central tls announce --root`), each later than the last.
  let signedAt = Date.parse('2026-12-01T00:00:00.000Z');
  const signed = (pems: readonly string[], key: KeyObject = rootKey) => announceCas(key, pems, new Date((signedAt += 60_000)).toISOString());

  beforeAll(async () => {
    tmp = mkdtempSync(path.join(tmpdir(), 'guichet-tls-'));
    const dataDir = path.join(tmp, 'central');
    databaseUrl = await databaseFor(engine);
    const init = await initTestCentral({ dataDir, keyFile: path.join(tmp, 'lottery.key'), ...(databaseUrl ? { databaseUrl } : {}) });
    rootKey = loadOrCreateSigningKey(init.rootKeyFile).privateKey;
    codes = {};
    for (const id of ['T1', 'T2', 'T3', 'T4', 'T5', 'T6']) { const letter = await addTerminal(init.central, 'test', id, `Retailer ${id}`); codes[id] = letter.code; root = letter.root; }
    await init.central.db.close();
    tls = makeTlsFiles(dataDir, ['127.0.0.1', 'localhost']);
    running = await serveCentral({ dataDir, databaseUrl, listen: '127.0.0.1:0', tls: { certFile: tls.files.serverCert, keyFile: tls.files.serverKey }, log: () => undefined });
    const em = path.join(tmp, 'em');
    await createEmission({ game: GAME, emission: 7, units: 60, keyFile: path.join(tmp, 'lottery.key'), outDir: em, workers: 0, claimDays: 60 });
    await publishEmission(running.central, 'test', em);
    barcode = [...exportUnits(readPrintFile(path.join(em, `${GAME}-7-1.print`)), 0, 60)].find((u) => u.prize_cents > 0)!.barcodes.validation;
    tap = await startTap({ targetPort: Number(new URL(running.url).port) });
  }, 240_000);

  afterAll(async () => {
    await tap?.close();
    await running?.close();
    if (tmp) rmSync(tmp, { recursive: true, force: true });
    await releaseDatabase(engine);
  });

  it('serves https from its tls/ files; the admin commands reach it through them', async () => {
    expect(running.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    expect(tls.caFingerprint).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
    const rec = servingRecord(running.central.dataDir)!;
    const listed = (await callService(running.central.dataDir, { ...rec, url: rec.url! }, 'terminal.list', {})) as { terminal_id: string }[];
    expect(listed.map((t) => t.terminal_id)).toContain('T1');
  });

  it('enrols and syncs with the pinned authority and no environment variable; the tap sees no plaintext', async () => {
    // Nothing process-wide trusts the lottery's authority (this machine's NODE_EXTRA_CA_CERTS, if set, is not it).
    const extra = process.env.NODE_EXTRA_CA_CERTS;
    const caBody = readFileSync(tls.files.caCert, 'utf8').split('\n')[1]!;
    expect(extra && existsSync(extra) ? readFileSync(extra, 'utf8').includes(caBody) : false).toBe(false);
    const dir = mkdtempSync(path.join(tmp, 't1-'));
    const url = `https://127.0.0.1:${tap.port}`;
    const { terminal: t } = await enrollTerminal(dir, { centralUrl: url, code: codes.T1!, root, managerName: 'alice', pin: '123456', centralCa: readFileSync(tls.files.caCert, 'utf8'), client: fast });
    try {
      expect(syncStateRow(t.db)?.central_ca_pem).toContain('BEGIN CERTIFICATE');
      const report = await syncOnce(t, { client: fast });
      expect(report.pull?.files).toBeGreaterThan(0); // the outcome files came over TLS too
      const claim = await claimAtCentral(t, barcode, { timeoutMs: 5000 });
      expect(claim.kind).toBe('answer');
      const seen = tap.captured();
      expect(seen.length).toBeGreaterThan(2000);
      for (const secret of [codes.T1!, barcode, 'guichet-central', '/v1/']) expect(seen.includes(Buffer.from(secret, 'utf8'))).toBe(false);
    } finally {
      t.close();
    }
  }, 60_000);

  it('a terminal given another authority, or none, does not connect, and its code stays unused', async () => {
    const other = makeTlsFiles(path.join(tmp, 'other-lottery'), ['127.0.0.1']);
    {
      const dir = mkdtempSync(path.join(tmp, 't2-'));
      const p = enrollTerminal(dir, { centralUrl: running.url, code: codes.T2!, root, managerName: 'bob', pin: '123456', centralCa: readFileSync(other.files.caCert, 'utf8'), client: fast });
      await expect(p).rejects.toBeInstanceOf(CentralUnreachableError);
      await expect(p).rejects.toThrow(/certificate/);
      expect(existsSync(path.join(dir, 'guichet.db'))).toBe(false);
    }
    {
      // No authority at all: refused before anything is sent (the machine's own authorities are never enough).
      const dir = mkdtempSync(path.join(tmp, 't2-'));
      const p = enrollTerminal(dir, { centralUrl: running.url, code: codes.T2!, root, managerName: 'bob', pin: '123456', client: fast });
      await expect(p).rejects.toThrow(/pinned to the lottery's certificate authority/);
      expect(existsSync(path.join(dir, 'guichet.db'))).toBe(false);
    }
    const dir = mkdtempSync(path.join(tmp, 't2-'));
    const { terminal: t } = await enrollTerminal(dir, { centralUrl: running.url, code: codes.T2!, root, managerName: 'bob', pin: '123456', centralCa: readFileSync(tls.files.caCert, 'utf8'), client: fast });
    t.close();
  }, 60_000);

  it('plain http to another machine is refused with a clear error, before anything is sent', async () => {
    const dir = mkdtempSync(path.join(tmp, 't3-'));
    const p = enrollTerminal(dir, { centralUrl: 'http://192.0.2.10:8470', code: codes.T3!, root, managerName: 'carol', pin: '123456', client: { maxAttempts: 1, timeoutMs: 500 } });
    await expect(p).rejects.toBeInstanceOf(SyncError);
    await expect(p).rejects.toThrow(/plain http to another machine.*https:\/\//);
    // A link to central stored as plain http to another machine (enrolled before TLS was required) is not used either.
    const { terminal: t } = await enrollTerminal(dir, { centralUrl: running.url, code: codes.T3!, root, managerName: 'carol', pin: '123456', centralCa: readFileSync(tls.files.caCert, 'utf8'), client: fast });
    try {
      updateSyncState(t.db, { central_url: 'http://192.0.2.10:8470' });
      await expect(syncOnce(t, { client: fast })).rejects.toThrow(/plain http to another machine/);
    } finally {
      t.close();
    }
  });

  it('a terminal refuses an announced authority the root did not sign, and keeps its pin; a root-signed one it takes', async () => {
    const ca1 = readFileSync(tls.files.caCert, 'utf8');
    const theirs = readFileSync(makeTlsFiles(path.join(tmp, 'attacker-authority'), ['127.0.0.1']).files.caCert, 'utf8');
    const { terminal: t } = await enrollTerminal(mkdtempSync(path.join(tmp, 't6-')), { centralUrl: running.url, code: codes.T6!, root, managerName: 'eve', pin: '123456', centralCa: ca1, client: fast });
    const lastFeed = () => {
      const rows = t.db.prepare("SELECT payload FROM journal WHERE type = 'central.feed' ORDER BY seq").all() as { payload: string }[];
      return JSON.parse(rows.at(-1)!.payload) as Record<string, unknown>;
    };
    const feed = (item: Parameters<typeof appendFeed>[2]) => running.central.db.transaction((tx) => appendFeed(running.central, tx, item));
    try {
      // On an operator's word alone, or whoever holds central's online key: a feed entry with no root signature.
      await feed({ kind: 'central_ca', certificates: [theirs], reason: 'trust me' });
      await syncOnce(t, { client: fast });
      expect(syncStateRow(t.db)?.central_ca_pem).toBe(ca1.trim());
      expect(lastFeed()).toMatchObject({ kind: 'central_ca', status: 'refused', reason: expect.stringMatching(/not signed by the lottery root/) });
      // Signed by another root: refused; central refuses to announce it at all.
      const stranger = signed([theirs], generateKeyPairSync('ed25519').privateKey);
      await expect(announceCentralCa(running.central, 'test', stranger, 'stranger')).rejects.toMatchObject({ reason: 'bad_announcement' });
      await feed({ kind: 'central_ca', certificates: [theirs], reason: 'stranger', announcement: stranger });
      await syncOnce(t, { client: fast });
      expect(syncStateRow(t.db)?.central_ca_pem).toBe(ca1.trim());
      expect(lastFeed()).toMatchObject({ status: 'refused', reason: expect.stringMatching(/names another root/) });
      // The root's certificates with another authority slipped in beside the signed body: the pin is the signed list.
      const good = signed([ca1]);
      await feed({ kind: 'central_ca', certificates: [theirs], reason: 'swapped', announcement: good });
      await syncOnce(t, { client: fast });
      expect(syncStateRow(t.db)?.central_ca_pem).toBe(ca1.trim());
      expect(lastFeed()).toMatchObject({ issued_at: good.body.issued_at });
      // An older root-signed announcement played again is refused (it would bring back a retired authority).
      const older = announceCas(rootKey, [theirs], '2026-01-01T00:00:00.000Z');
      await feed({ kind: 'central_ca', certificates: [theirs], reason: 'replay', announcement: older });
      await syncOnce(t, { client: fast });
      expect(syncStateRow(t.db)?.central_ca_pem).toBe(ca1.trim());
      expect(lastFeed()).toMatchObject({ status: 'refused', reason: expect.stringMatching(/not after the announcement applied last/) });
      await expect(announceCentralCa(running.central, 'test', older, 'replay')).rejects.toMatchObject({ reason: 'stale_announcement' });
    } finally {
      t.close();
    }
  }, 60_000);

  it('rotation: the next authority comes on the signed feed; a terminal that heard it follows central to its new certificate', async () => {
    const ca1 = readFileSync(tls.files.caCert, 'utf8');
    const next = makeTlsFiles(path.join(tmp, 'next-authority'), ['127.0.0.1']);
    const ca2 = readFileSync(next.files.caCert, 'utf8');
    const enrol = async (id: string) =>
      (await enrollTerminal(mkdtempSync(path.join(tmp, `${id}-`)), { centralUrl: running.url, code: codes[id]!, root, managerName: 'dan', pin: '123456', centralCa: ca1, client: fast })).terminal;
    const heard = await enrol('T4');
    const deaf = await enrol('T5');
    try {
      await announceCentralCa(running.central, 'test', signed([ca1, ca2]), 'next authority');
      await syncOnce(heard, { client: fast });
      expect(syncStateRow(heard.db)?.central_ca_pem).toContain(ca2.trim());
      // Central switches to a certificate of the next authority, on the same address.
      const { dataDir } = running.central;
      const listen = new URL(running.url).host;
      await running.close();
      running = await serveCentral({ dataDir, databaseUrl, listen, tls: { certFile: next.files.serverCert, keyFile: next.files.serverKey }, log: () => undefined });
      await syncOnce(heard, { client: fast });
      await expect(syncOnce(deaf, { client: fast })).rejects.toThrow(/certificate/);
      // The old authority retired: the pin holds the next one alone.
      await announceCentralCa(running.central, 'test', signed([ca2]), 'old authority retired');
      await syncOnce(heard, { client: fast });
      expect(syncStateRow(heard.db)?.central_ca_pem).toBe(ca2.trim());
      // Not a certificate authority: refused by central, nothing announced.
      await expect(announceCentralCa(running.central, 'test', signed([readFileSync(next.files.serverCert, 'utf8').split(/(?<=-----END CERTIFICATE-----)/)[0]!]), 'wrong')).rejects.toThrow(/not a certificate authority/);
    } finally {
      heard.close();
      deaf.close();
    }
  }, 90_000);
});
