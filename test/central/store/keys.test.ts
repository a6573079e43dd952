/**
 * Central's side of the key hierarchy (issue #20), on both engines: certificates and revocations are
 * checked against the store's root before they are kept; central serves only with an online key the
 * root certified and did not revoke.
 */
import { createPrivateKey, generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Central } from '../../../central/store/context.js';
import { addCertificate, enrolmentKeys, listLotteryKeys, revokeLotteryKey } from '../../../central/store/keys.js';
import { openCentral, switchOnlineKey } from '../../../central/store/open.js';
import { certify, revoke } from '../../../node/outcome/certificates.js';
import { keyFingerprint } from '../../../node/outcome/keys.js';
import { databaseFor, ENGINES, initTestCentral, releaseDatabase } from '../support/engines.js';

describe.each(ENGINES)('the lottery keys at central on %s', (engine) => {
  let tmp: string;
  let data: string;
  let url: string | undefined;
  let c: Central;
  let open = true;
  let rootFile: string;

  beforeAll(async () => {
    tmp = mkdtempSync(join(tmpdir(), 'guichet-central-keys-'));
    data = join(tmp, 'central');
    url = await databaseFor(engine);
    const init = await initTestCentral({ dataDir: data, keyFile: join(tmp, 'lottery.key'), ...(url ? { databaseUrl: url } : {}) });
    c = init.central;
    rootFile = init.rootKeyFile;
  }, 120_000);
  afterAll(async () => {
    if (open) await c?.db.close();
    rmSync(tmp, { recursive: true, force: true });
    await releaseDatabase(engine);
  }, 60_000);

  const root = () => createPrivateKey(readFileSync(rootFile));

  it('keeps only what the root signed, and never certifies a revoked key again', async () => {
    const key = generateKeyPairSync('ed25519').publicKey;
    const stranger = generateKeyPairSync('ed25519').privateKey;
    await expect(addCertificate(c, 'test', certify(stranger, 'emission', key, c.now()))).rejects.toThrow(/names another root/);
    const forged = certify(root(), 'emission', key, c.now());
    await expect(addCertificate(c, 'test', { ...forged, body: { ...forged.body, role: 'online' } })).rejects.toThrow(/not signed by the lottery root/);
    expect((await addCertificate(c, 'test', forged)).already).toBe(false);
    expect((await addCertificate(c, 'test', forged)).already).toBe(true);
    await expect(addCertificate(c, 'test', certify(root(), 'online', key, c.now()))).rejects.toThrow(/one key, one role/);
    await expect(revokeLotteryKey(c, 'test', revoke(stranger, keyFingerprint(key), 'x', c.now()))).rejects.toThrow(/names another root/);
    expect((await revokeLotteryKey(c, 'test', revoke(root(), keyFingerprint(key), 'stolen', c.now()))).already).toBe(false);
    await expect(addCertificate(c, 'test', certify(root(), 'emission', key, c.now()))).rejects.toThrow(/revoked/);
    const { certificates, revocations } = await enrolmentKeys(c.db);
    expect(certificates.map((x) => x.body.fingerprint)).not.toContain(keyFingerprint(key));
    expect(revocations.map((r) => r.body.fingerprint)).toEqual([keyFingerprint(key)]);
    expect((await listLotteryKeys(c)).find((k) => k.fingerprint === keyFingerprint(key))).toMatchObject({ role: 'emission', revoked_reason: 'stolen' });
  });

  it('serves only with a certified online key', async () => {
    const loose = join(tmp, 'loose.key');
    writeFileSync(loose, generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }));
    await c.db.close();
    open = false;
    switchOnlineKey(data, loose);
    await expect(openCentral({ dataDir: data, databaseUrl: url })).rejects.toThrow(/not certified by the lottery root, or was revoked/);
  });
});
