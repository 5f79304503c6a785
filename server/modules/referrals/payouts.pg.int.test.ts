// Two (and more) payout claims at the same moment on PostgreSQL, where they really run on
// separate connections at once: exactly one wins and the balance is claimed once.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYOUT_MESSAGES } from '../../../common/validation/payout';
import { createCustomer } from '../checkout/checkout.fixtures';
import { createTestApi, type TestApi } from '../../testing/test-api';
import { claim, creditPoints } from './payouts.fixtures';
import { payouts } from './referrals.tables';

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(async () => {
  await t?.close();
});

describe('concurrent payout claims on PostgreSQL', () => {
  it('eight claims of one balance at once: one payout, seven refusals', async () => {
    const c = await createCustomer(t);
    await creditPoints(t, c, 1_250);
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => claim(t, c, 'GCASH', `+63917000000${i}`)));
    expect(results.filter((r) => r.errors.length === 0)).toHaveLength(1);
    expect(results.filter((r) => r.errors[0]?.message === PAYOUT_MESSAGES.minimum)).toHaveLength(7);
    const rows = await t.db.select().from(payouts).where(eq(payouts.userId, c.user.id));
    expect(rows.map((r) => r.points)).toEqual([1_250]);
  });

  it('claims of different users do not wait on each other and each gets their own balance', async () => {
    const [a, b] = [await createCustomer(t), await createCustomer(t)];
    await creditPoints(t, a, 500);
    await creditPoints(t, b, 700);
    const [ra, rb] = await Promise.all([claim(t, a, 'GCASH', '+639170000001'), claim(t, b, 'GCASH', '+639170000002')]);
    expect([ra.payout?.referralRewards, rb.payout?.referralRewards]).toEqual([500, 700]);
  });
});
