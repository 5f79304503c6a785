// The demo referral tree: the demo customer has a commissioner, two patrons and one level 2.
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
  it('gives the demo customer a commissioner, two level 1 patrons and one level 2', async () => {
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
  }, 120_000);
});
