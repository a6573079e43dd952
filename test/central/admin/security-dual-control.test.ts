/**
 * #39 finding 7: one security operator alone cut the fleet off central (`config.set central.urls`) or
 * moved its TLS pin (`tls.announce`). Both, and the settings that bound what terminals may do (quotas,
 * digital limits, the shipment rule, the claim hold), are now a proposal another operator approves; a
 * TLS announcement is taken only when the lottery's root signed it (made offline, imported).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdminOpFor } from '../../../central/admin/ops.js';
import type { OpContext } from '../../../central/admin/roles.js';
import type { Central } from '../../../central/store/context.js';
import { ENGINES, testCentral } from '../support/engines.js';

const ONE: OpContext = { actor: 'sec-one', roles: ['security'] };
const TWO: OpContext = { actor: 'sec-two', roles: ['security'] };

const configValue = async (c: Central, key: string): Promise<unknown> => (await c.db.query<{ value: unknown }>('SELECT value FROM config WHERE key = $1', [key]))[0]?.value ?? null;

describe.each(ENGINES)('security settings and TLS announcements under dual control, on %s', (engine) => {
  let made: Awaited<ReturnType<typeof testCentral>>;
  let c: Central;

  beforeAll(async () => {
    made = await testCentral(engine, `security-dual-${engine}`);
    c = made.central;
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
  });

  it('nor the limits that bound what terminals may do: each is a proposal, nothing changed', async () => {
    for (const [key, value] of [
      ['quota_claims_per_minute', 0],
      ['quota_enrolments_per_hour', 100_000],
      ['digital_daily_voids', 1_000_000],
      ['digital_void_seconds', 86_400],
      ['packs_require_shipment', false],
      ['claim_hold_seconds', 0],
    ] as const) {
      const r = await runAdminOpFor(c, 'config.set', { key, value }, { ...ONE, reason: 'tuning' });
      expect([key, r.status]).toEqual([key, 202]);
      expect(await configValue(c, key)).toBeNull();
    }
  });
});
