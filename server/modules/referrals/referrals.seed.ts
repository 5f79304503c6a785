// Demo referral tree (docs/product/README.md#demo-shop): the demo customer, whose own commissioner the
// accounts seed links, has two patrons of their own and one level 2 patron, so the dashboard's
// Total Patrons and the tree show something; and some reward history (three rewards and one
// paid GCash payout) so /account/referrals and /account/payouts are not empty, with enough
// points left (600) to try a payout request.
import type { Database } from '../../db/client';
import { getUser } from '../accounts/accounts.service';
import { payoutAmounts } from './payouts.service';
import { linkCommissioner } from '../accounts/commissioner-link.service';
import { payouts, referralRewards } from './referrals.tables';

const DAY = 86_400_000;

export async function seedReferrals(db: Database, ids: { customerId: number; reviewerIds: number[] }): Promise<void> {
  const [first, second, third] = ids.reviewerIds.slice(-3);
  if (first === undefined || second === undefined || third === undefined) return;
  const customer = await getUser(db, ids.customerId);
  const firstPatron = await getUser(db, first);
  if (!customer || !firstPatron) return;
  await linkCommissioner(db, first, customer.referralCode, { issueVoucher: true });
  await linkCommissioner(db, second, customer.referralCode, { issueVoucher: true });
  await linkCommissioner(db, third, firstPatron.referralCode, { issueVoucher: true });

  // The patrons' demo purchases are not in the orders table: negative order ids, which no real
  // order has, keep these entries clear of the ledger's once-per-order key.
  const now = Date.now();
  const reward = (orderId: number, patronId: number, level: 1 | 2, subtotalPesos: number, daysAgo: number) => {
    const rate = level === 1 ? 500 : 200;
    const at = new Date(now - daysAgo * DAY);
    return {
      userId: customer.id,
      patronId,
      orderId,
      level,
      kind: 'EARNED' as const,
      points: Math.floor((subtotalPesos * rate) / 10_000),
      orderSubtotal: subtotalPesos * 100,
      rate,
      createdAt: at,
      availableAt: new Date(at.getTime() + 7 * DAY),
    };
  };
  await db.insert(referralRewards).values([
    reward(-1, first, 1, 12_000, 60), // 600 points
    reward(-2, second, 1, 8_000, 40), // 400 points
    reward(-3, third, 2, 5_000, 20), // 100 points
  ]);
  // 500 of the 1,100 points were paid out to GCash a month ago.
  const requested = new Date(now - 30 * DAY);
  await db.insert(payouts).values({
    userId: customer.id,
    type: 'GCASH',
    status: 'PAID',
    points: 500,
    ...payoutAmounts(500, 0),
    phoneNumber: '+639171234567',
    createdAt: requested,
    processingAt: new Date(requested.getTime() + DAY),
    paidAt: new Date(requested.getTime() + 2 * DAY),
    reference: 'GC-DEMO-0001',
  });
}
