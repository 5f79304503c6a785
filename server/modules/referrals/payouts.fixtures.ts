// Test fixtures for payouts: points credited straight into the ledger (tests only; the accrual
// path has its own tests) and the claim mutation through the API.
import type { Customer } from '../checkout/checkout.fixtures';
import type { TestApi } from '../../testing/test-api';
import { referralRewards } from './referrals.tables';

let fakeOrderId = 9_000_000;

/** Credits `points` to the customer as one available (or held) reward from a made-up order. */
export async function creditPoints(t: TestApi, customer: Customer, points: number, options: { held?: boolean; availableAt?: Date | null } = {}) {
  fakeOrderId += 1;
  await t.db.insert(referralRewards).values({
    userId: customer.user.id,
    patronId: customer.user.id,
    orderId: fakeOrderId,
    level: 1,
    kind: 'EARNED',
    points,
    orderSubtotal: points * 20 * 100,
    rate: 500,
    availableAt: options.availableAt !== undefined ? options.availableAt : options.held ? new Date(Date.now() + 7 * 86_400_000) : new Date(Date.now() - 1000),
  });
}

export type ClaimResult = {
  claimPayout: {
    errors: { field: string | null; message: string }[];
    accountErrors: { field: string | null; message: string }[];
    payout: { status: string; type: string; referralRewards: number; transactionFee: { amount: number }; tax: { amount: number }; totalPayout: { amount: number }; phoneNumber: string | null; bankCode: string | null } | null;
    user: { referralRewards: number } | null;
  };
};

export const CLAIM = `mutation($type: PayoutType, $phone: String) { claimPayout(type: $type, phoneNumber: $phone) {
  errors { field message } accountErrors { field message }
  payout { status type referralRewards transactionFee { amount } tax { amount } totalPayout { amount } phoneNumber bankCode }
  user { referralRewards } } }`;

export async function claim(t: TestApi, customer: Customer | null, type: 'BANK' | 'GCASH' | null, phone?: string | null) {
  const result = await t.gql<ClaimResult>(CLAIM, { type, phone: phone ?? null }, customer ? { token: customer.token } : {});
  if (result.errors) throw new Error(result.errors[0]!.message);
  return result.data!.claimPayout;
}
