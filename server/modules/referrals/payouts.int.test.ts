// Payouts through the API and the staff services on a real database: the 500-point minimum,
// fee and tax, GCash and bank destinations, paging and the summary, two claims at once, and
// staff moving requests (who and when recorded; a rejection returns the points; CSV).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYOUT_MESSAGES } from '../../../common/validation/payout';
import { bankDetails, users } from '../accounts/accounts.tables';
import { staffPermissions } from '../system/staff-access.tables';
import { createCustomer, type Customer } from '../checkout/checkout.fixtures';
import { createTestApi, type TestApi } from '../../testing/test-api';
import { claim, creditPoints } from './payouts.fixtures';
import { exportPayoutsCsv, listPayoutQueue, markPayoutPaid, markPayoutProcessing, rejectPayout } from './payouts-staff.service';
import { payoutAmounts } from './payouts.service';
import { updateReferralSettings } from './referral-settings.service';
import { payouts } from './referrals.tables';

let t: TestApi;
let staff: Customer;

beforeAll(async () => {
  t = await createTestApi();
  staff = await createCustomer(t);
  await t.db.update(users).set({ isStaff: true }).where(eq(users.id, staff.user.id));
  await t.db.insert(staffPermissions).values({ userId: staff.user.id, permission: 'MANAGE_PAYOUTS' });
  staff = { ...staff, ctx: t.serviceContext({ ...staff.user, isStaff: true }) };
});
afterAll(async () => {
  await t?.close();
});

const SUMMARY = `query($first: Int, $after: String) { me {
  referralRewards totalPendingPayout { amount } totalClaimedPayout { amount }
  payoutSummary { availablePoints heldPoints heldPointsNextFreeAt pointsUnderReview pendingPayout { amount } claimedPayout { amount } minimumPoints transactionFee { amount } taxRate }
  payouts(first: $first, after: $after) { totalCount pageInfo { hasNextPage endCursor } edges { node { status referralRewards totalPayout { amount } } } }
} }`;
type Summary = {
  me: {
    referralRewards: number;
    totalPendingPayout: { amount: number };
    totalClaimedPayout: { amount: number };
    payoutSummary: { availablePoints: number; heldPoints: number; heldPointsNextFreeAt: string | null; pointsUnderReview: number; pendingPayout: { amount: number }; claimedPayout: { amount: number }; minimumPoints: number; transactionFee: { amount: number }; taxRate: number };
    payouts: { totalCount: number; pageInfo: { hasNextPage: boolean; endCursor: string | null }; edges: { node: { status: string; referralRewards: number; totalPayout: { amount: number } } }[] };
  };
};
async function summary(customer: Customer, variables: Record<string, unknown> = { first: 50 }) {
  const result = await t.gql<Summary>(SUMMARY, variables, { token: customer.token });
  expect(result.errors).toBeUndefined();
  return result.data!.me;
}

describe('payoutSummary', () => {
  it('says when held points free up, and which wait for review with no date', async () => {
    const c = await createCustomer(t);
    expect((await summary(c)).payoutSummary).toMatchObject({ heldPoints: 0, heldPointsNextFreeAt: null, pointsUnderReview: 0 });
    const soon = new Date(Date.now() + 3 * 86_400_000);
    await creditPoints(t, c, 120, { availableAt: new Date(Date.now() + 6 * 86_400_000) });
    await creditPoints(t, c, 80, { availableAt: soon });
    await creditPoints(t, c, 40, { availableAt: null });
    const summed = (await summary(c)).payoutSummary;
    expect(summed).toMatchObject({ heldPoints: 240, pointsUnderReview: 40 });
    expect(new Date(summed.heldPointsNextFreeAt!).getTime()).toBe(soon.getTime());
  });
});

