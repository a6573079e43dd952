/**
 * Issue #20, the key hierarchy while terminals run: whoever holds central's online key (central's machine
 * taken over) puts rogue items on the feed — a key the root never certified, a certificate of a revoked
 * key, an outcome file signed by such a key or by central's own online key — and the terminal refuses
 * each (journaled) and keeps working; the lottery rotates its emission key and revokes the old one, and
 * the terminal then refuses a new outcome file signed by the revoked key.
 */
import { copyFileSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmission } from '../../../../central/emission/create.js';
import { appendFeed } from '../../../../central/store/feed.js';
import { filesDir } from '../../../../central/store/folders.js';
import { revokeLotteryKey } from '../../../../central/store/keys.js';
import { publishEmission } from '../../../../central/store/publish.js';
import { insertPublication } from '../../../../central/store/queries/publications.js';
import { FeedItem } from '../../../../common/protocol/index.js';
import { certify, revoke } from '../../../../node/outcome/certificates.js';
import { keyFingerprint, publicKeyPem } from '../../../../node/outcome/keys.js';
import { openOutcomeFile } from '../../../../node/outcome/reader.js';
import { findBlock } from '../../../../db/queries/blocks.js';
import { iterateJournal } from '../../../../db/queries/journal.js';
import { importOutcomeFile, ImportRefusedError } from '../../../../main/services/outcomes/import.js';
import { trustedKeyObjects, trustKey } from '../../../../main/services/outcomes/trust.js';
import { authenticate } from '../../../../main/services/auth/login.js';
import { enrollTerminal } from '../../../../main/services/sync/enroll.js';
import { trustedOnlineKeys } from '../../../../main/services/sync/lottery-keys.js';
import { centralConfig } from '../../../../main/services/sync/central-config.js';
import { syncOnce } from '../../../../main/services/sync/sync.js';
import type { LotteryTerminal } from '../../../../main/kernel/terminal.js';
import { databaseFor, ENGINES, releaseDatabase } from '../../../central/support/engines.js';
import { certifyForTest } from '../../../central/support/letters.js';
import { startCentral, type StartedCentral } from '../../../central/support/start-central.js';

const GAME = 'happy-2014';
const FAST = { initialDelayMs: 5, maxDelayMs: 20, maxAttempts: 2 };

