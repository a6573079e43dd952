/**
 * Enrolment: a fresh data folder becomes a terminal known to central. The key pair is made here, the
 * one-time code and the public key (with a proof of holding its private half) go to central, and the
 * answer, signed by the lottery, gives the terminal id, the lottery keys and the configuration. Then
 * the terminal is initialised as `guichet init` does, with its link to central in the same transaction.
 */
import { createPublicKey, generateKeyPairSync, sign } from 'node:crypto';
import { EnrolAnswer, ENDPOINTS, enrolProofString, type Enrolment } from '../../../common/protocol/index.js';
import { keyFingerprint } from '../../../db/outcome/keys.js';
import { insertSyncState } from '../../../db/queries/sync-state.js';
import { addTrustedKey } from '../../../db/queries/trusted-keys.js';
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
import { assertLotterySigned } from './lottery-signature.js';

export interface EnrollOptions {
  readonly centralUrl: string;
  readonly code: string;
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
  const url = checkCentralUrl(options.centralUrl);
  const ca = options.centralCa === undefined ? null : checkCentralCa(options.centralCa);
  checkNewOperator({ name: options.managerName, role: 'manager', pin: options.pin });
  const { privateKey } = generateKeyPairSync('ed25519');
  const publicKey = createPublicKey(privateKey);
  const pem = publicKeyPemOf(publicKey);
  const proof = sign(null, Buffer.from(enrolProofString(options.code, pem), 'utf8'), privateKey).toString('base64');
  const client = createCentralClient({ ...options.client, url, ...(ca ? { ca } : {}) });
  const answer = await client.call('POST', ENDPOINTS.enrol, { code: options.code, public_key: pem, proof }, EnrolAnswer);
  const e = answer.enrolment;
  // The code is the shared secret that makes the first lottery keys trustworthy; the answer must be
  // signed by one of them, and name this terminal's own key.
  assertLotterySigned('enrolment', e, answer.signer, answer.signature, new Map(e.lottery_keys.map((k) => [k.fingerprint, k.public_key])));
  if (e.terminal_key !== keyFingerprint(publicKey)) throw new SyncError('enrol-refused', 'central enrolled another key than this terminal sent');
  const { terminal, manager } = await initTerminal(root, {
    terminalId: e.terminal_id,
    managerName: options.managerName,
    pin: options.pin,
    privateKey,
    ...(options.clock ? { clock: options.clock } : {}),
    inside: (t) => {
      const at = t.now();
      for (const k of e.lottery_keys) addTrustedKey(t.db, { fingerprint: k.fingerprint, public_key_pem: k.public_key, label: 'central enrolment', added_at: at });
      insertSyncState(t.db, { central_url: url, terminal_id: e.terminal_id, enrolled_at: at, feed_cursor: e.feed_cursor, central_ca_pem: ca });
      applyCentralConfig(t, e.config);
      record(t, {
        type: 'central.enrol',
        operator: null,
        payload: { central_url: url, ...(ca ? { central_ca: certificateFingerprint(ca) } : {}), retailer: e.retailer, lottery_keys: e.lottery_keys.map((k) => k.fingerprint), feed_cursor: e.feed_cursor },
      });
    },
  });
  return { terminal, manager, enrolment: e };
}
