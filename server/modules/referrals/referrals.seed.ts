// Demo referral tree (DECISIONS.md "Demo shop"): the demo customer, whose own commissioner the
// accounts seed links, has two patrons of their own and one level 2 patron, so the dashboard's
// Total Patrons and the tree show something. Rewards come from real fulfilled orders only.
import type { Database } from '../../db/client';
import { getUser } from '../accounts/accounts.service';
import { linkCommissioner } from './referral-tree';

export async function seedReferrals(db: Database, ids: { customerId: number; reviewerIds: number[] }): Promise<void> {
  const [first, second, third] = ids.reviewerIds.slice(-3);
  if (first === undefined || second === undefined || third === undefined) return;
  const customer = await getUser(db, ids.customerId);
  const firstPatron = await getUser(db, first);
  if (!customer || !firstPatron) return;
  await linkCommissioner(db, first, customer.referralCode, { issueVoucher: true });
  await linkCommissioner(db, second, customer.referralCode, { issueVoucher: true });
  await linkCommissioner(db, third, firstPatron.referralCode, { issueVoucher: true });
}
