/**
 * #39 finding 7: one security operator alone cut the fleet off central (`config.set central.urls`) or
 * moved its TLS pin (`tls.announce`). Both, and the settings that bound what terminals may do (quotas,
 * digital limits, the shipment rule, the claim hold), are now a proposal another operator approves; a
 * TLS announcement is taken only when the lottery's root signed it (made offline, imported).
 */
import { createPrivateKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigView } from '../../../common/console/config.js';
import { runAdminOpFor } from '../../../central/admin/ops.js';
import type { OpContext } from '../../../central/admin/roles.js';
import { makeTlsFiles } from '../../../central/server/tls-files.js';
import type { Central } from '../../../central/store/context.js';
import { announceCas } from '../../../node/outcome/certificates.js';
import { ENGINES, testCentral } from '../support/engines.js';

const ONE: OpContext = { actor: 'sec-one', roles: ['security'] };
const TWO: OpContext = { actor: 'sec-two', roles: ['security'] };

const configValue = async (c: Central, key: string): Promise<unknown> => (await c.db.query<{ value: unknown }>('SELECT value FROM config WHERE key = $1', [key]))[0]?.value ?? null;
const caFeedItems = async (c: Central): Promise<number> => (await c.db.query<{ n: number }>("SELECT count(*)::int AS n FROM feed WHERE kind = 'central_ca'"))[0]!.n;

describe.each(ENGINES)('security settings and TLS announcements under dual control, on %s', (engine) => {
  let made: Awaited<ReturnType<typeof testCentral>>;
  let c: Central;
  let ca: string;
  let root: KeyObject;

  beforeAll(async () => {
    made = await testCentral(engine, `security-dual-${engine}`);
    c = made.central;
    // The lottery root's private key, beside the data folder (where `central tls announce --root` reads it).
    root = createPrivateKey(readFileSync(path.join(c.dataDir, '..', 'root.key')));
    ca = readFileSync(makeTlsFiles(path.join(c.dataDir, '..', 'next-tls'), ['127.0.0.1']).files.caCert, 'utf8');
  }, 120_000);
  afterAll(async () => made?.close());

  it('one security operator alone no longer changes central.urls: proposed, applied once another approves', async () => {
    const args = { key: 'central.urls', value: ['https://nowhere.invalid:8470'] };
    const r = await runAdminOpFor(c, 'config.set', args, { ...ONE, reason: 'move the fleet' });
    expect(r.status).toBe(202);
    expect(await configValue(c, 'central.urls')).toBeNull();
    const id = (r.result as { proposal_id: number }).proposal_id;
    await expect(runAdminOpFor(c, 'proposal.approve', { id, reason: 'mine' }, ONE)).rejects.toMatchObject({ reason: 'same_operator' });
    await runAdminOpFor(c, 'proposal.approve', { id, reason: 'checked with the network team' }, TWO);
    expect(await configValue(c, 'central.urls')).toEqual(['https://nowhere.invalid:8470']);
    // The console's Configuration names both people, and lists the setting with the others, in force or by default.
    const view = ConfigView.parse((await runAdminOpFor(c, 'console.config', {}, TWO)).result);
    expect(view.history.filter((h) => h.payload.key === 'central.urls').map((h) => [h.actor, h.payload.proposed_by])).toEqual([['sec-two', 'sec-one']]);
    expect(view.settings.find((x) => x.key === 'central.urls')).toMatchObject({ unit: 'urls', value: ['https://nowhere.invalid:8470'], default: null, dual: true });
    expect(view.settings.find((x) => x.key === 'offline_max_ticket_cents')).toMatchObject({ unit: 'cents', value: null, default: 5_000, dual: true, updated_at: null });
    expect(view.settings.find((x) => x.key === 'console_online_seconds')).toMatchObject({ unit: 'seconds', default: 300, dual: false });
    expect(view.settings.find((x) => x.key === 'quota_claims_per_minute')).toMatchObject({ unit: 'count', default: 600, dual: true });
  });

  it('nor the limits that bound what terminals may do, nor when packs settle: each is a proposal, nothing changed', async () => {
    for (const [key, value] of [
      ['quota_claims_per_minute', 0],
      ['quota_enrolments_per_hour', 100_000],
      ['digital_daily_voids', 1_000_000],
      ['digital_void_seconds', 86_400],
      ['packs_require_shipment', false],
      ['claim_hold_seconds', 0],
      // A pack settled is no longer paid at the counter: one day, or 1 %, would close every pack of the fleet.
      ['settle_days', 1],
      ['settle_share_percent', 1],
      ['settle_low_tier_max_cents', 0],
    ] as const) {
      const r = await runAdminOpFor(c, 'config.set', { key, value }, { ...ONE, reason: 'tuning' });
      expect([key, r.status]).toEqual([key, 202]);
      expect(await configValue(c, key)).toBeNull();
    }
  });

  it('one security operator alone no longer announces a TLS authority: a root-signed one is proposed, then approved by another', async () => {
    const before = await caFeedItems(c);
    const announcement = announceCas(root, [ca], c.now());
    const r = await runAdminOpFor(c, 'tls.announce', { announcement, reason: 'new authority' }, ONE);
    expect(r.status).toBe(202);
    expect(await caFeedItems(c)).toBe(before);
    await runAdminOpFor(c, 'proposal.approve', { id: (r.result as { proposal_id: number }).proposal_id, reason: 'fingerprint read out' }, TWO);
    expect(await caFeedItems(c)).toBe(before + 1);
    const [row] = await c.db.query<{ item: { certificates: string[]; announcement: { body: { issued_at: string } } } }>("SELECT body->'item' AS item FROM feed WHERE kind = 'central_ca' ORDER BY cursor DESC LIMIT 1");
    expect(row!.item.certificates).toEqual([ca.trim()]);
    expect(row!.item.announcement.body.issued_at).toBe(announcement.body.issued_at);
  });

  it('refuses, before proposing it, an announcement the root did not sign or signed before the last', async () => {
    const proposals = async () => (await c.db.query<{ n: number }>("SELECT count(*)::int AS n FROM proposals WHERE op = 'tls.announce'"))[0]!.n;
    const before = await proposals();
    const stranger = announceCas(generateKeyPairSync('ed25519').privateKey, [ca], c.now());
    await expect(runAdminOpFor(c, 'tls.announce', { announcement: stranger, reason: 'trust me' }, ONE)).rejects.toMatchObject({ reason: 'bad_announcement', status: 400 });
    const good = announceCas(root, [ca], c.now());
    const forged = { ...good, body: { ...good.body, certificates: [ca, ca] } };
    await expect(runAdminOpFor(c, 'tls.announce', { announcement: forged, reason: 'edited' }, ONE)).rejects.toMatchObject({ reason: 'bad_announcement' });
    const old = announceCas(root, [ca], '2026-01-01T00:00:00.000Z');
    await expect(runAdminOpFor(c, 'tls.announce', { announcement: old, reason: 'replay' }, ONE)).rejects.toMatchObject({ reason: 'stale_announcement', status: 409 });
    expect(await proposals()).toBe(before);
  });
});