describe('claimPayout', () => {
  it('needs 500 available points: held points and fewer do not count', async () => {
    const c = await createCustomer(t);
    await creditPoints(t, c, 499);
    await creditPoints(t, c, 300, { held: true });
    const refused = await claim(t, c, 'GCASH', '+639171234567');
    expect(refused).toMatchObject({ errors: [{ field: null, message: PAYOUT_MESSAGES.minimum }], payout: null });
    expect(refused.accountErrors).toEqual(refused.errors);
    expect((await summary(c)).payoutSummary).toMatchObject({ availablePoints: 499, heldPoints: 300, minimumPoints: 500, transactionFee: { amount: 25 } });
    expect(await claim(t, null, 'GCASH', '+639171234567')).toMatchObject({ errors: [{ message: 'Please signup/login to continue.' }] });
  });

  it('GCASH: a +63 number with 10 digits; the whole balance less the ₱25 fee', async () => {
    const c = await createCustomer(t);
    await creditPoints(t, c, 400);
    await creditPoints(t, c, 212);
    // '0917123456' and '+630917123456': what a 10-character field leaves of 09171234567.
    for (const bad of [null, '', '+6391712345', '+63917123456a', '12345', '0917123456', '+630917123456']) {
      expect((await claim(t, c, 'GCASH', bad)).errors).toEqual([{ field: 'phoneNumber', message: PAYOUT_MESSAGES.phone }]);
    }
    const ok = await claim(t, c, 'GCASH', '0917 123 4567');
    // The shop's withholding rate defaults to 0% until staff set it (ADR 051): 612.00 - 25.00.
    expect(ok).toMatchObject({
      errors: [],
      payout: { status: 'PENDING', type: 'GCASH', referralRewards: 612, transactionFee: { amount: 25 }, tax: { amount: 0 }, totalPayout: { amount: 587 }, phoneNumber: '+639171234567' },
      user: { referralRewards: 0 },
    });
    // Nothing left to claim.
    expect((await claim(t, c, 'GCASH', '+639171234567')).errors[0]!.message).toBe(PAYOUT_MESSAGES.minimum);
    const s = await summary(c);
    expect(s).toMatchObject({ referralRewards: 0, totalPendingPayout: { amount: 587 }, totalClaimedPayout: { amount: 0 } });
    expect(s.payouts.edges.map((e) => e.node)).toEqual([{ status: 'PENDING', referralRewards: 612, totalPayout: { amount: 587 } }]);
  });

  it('BANK: needs saved bank details, copied onto the request; tax at the configured rate', async () => {
    const c = await createCustomer(t);
    await creditPoints(t, c, 1_000);
    expect((await claim(t, c, 'BANK')).errors).toEqual([{ field: 'type', message: PAYOUT_MESSAGES.bankDetails }]);
    await t.db.insert(bankDetails).values({ userId: c.user.id, bankCode: 'BPI', accountName: 'Ana Cruz', accountNumber: '0012345678' });
    await updateReferralSettings(t.db, { payoutTaxRate: 1_200 }); // 12%
    try {
      // The type defaults to BANK (docs/product/referrals.md#payouts).
      const ok = await claim(t, c, null);
      expect(ok).toMatchObject({ errors: [], payout: { type: 'BANK', bankCode: 'BPI', referralRewards: 1000, tax: { amount: 120 }, totalPayout: { amount: 855 } } });
      await t.db.update(bankDetails).set({ accountNumber: '999' }).where(eq(bankDetails.userId, c.user.id));
      const [row] = await t.db.select().from(payouts).where(eq(payouts.userId, c.user.id));
      expect(row).toMatchObject({ accountNumber: '0012345678', accountName: 'Ana Cruz' });
      expect((await summary(c)).payoutSummary.taxRate).toBe(12);
    } finally {
      await updateReferralSettings(t.db, { payoutTaxRate: 0 });
    }
    // 537.00 x 2.5% = 13.425, rounded half up to the centavo.
    expect(payoutAmounts(537, 250)).toEqual({ transactionFee: 2_500, tax: 1_343, taxRate: 250, totalPayout: 53_700 - 2_500 - 1_343 });
  });

  it('two claims at the same moment: one wins, the balance is claimed once', async () => {
    const c = await createCustomer(t);
    await creditPoints(t, c, 800);
    const results = await Promise.all([claim(t, c, 'GCASH', '+639171234567'), claim(t, c, 'GCASH', '+639171234567')]);
    expect(results.filter((r) => r.errors.length === 0)).toHaveLength(1);
    expect(results.filter((r) => r.errors[0]?.message === PAYOUT_MESSAGES.minimum)).toHaveLength(1);
    expect(await t.db.select().from(payouts).where(eq(payouts.userId, c.user.id))).toHaveLength(1);
  });

  it('pages the history newest first', async () => {
    const c = await createCustomer(t);
    for (const points of [500, 600, 700]) {
      await creditPoints(t, c, points);
      expect((await claim(t, c, 'GCASH', '+639171234567')).errors).toEqual([]);
    }
    const first = await summary(c, { first: 2 });
    expect(first.payouts).toMatchObject({ totalCount: 3, pageInfo: { hasNextPage: true } });
    expect(first.payouts.edges.map((e) => e.node.referralRewards)).toEqual([700, 600]);
    const second = await summary(c, { first: 2, after: first.payouts.pageInfo.endCursor });
    expect(second.payouts.edges.map((e) => e.node.referralRewards)).toEqual([500]);
    expect(second.payouts.pageInfo.hasNextPage).toBe(false);
  });
});

