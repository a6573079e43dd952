/**
 * Enrolment: a fresh data folder becomes a terminal known to central. The key pair is made here; the
 * one-time code's id, the public key (with a proof of holding its private half) and a fresh nonce go to
 * central, authenticated by a MAC keyed from the code (the code itself never travels). The answer must
 * carry the nonce back, be authenticated by the code and chain to the lottery root whose fingerprint came
 * with the code (enrol-answer.ts); it gives the terminal id, the lottery's certified keys and the
 * configuration. Then the terminal is initialised as `guichet init` does, with its root, keys and link
 * to central in the same transaction.
 */
import { createPublicKey } from 'node:crypto';
import { existsSync } from 'node:fs';
import { EnrolAnswer, ENDPOINTS, MAX_CENTRAL_URLS, normaliseFingerprint, splitCentralUrls, type Enrolment } from '../../../common/protocol/index.js';
import { keyFingerprint } from '../../../node/outcome/keys.js';
import { insertSyncState } from '../../../db/queries/sync-state.js';
import { acceptCertificate, acceptRevocation, setTrustRoot } from '../outcomes/key-chain.js';
import { record } from '../../kernel/record.js';
import { checkNewOperator, type OperatorInfo } from '../operators/operators.js';
import { initTerminal } from '../terminal/init.js';
import type { Clock } from '../../kernel/clock.js';
import { publicKeyPemOf } from '../../kernel/keys.js';
import type { LotteryTerminal } from '../../kernel/terminal.js';
import { applyCentralConfig } from './central-config.js';
import { certificateFingerprint, checkCentralCa, checkCentralUrl } from './central-url.js';
import { createCentralClient, type CentralClientOptions } from './client.js';
import { SyncError } from './errors.js';
import { checkEnrolAnswer } from './enrol-answer.js';
import { enrolCodeKeys, enrolNonce, enrolRequest } from '../../../node/protocol/enrol-code.js';
import { dropPendingEnrolKey, pendingEnrolKey } from './enrol-pending.js';
import { dataFolder } from '../../kernel/data-folder.js';
import { TerminalError } from '../../kernel/errors.js';

export interface EnrollOptions {
  readonly centralUrl: string;
  readonly code: string;
  /** The lottery root's fingerprint, from the enrolment letter (64 hex digits; spaces and colons ignored). */
  readonly root: string;
  readonly managerName: string;
  readonly pin: string;
  readonly clock?: Clock;
  readonly client?: Partial<CentralClientOptions>;
  /** PEM of the lottery's certificate authority, handed out with the code: pinned for every later TLS connection. */
  readonly centralCa?: string;
}

export interface EnrollResult {
  readonly terminal: LotteryTerminal;
  readonly manager: OperatorInfo;
  readonly enrolment: Enrolment;
}

export async function enrollTerminal(root: string, options: EnrollOptions): Promise<EnrollResult> {
  // One address or several, comma-separated (several central processes): tried in order, all kept.
  const urls = splitCentralUrls(options.centralUrl).map(checkCentralUrl);
  if (urls.length === 0) throw new SyncError('bad-input', "give central's address, e.g. https://central.example:8470 (several: comma-separated)");
  if (urls.length > MAX_CENTRAL_URLS) throw new SyncError('bad-input', `give at most ${MAX_CENTRAL_URLS} central addresses`);
  if (new Set(urls.map((u) => u.split(':')[0])).size > 1) throw new SyncError('bad-input', "central's addresses must all be https, or all plain http on loopback");
  const url = urls.join(',');
  const ca = options.centralCa === undefined ? null : checkCentralCa(options.centralCa);
  // https is pinned to the lottery's authority, never to whatever authority the machine trusts.
  if (urls[0]!.startsWith('https:') && !ca) {
    throw new SyncError('bad-input', "central's https is pinned to the lottery's certificate authority: give the ca.pem handed out with the code (--central-ca), and its fingerprint");
  }
  const lotteryRoot = normaliseFingerprint(options.root);
  if (!lotteryRoot) throw new SyncError('bad-input', `'${options.root}' is not the lottery root's fingerprint: copy the 64 hex digits of the enrolment letter`);
  checkNewOperator({ name: options.managerName, role: 'manager', pin: options.pin });
  // A data folder that is a terminal already is refused before anything is sent (initTerminal checks again).
  if (existsSync(dataFolder(root).databasePath)) throw new TerminalError('already-initialised', `${dataFolder(root).root} already holds a terminal: enrol a fresh data folder`);
  const privateKey = pendingEnrolKey(root, enrolCodeKeys(options.code).codeId);
  const publicKey = createPublicKey(privateKey);
  const pem = publicKeyPemOf(publicKey);
  const nonce = enrolNonce();
  const { request, macKey } = enrolRequest(options.code, pem, privateKey, nonce);
  const client = createCentralClient({ ...options.client, url: urls[0]!, urls, ...(ca ? { ca } : {}) });
  // A retry (the answer lost on the way) sends the very same request: central answers it again.
  const answer = await client.call('POST', ENDPOINTS.enrol, request, EnrolAnswer);
  const { enrolment: e, certificates } = checkEnrolAnswer(answer, { root: lotteryRoot, nonce, terminalKey: keyFingerprint(publicKey), macKey });
  const { terminal, manager } = await initTerminal(root, {
    terminalId: e.terminal_id,
    managerName: options.managerName,
    pin: options.pin,
    privateKey,
    ...(options.clock ? { clock: options.clock } : {}),
    inside: (t) => {
      const at = t.now();
      setTrustRoot(t.db, e.root, at);
      for (const r of e.revocations) acceptRevocation(t.db, r, at);
      for (const c of certificates) acceptCertificate(t.db, c, at);
      insertSyncState(t.db, { central_url: url, terminal_id: e.terminal_id, enrolled_at: at, feed_cursor: e.feed_cursor, central_ca_pem: ca });
      applyCentralConfig(t, e.config);
      record(t, {
        type: 'central.enrol',
        operator: null,
        payload: {
          central_url: url,
          ...(ca ? { central_ca: certificateFingerprint(ca) } : {}),
          retailer: e.retailer,
          lottery_root: e.root.fingerprint,
          lottery_keys: certificates.map((c) => ({ fingerprint: c.body.fingerprint, role: c.body.role })),
          feed_cursor: e.feed_cursor,
        },
      });
    },
  });
  dropPendingEnrolKey(root);
  return { terminal, manager, enrolment: e };
}
