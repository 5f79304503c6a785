// The demo referral tree: the demo customer has a commissioner, two patrons and one level 2,
// and some reward history (rewards, a paid payout).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAccounts } from '../accounts/accounts.seed';
import { createTestApi, type TestApi } from '../../testing/test-api';
import { signSessionToken } from '../accounts/session';
import { getUser } from '../accounts/accounts.service';
import { seedReferrals } from './referrals.seed';

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(async () => {
  await t?.close();
});

describe('demo referrals seed', () => {
  it('gives the demo customer a commissioner, two level 1 patrons, one level 2 and reward history', async () => {
    const accounts = await seedAccounts(t.db);
    await seedReferrals(t.db, accounts);
    const customer = await getUser(t.db, accounts.customerId);
    const token = await signSessionToken(customer!, t.config.jwtSecret);
    const result = await t.gql<{ me: { parent: { firstName: string } | null; level1ReferralCount: number; level2ReferralCount: number } }>(
      '{ me { parent { firstName } level1ReferralCount level2ReferralCount } }',
      {},
      { token },
    );
    expect(result.errors).toBeUndefined();
    expect(result.data!.me).toEqual({ parent: { firstName: 'Teresa' }, level1ReferralCount: 2, level2ReferralCount: 1 });

    // Some reward history: three rewards, one paid payout, 600 points left to claim.
    const history = await t.gql<{
      me: {
        referralRewardsLogs: { edges: { node: { level: number; contribution: number; referral: { firstName: string } | null } }[] };
        payouts: { edges: { node: { status: string; referralRewards: number } }[] };
        payoutSummary: { availablePoints: number; claimedPayout: { amount: number } };
      };
    }>(
      '{ me { referralRewardsLogs(first: 10) { edges { node { level contribution referral { firstName } } } } payouts(first: 10) { edges { node { status referralRewards } } } payoutSummary { availablePoints claimedPayout { amount } } } }',
      {},
      { token },
    );
    expect(history.errors).toBeUndefined();
    const me = history.data!.me;
    expect(me.referralRewardsLogs.edges.map((e) => [e.node.level, e.node.contribution])).toEqual([[2, 100], [1, 400], [1, 600]]);
    expect(me.referralRewardsLogs.edges.every((e) => e.node.referral !== null)).toBe(true);
    expect(me.payouts.edges.map((e) => e.node)).toEqual([{ status: 'PAID', referralRewards: 500 }]);
    expect(me.payoutSummary).toEqual({ availablePoints: 600, claimedPayout: { amount: 475 } });
  }, 120_000);
});