describe.each(ENGINES)('the lottery key hierarchy on a running terminal, central on %s', (engine) => {
  let c: StartedCentral;
  let t: LotteryTerminal;
  let tmp: string;
  let emission = 10;

  /** An emission of one small block signed by `keyFile`, in its own folder. */
  const draw = async (keyFile: string): Promise<string> => {
    const out = path.join(tmp, `em-${++emission}`);
    await createEmission({ game: GAME, emission, units: 50, keyFile, outDir: out, workers: 0 });
    return out;
  };
  const outcomeOf = (dir: string): string => path.join(dir, `${GAME}-${emission}-1.outcome`);
  /** An outcome file put on the feed without central's publish checks (central's machine taken over). */
  const rogueFile = async (file: string): Promise<void> => {
    const name = path.basename(file);
    copyFileSync(file, path.join(filesDir(c.central), name));
    const f = openOutcomeFile(file);
    const manifest = f.manifest;
    f.close();
    const sha256 = createHash('sha256').update(readFileSync(file)).digest('hex');
    await c.central.db.transaction(async (tx) => {
      await insertPublication(tx, { name, game: manifest.game, emission: manifest.emission, block: manifest.block, size: statSync(file).size, sha256, manifest: JSON.stringify(manifest), print_name: null, published_at: c.central.now() });
      await appendFeed(c.central, tx, {
        kind: 'outcome_file',
        game: manifest.game,
        emission: manifest.emission,
        block: manifest.block,
        name,
        manifest: manifest as unknown as Record<string, unknown>,
        size: statSync(file).size,
        sha256,
        url: `/v1/files/${name}`,
      });
    });
  };
  /** A key-trust item on the feed, in whatever form the terminal's protocol knows. */
  const rogueKeyItem = async (cert: ReturnType<typeof certify>): Promise<void> => {
    const item = FeedItem.safeParse({ kind: 'key_certificate', certificate: cert }).success
      ? { kind: 'key_certificate', certificate: cert }
      : { kind: 'lottery_key', fingerprint: cert.body.fingerprint, public_key: cert.body.public_key, action: 'add', reason: 'rogue' };
    await c.central.db.transaction((tx) => appendFeed(c.central, tx, item as FeedItem));
  };
  const feedJournal = () => [...iterateJournal(t.db)].filter((r) => r.type === 'central.feed').map((r) => JSON.parse(r.payload) as Record<string, unknown>);
  const emissionKeys = () => trustedKeyObjects(t.db).map((k) => keyFingerprint(k)).sort();
  const pem = (file: string) => createPrivateKey(readFileSync(file));

  beforeAll(async () => {
    tmp = mkdtempSync(path.join(tmpdir(), 'guichet-key-hierarchy-'));
    const databaseUrl = await databaseFor(engine);
    c = await startCentral({ terminals: ['T1'], ...(databaseUrl ? { databaseUrl } : {}) });
    await publishEmission(c.central, 'test', await draw(c.lotteryKeyFile));
    t = (await enrollTerminal(path.join(tmp, 'counter'), { centralUrl: c.url, code: c.codes.T1!, root: c.root, managerName: 'alice', pin: '123456', client: FAST })).terminal;
    await syncOnce(t, { client: FAST });
    expect(findBlock(t.db, GAME, 11, 1)).toBeDefined();
  }, 180_000);
  afterAll(async () => {
    t?.close();
    await c?.close();
    await releaseDatabase(engine);
    rmSync(tmp, { recursive: true, force: true });
  }, 60_000);

  it("refuses a key the root never certified and the outcome files it signs, and goes on with the feed", async () => {
    const before = emissionKeys();
    const stranger = generateKeyPairSync('ed25519');
    const strangerFile = path.join(tmp, 'stranger.key');
    writeFileSync(strangerFile, stranger.privateKey.export({ type: 'pkcs8', format: 'pem' }));
    // A certificate by another root, then one "signed" by central's online key acting as a root.
    const otherRoot = generateKeyPairSync('ed25519').privateKey;
    await rogueKeyItem(certify(otherRoot, 'emission', stranger.publicKey, c.central.now()));
    await rogueKeyItem(certify(c.lotteryKey.privateKey, 'emission', stranger.publicKey, c.central.now()));
    // Outcome files signed by that key and by central's online key itself.
    await rogueFile(outcomeOf(await draw(strangerFile)));
    const strangerEmission = emission;
    const onlineFile = path.join(tmp, 'online-copy.key');
    writeFileSync(onlineFile, c.lotteryKey.privateKey.export({ type: 'pkcs8', format: 'pem' }));
    await rogueFile(outcomeOf(await draw(onlineFile)));
    const onlineEmission = emission;
    // And then an honest item: the terminal still applies what follows.
    await c.central.db.transaction((tx) => appendFeed(c.central, tx, { kind: 'config', key: 'payout_limit_max_cents', value: 123_400 }));

    await syncOnce(t, { client: FAST });
    expect(emissionKeys()).toEqual(before);
    expect(emissionKeys()).not.toContain(keyFingerprint(stranger.publicKey));
    expect(findBlock(t.db, GAME, strangerEmission, 1)).toBeUndefined();
    expect(findBlock(t.db, GAME, onlineEmission, 1)).toBeUndefined();
    expect(centralConfig(t).payout_limit_max_cents).toBe(123_400);
    const refused = feedJournal().filter((p) => p.status === 'refused');
    expect(refused.filter((p) => p.kind === 'key_certificate').map((p) => p.reason)).toEqual([
      expect.stringMatching(/names another root/),
      expect.stringMatching(/names another root/),
    ]);
    expect(refused.filter((p) => p.kind === 'outcome_file').map((p) => p.reason)).toEqual(['unknown-key', 'unknown-key']);
    // Central's publish refuses them too: only a certified emission key signs what terminals import.
    await expect(publishEmission(c.central, 'test', path.join(tmp, `em-${onlineEmission}`))).rejects.toThrow(/not an emission key certified by the lottery root/);
    expect(trustedOnlineKeys(t).map((k) => k.fingerprint)).toEqual([c.lotteryKey.fingerprint]);
  });

  it("refuses a manager's trust add on an enrolled terminal: its keys come from the root alone", async () => {
    const stranger = generateKeyPairSync('ed25519');
    const pub = path.join(tmp, 'stranger-by-hand.pub');
    writeFileSync(pub, publicKeyPem(stranger.publicKey));
    const alice = await authenticate(t, 'alice', '123456');
    expect(() => trustKey(t, alice, pub)).toThrow(/takes its lottery keys from the lottery's root/);
    expect(emissionKeys()).not.toContain(keyFingerprint(stranger.publicKey));
  });

  it('rotates the emission key and revokes the old one: the terminal then refuses a new file signed by the revoked key', async () => {
    const oldKey = keyFingerprint(createPublicKey(pem(c.lotteryKeyFile)));
    const nextFile = path.join(tmp, 'emission-2.key');
    const next = generateKeyPairSync('ed25519');
    writeFileSync(nextFile, next.privateKey.export({ type: 'pkcs8', format: 'pem' }));
    writeFileSync(`${nextFile}.pub`, publicKeyPem(next.publicKey));
    await certifyForTest(c.central, c.rootKeyFile, `${nextFile}.pub`, 'emission');
    await publishEmission(c.central, 'test', await draw(nextFile));
    const rotated = emission;
    await syncOnce(t, { client: FAST });
    expect(emissionKeys()).toEqual([oldKey, keyFingerprint(next.publicKey)].sort());
    expect(findBlock(t.db, GAME, rotated, 1)?.signer).toBe(keyFingerprint(next.publicKey));

    // A file the old key signed before its revocation, not yet published.
    const late = await draw(c.lotteryKeyFile);
    const lateEmission = emission;
    await revokeLotteryKey(c.central, 'test', revoke(pem(c.rootKeyFile), oldKey, 'rotated: key retired', c.central.now()));
    await syncOnce(t, { client: FAST });
    expect(emissionKeys()).toEqual([keyFingerprint(next.publicKey)]);
    // Central refuses to publish it; put on the feed anyway, or imported by hand, the terminal refuses it.
    await expect(publishEmission(c.central, 'test', late)).rejects.toThrow(/not an emission key certified/);
    await rogueFile(outcomeOf(late));
    await syncOnce(t, { client: FAST });
    expect(findBlock(t.db, GAME, lateEmission, 1)).toBeUndefined();
    expect(feedJournal().filter((p) => p.kind === 'outcome_file' && p.status === 'refused').at(-1)?.reason).toBe('key-revoked');
    expect(() => importOutcomeFile(t, outcomeOf(late))).toThrow(ImportRefusedError);
    // A certificate of the revoked key played again on the feed is refused.
    const old = certify(pem(c.rootKeyFile), 'emission', createPublicKey(pem(c.lotteryKeyFile)), c.central.now());
    await c.central.db.transaction((tx) => appendFeed(c.central, tx, { kind: 'key_certificate', certificate: old }));
    await syncOnce(t, { client: FAST });
    expect(feedJournal().at(-1)).toMatchObject({ kind: 'key_certificate', status: 'refused', reason: expect.stringMatching(/revoked/) });
    expect(emissionKeys()).toEqual([keyFingerprint(next.publicKey)]);
  });
});