describe('staff payout operations', () => {
  it('PENDING -> PROCESSING -> PAID with who and when; REJECTED returns the points; wrong moves refused', async () => {
    const c = await createCustomer(t);
    await creditPoints(t, c, 900);
    const claimed = await claim(t, c, 'GCASH', '+639181112222');
    expect(claimed.errors).toEqual([]);
    const [request] = await t.db.select().from(payouts).where(eq(payouts.userId, c.user.id));
    const ctx = staff.ctx;

    await expect(markPayoutProcessing(c.ctx, request!.id)).rejects.toThrow('You do not have permission to perform this action.');
    await expect(markPayoutPaid(ctx, request!.id, 'GC-1')).rejects.toThrow('A PENDING payout cannot become PAID.');
    expect((await listPayoutQueue(ctx)).rows.map((p) => p.id)).toContain(request!.id);

    const processing = await markPayoutProcessing(ctx, request!.id);
    expect(processing).toMatchObject({ status: 'PROCESSING', processingBy: staff.user.id });
    expect(processing.processingAt).toBeInstanceOf(Date);
    const csv = await exportPayoutsCsv(ctx);
    expect(csv.split('\n')[0]).toBe('Payout ID,Requested,Type,Status,Bank code,Bank,Account name,Account number,GCash number,Points,Fee,Tax,Amount,Reference');
    expect(csv).toContain(`${request!.id},`);
    // 900.00 less the 25.00 fee (the shop's rate defaults to 0%).
    expect(csv).toContain(',GCASH,PROCESSING,,,,,+639181112222,900,25.00,0.00,875.00,');

    await expect(markPayoutPaid(ctx, request!.id, '  ')).rejects.toThrow('Please enter the transfer reference.');
    const paid = await markPayoutPaid(ctx, request!.id, 'GC-REF-42');
    expect(paid).toMatchObject({ status: 'PAID', paidBy: staff.user.id, reference: 'GC-REF-42' });
    await expect(rejectPayout(ctx, request!.id, 'late')).rejects.toThrow('A PAID payout cannot become REJECTED.');
    expect(await summary(c)).toMatchObject({ referralRewards: 0, totalPendingPayout: { amount: 0 }, totalClaimedPayout: { amount: 875 } });

    // A second request, rejected: its points are claimable again.
    await creditPoints(t, c, 650);
    expect((await claim(t, c, 'GCASH', '+639181112222')).errors).toEqual([]);
    const queue = await listPayoutQueue(ctx, { statuses: ['PENDING'] });
    const second = queue.rows.find((p) => p.userId === c.user.id)!;
    const rejected = await rejectPayout(ctx, second.id, 'Number not registered with GCash');
    expect(rejected).toMatchObject({ status: 'REJECTED', rejectedBy: staff.user.id, rejectReason: 'Number not registered with GCash' });
    expect(await summary(c)).toMatchObject({ referralRewards: 650, totalPendingPayout: { amount: 0 } });
    await expect(markPayoutProcessing(ctx, 987_654)).rejects.toThrow('Payout not found.');
  });
});
