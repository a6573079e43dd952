/**
 * Issue #20: central's online key rotated while a terminal runs. The root certifies a new online key (the
 * certificate reaches the terminal on the feed, signed by the old one), central serves with it from its
 * next start (earlier feed entries are signed again by it), the old one is revoked: the terminal follows
 * each step and keeps syncing.
 */
import { createPrivateKey, generateKeyPairSync } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveCentral, type RunningCentral } from '../../../../central/server/serve.js';
import { setConfig } from '../../../../central/store/feed.js';
import { revokeLotteryKey } from '../../../../central/store/keys.js';
import { switchOnlineKey } from '../../../../central/store/open.js';
import { revoke } from '../../../../node/outcome/certificates.js';
import { keyFingerprint, publicKeyPem } from '../../../../node/outcome/keys.js';
import { centralConfig } from '../../../../main/services/sync/central-config.js';
import { enrollTerminal } from '../../../../main/services/sync/enroll.js';
import { trustedOnlineKeys } from '../../../../main/services/sync/lottery-keys.js';
import { syncOnce } from '../../../../main/services/sync/sync.js';
import type { LotteryTerminal } from '../../../../main/kernel/terminal.js';
import { databaseFor, ENGINES, releaseDatabase } from '../../../central/support/engines.js';
import { certifyForTest, rootOfCode } from '../../../central/support/letters.js';
import { centralStore, serveInProcess, type CentralStore } from './sync-fixture.js';

const FAST = { initialDelayMs: 5, maxDelayMs: 20, maxAttempts: 2 };

describe.each(ENGINES)("central's online key rotated under a running terminal, central on %s", (engine) => {
  let store: CentralStore;
  let running: RunningCentral | undefined;
  let t: LotteryTerminal | undefined;

  beforeAll(async () => {
    store = await centralStore(['T1'], await databaseFor(engine));
    running = await serveInProcess(store);
  }, 180_000);
  afterAll(async () => {
    t?.close();
    await running?.close();
    store?.cleanup();
    await releaseDatabase(engine);
  }, 60_000);

  it('certifies a new online key, serves with it, revokes the old one; the terminal follows and keeps syncing', async () => {
    const code = store.codes.get('T1')!;
    t = (await enrollTerminal(path.join(path.dirname(store.dir), 'counter'), { centralUrl: running!.url, code, root: rootOfCode(code), managerName: 'alice', pin: '123456', client: FAST })).terminal;
    const old = running!.central.lotteryKey.fingerprint;
    expect(trustedOnlineKeys(t).map((k) => k.fingerprint)).toEqual([old]);

    const next = generateKeyPairSync('ed25519');
    const nextFile = path.join(path.dirname(store.dir), 'online-2.key');
    writeFileSync(nextFile, next.privateKey.export({ type: 'pkcs8', format: 'pem' }));
    writeFileSync(`${nextFile}.pub`, publicKeyPem(next.publicKey));
    await certifyForTest(running!.central, store.rootKeyFile, `${nextFile}.pub`, 'online');
    await syncOnce(t, { client: FAST });
    expect(trustedOnlineKeys(t).map((k) => k.fingerprint).sort()).toEqual([old, keyFingerprint(next.publicKey)].sort());

    // Central's next start serves with the new key; the whole feed reads signed by it.
    expect(switchOnlineKey(store.dir, nextFile)).toBe(keyFingerprint(next.publicKey));
    rmSync(nextFile);
    const port = new URL(running!.url).port;
    await running!.close();
    running = await serveCentral({ dataDir: store.dir, databaseUrl: store.databaseUrl, listen: `127.0.0.1:${port}` });
    expect(running.central.lotteryKey.fingerprint).toBe(keyFingerprint(next.publicKey));
    await revokeLotteryKey(running.central, 'test', revoke(createPrivateKey(readFileSync(store.rootKeyFile)), old, 'rotated', running.central.now()));
    await setConfig(running.central, 'test', 'payout_limit_max_cents', 77_700);
    await syncOnce(t, { client: FAST });
    expect(trustedOnlineKeys(t).map((k) => k.fingerprint)).toEqual([keyFingerprint(next.publicKey)]);
    expect(centralConfig(t).payout_limit_max_cents).toBe(77_700);
  });
});
