/**
 * Issue #20, as an on-path attacker would try it: a proxy on loopback between a fresh terminal and central
 * reads and rewrites the enrolment. Each attempt is refused with a clear error, nothing is kept at the
 * terminal, and the code still enrols the real terminal afterwards. Also: a lost answer no longer spends
 * the code (the same key asking again gets the same answer), while another key with it is refused.
 */
import { createPublicKey, generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { enrolProofString, lotterySigningString } from '../../../../common/protocol/index.js';
import { certify } from '../../../../node/outcome/certificates.js';
import { keyFingerprint, publicKeyPem } from '../../../../node/outcome/keys.js';
import { listTrustedKeys } from '../../../../db/queries/trusted-keys.js';
import { enrollTerminal } from '../../../../main/services/sync/enroll.js';
import { trustedOnlineKeys } from '../../../../main/services/sync/lottery-keys.js';
import { centralConfig } from '../../../../main/services/sync/central-config.js';
import { databaseFor, ENGINES, releaseDatabase } from '../../../central/support/engines.js';
import { startCentral, type StartedCentral } from '../../../central/support/start-central.js';
import { forgedJson, jsonOf, startProxy, type Exchange, type Hook, type ProxiedAnswer, type Proxy } from '../../../support/proxy.js';

const FAST = { initialDelayMs: 5, maxDelayMs: 20, maxAttempts: 2 };
const isEnrol = (x: { path: string }): boolean => x.path === '/v1/enrol';
type Json = Record<string, unknown>;

/** The attacker passes the exchange on, then closes the connection without the answer when `when` holds. */
const dropAnswer = (when: (x: Exchange) => boolean): Hook => async (x, forward) => {
  const real = await forward();
  return when(x) ? { spoil: 'close' } : real;
};
/** The attacker answers the enrolment in central's place with a recorded answer. */
const replay = (recorded: ProxiedAnswer): Hook => async (x, forward) => (isEnrol(x) ? forgedJson(recorded.status, jsonOf(recorded)) : forward());

/** The attacker's own lottery: a root, an online key, an emission key. */
function attackerLottery(): { root: KeyObject; online: KeyObject; emission: KeyObject } {
  return { root: generateKeyPairSync('ed25519').privateKey, online: generateKeyPairSync('ed25519').privateKey, emission: generateKeyPairSync('ed25519').privateKey };
}

/** The answer with the attacker's keys in it and its own signature (the 1,000,000 € offline limit of the issue). */
function withAttackerKeys(answer: Json, a: ReturnType<typeof attackerLottery>): Json {
  const e = answer.enrolment as Json;
  const now = new Date().toISOString();
  const forged: Json = { ...e, config: { ...(e.config as Json), offline_max_ticket_cents: 100_000_000, offline_max_total_cents: 100_000_000 } };
  if ('lottery_keys' in e) forged.lottery_keys = [{ fingerprint: keyFingerprint(a.online), public_key: publicKeyPem(a.online) }];
  else {
    forged.root = { fingerprint: keyFingerprint(a.root), public_key: publicKeyPem(a.root) };
    forged.certificates = [certify(a.root, 'online', createPublicKey(a.online), now), certify(a.root, 'emission', createPublicKey(a.emission), now)];
    forged.revocations = [];
  }
  const signature = sign(null, Buffer.from(lotterySigningString('enrolment', forged), 'utf8'), a.online).toString('base64');
  return { ...answer, enrolment: forged, signer: keyFingerprint(a.online), signature };
}

describe.each(ENGINES)('enrolment through an on-path attacker, central on %s', (engine) => {
  let c: StartedCentral;
  let proxy: Proxy;
  const dirs: string[] = [];
  const folder = (): string => {
    const d = mkdtempSync(path.join(tmpdir(), 'guichet-enrol-attack-'));
    dirs.push(d);
    return d;
  };
  const enrol = (dir: string, id: string, url = proxy.url) =>
    enrollTerminal(dir, { centralUrl: url, code: c.codes[id]!, root: c.root, managerName: 'alice', pin: '123456', client: FAST });
  const keyAtCentral = async (id: string) => (await c.central.db.query<{ key_fingerprint: string | null }>('SELECT key_fingerprint FROM terminals WHERE terminal_id = $1', [id]))[0]?.key_fingerprint ?? null;
  const enrolAnswers = (): ProxiedAnswer[] => proxy.exchanges().flatMap((s) => (isEnrol(s.exchange) && s.central?.status === 200 ? [s.central] : []));
  const noTerminalIn = (dir: string): boolean => !existsSync(path.join(dir, 'guichet.db')) && !existsSync(path.join(dir, 'terminal.key'));

  beforeAll(async () => {
    const databaseUrl = await databaseFor(engine);
    c = await startCentral({ terminals: ['T1', 'T2', 'T3', 'T4', 'T5', 'T6'], ...(databaseUrl ? { databaseUrl } : {}) });
    proxy = await startProxy({ target: c.url });
  }, 180_000);
  afterEach(() => {
    proxy.setHook(null);
  });
  afterAll(async () => {
    await proxy?.close();
    await c?.close();
    await releaseDatabase(engine);
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  }, 60_000);

  it('refuses an answer carrying the attacker\'s own lottery keys; nothing is kept; the real terminal then enrols', async () => {
    const a = attackerLottery();
    proxy.setHook(async (x, forward) => {
      const real = await forward();
      return isEnrol(x) && real.status === 200 ? forgedJson(200, withAttackerKeys(jsonOf(real) as Json, a)) : real;
    });
    const dir = folder();
    await expect(enrol(dir, 'T1')).rejects.toThrow(/enrolment refused, nothing kept: .*(root|authenticated)/);
    expect(noTerminalIn(dir)).toBe(true);
    // Without the attacker, the same folder and code enrol: the keys are the lottery's, its limits stand.
    proxy.setHook(null);
    const { terminal: t } = await enrol(dir, 'T1', c.url);
    try {
      expect(trustedOnlineKeys(t).map((k) => k.fingerprint)).toEqual([c.lotteryKey.fingerprint]);
      expect(listTrustedKeys(t.db).map((k) => k.fingerprint)).not.toContain(keyFingerprint(a.online));
      expect(centralConfig(t).offline_max_ticket_cents).not.toBe(100_000_000);
      expect(await keyAtCentral('T1')).toBe(keyFingerprint(t.publicKey));
    } finally {
      t.close();
    }
  });

  it('refuses to let the attacker enrol its own key with the code it saw; the code still enrols the real terminal', async () => {
    const mine = generateKeyPairSync('ed25519');
    const pem = publicKeyPem(mine.publicKey);
    proxy.setHook(async (x, forward) => {
      if (!isEnrol(x)) return forward();
      const b = jsonOf(x) as Json;
      // Whatever the request names the code by, the attacker puts its own key and signs its own proof.
      const proof = 'code_id' in b ? enrolProofString(b.code_id as string, pem, b.nonce as string) : (enrolProofString as unknown as (c: string, p: string) => string)(b.code as string, pem);
      const rewritten = { ...b, public_key: pem, proof: sign(null, Buffer.from(proof, 'utf8'), mine.privateKey).toString('base64') };
      return forward({ ...x, body: Buffer.from(JSON.stringify(rewritten), 'utf8') });
    });
    const dir = folder();
    await expect(enrol(dir, 'T2')).rejects.toThrow(/not authenticated by this enrolment code|enrolled another key/);
    expect(noTerminalIn(dir)).toBe(true);
    expect(await keyAtCentral('T2')).not.toBe(keyFingerprint(mine.publicKey));
    proxy.setHook(null);
    const { terminal: t } = await enrol(dir, 'T2', c.url);
    try {
      expect(await keyAtCentral('T2')).toBe(keyFingerprint(t.publicKey));
    } finally {
      t.close();
    }
  });

  it('refuses a replayed answer: another terminal\'s, and this terminal\'s own earlier one', async () => {
    // The attacker records T3's genuine enrolment and plays it to T4's.
    const d3 = folder();
    (await enrol(d3, 'T3')).terminal.close();
    proxy.setHook(replay(enrolAnswers().at(-1)!));
    const d4 = folder();
    await expect(enrol(d4, 'T4')).rejects.toThrow(/enrolment refused, nothing kept/);
    expect(noTerminalIn(d4)).toBe(true);
    expect(await keyAtCentral('T4')).toBeNull();

    // T5's answer is lost on the way (central enrolled it), then the attacker replays that very answer to
    // T5's next attempt: refused (not for this request); T5 asking central again gets its answer.
    proxy.setHook(dropAnswer(isEnrol));
    const d5 = folder();
    await expect(enrol(d5, 'T5')).rejects.toThrow(/unreachable/);
    proxy.setHook(replay(enrolAnswers().at(-1)!));
    await expect(enrol(d5, 'T5')).rejects.toThrow(/not for this request/);
    expect(noTerminalIn(d5)).toBe(true);
    proxy.setHook(null);
    const { terminal: t } = await enrol(d5, 'T5', c.url);
    try {
      expect(t.id).toBe('T5');
      expect(await keyAtCentral('T5')).toBe(keyFingerprint(t.publicKey));
    } finally {
      t.close();
    }
  });

  it('a lost answer does not spend the code: the retry with the same key gets the same answer; another key is refused', async () => {
    let dropped = 0;
    proxy.setHook(dropAnswer((x) => isEnrol(x) && dropped++ === 0));
    const dir = folder();
    const { terminal: t } = await enrol(dir, 'T6');
    try {
      expect(dropped).toBe(2);
      const answers = enrolAnswers().slice(-2);
      expect(jsonOf(answers[1]!)).toEqual(jsonOf(answers[0]!));
      expect(await keyAtCentral('T6')).toBe(keyFingerprint(t.publicKey));
    } finally {
      t.close();
    }
    await expect(enrol(folder(), 'T6', c.url)).rejects.toThrow(/already used/);
  });
});
