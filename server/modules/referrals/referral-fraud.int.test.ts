// The fraud rules (docs/product/referrals.md#rewards) through real orders: rewards held through the refund window; no
// reward when the patron is the commissioner under another account (same phone, GCash number,
// bank account or saved card); a purchase held for staff review when more than 3 referred
// accounts buy from one IP or device within 30 days, then approved (available) or rejected (reversed).
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addresses, bankDetails, users } from '../accounts/accounts.tables';
import { staffPermissions } from '../system/staff-access.tables';
import { ADDRESS, createCustomer, createVariant, readyCheckout, seedZones, type Customer } from '../checkout/checkout.fixtures';
import { completeCheckout } from '../checkout/place-order.service';
import { applyOrderEvent } from '../orders/order-transitions.service';
import { payments } from '../payments/payments.tables';
import { savedCards } from '../payments/saved-cards.tables';
import { createTestApi, type TestApi } from '../../testing/test-api';
import { creditPoints, claim } from './payouts.fixtures';
import { pointsBalance } from './payouts.service';
import { listFlaggedPurchases } from './referral-fraud.service';
import { updateReferralSettings } from './referral-settings.service';
import { linkCommissioner } from '../accounts/commissioner-link.service';
import { reverseOrderRewards, reviewReferralFlag } from './referrals.service';
import { purchaseOrigins, referralFlags, referralRewards } from './referrals.tables';

let t: TestApi;
let staff: Customer;

beforeAll(async () => {
  t = await createTestApi();
  await seedZones(t.db);
  staff = await createCustomer(t);
  await t.db.update(users).set({ isStaff: true }).where(eq(users.id, staff.user.id));
  await t.db.insert(staffPermissions).values({ userId: staff.user.id, permission: 'MANAGE_PAYOUTS' });
  staff = { ...staff, ctx: t.serviceContext({ ...staff.user, isStaff: true }) };
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  await updateReferralSettings(t.db, { holdDays: 7 });
});

async function family(): Promise<{ grandma: Customer; mom: Customer; kid: Customer }> {
  const [grandma, mom, kid] = [await createCustomer(t), await createCustomer(t), await createCustomer(t)];
  const codeOf = async (c: Customer) => (await t.db.select({ code: users.referralCode }).from(users).where(eq(users.id, c.user.id)))[0]!.code;
  await linkCommissioner(t.db, mom.user.id, await codeOf(grandma), { issueVoucher: false });
  await linkCommissioner(t.db, kid.user.id, await codeOf(mom), { issueVoucher: false });
  return { grandma, mom, kid };
}

/** A ₱2,000 order, paid in full and fulfilled; placed from this IP and device. */
async function fulfilledOrder(buyer: Customer, origin: { ip?: string; device?: string } = {}) {
  const variantId = await createVariant(t.db, { price: 2_000_00, stock: 5 });
  const checkoutId = await readyCheckout(buyer, [{ variantId, quantity: 1 }]);
  const { order } = await completeCheckout({ ...buyer.ctx, clientIp: origin.ip ?? null, deviceId: origin.device ?? null }, checkoutId);
  await t.db.update(payments).set({ chargeStatus: 'FULLY_CHARGED' }).where(eq(payments.orderId, order.id));
  await applyOrderEvent(staff.ctx, order.id, 'confirm', 'staff');
  await applyOrderEvent(staff.ctx, order.id, 'fulfil', 'staff');
  return order;
}

const rewardsOf = (orderId: number) => t.db.select().from(referralRewards).where(eq(referralRewards.orderId, orderId));
const flagsOf = (orderId: number) => t.db.select().from(referralFlags).where(eq(referralFlags.orderId, orderId));

describe('holding rewards until the order can no longer be refunded', () => {
  it('holds the points for the refund window, then they become claimable', async () => {
    const { grandma, mom, kid } = await family();
    const order = await fulfilledOrder(kid);
    // ₱2,000: mom 5% = 100, grandma 2% = 40; both held for 7 days.
    expect(await pointsBalance(t.db, mom.user.id)).toEqual({ available: 0, held: 100 });
    expect(await pointsBalance(t.db, grandma.user.id)).toEqual({ available: 0, held: 40 });
    const [reward] = await rewardsOf(order.id);
    const days = (reward!.availableAt!.getTime() - reward!.createdAt.getTime()) / 86_400_000;
    expect(days).toBeCloseTo(7, 2);
    // Eight days later (the window moved into the past):
    expect(await pointsBalance(t.db, mom.user.id, new Date(Date.now() + 8 * 86_400_000))).toEqual({ available: 100, held: 0 });
  });

  it('a held reward reversed by a refund never reaches the claimable balance', async () => {
    const { mom, kid } = await family();
    const order = await fulfilledOrder(kid);
    await t.db.transaction((tx) => reverseOrderRewards({ ...staff.ctx, db: tx }, order.id));
    expect(await pointsBalance(t.db, mom.user.id)).toEqual({ available: 0, held: 0 });
    expect(await pointsBalance(t.db, mom.user.id, new Date(Date.now() + 8 * 86_400_000))).toEqual({ available: 0, held: 0 });
  });
});

describe('the patron is the commissioner under another account', () => {
  it('same phone on saved addresses: the parent gets nothing (flagged), the grandparent still earns', async () => {
    const { grandma, mom, kid } = await family();
    for (const c of [mom, kid]) await t.db.insert(addresses).values({ ...ADDRESS, userId: c.user.id, phone: '+639175550001' });
    const order = await fulfilledOrder(kid);
    const rewards = await rewardsOf(order.id);
    expect(rewards.map((r) => [r.userId, r.points])).toEqual([[grandma.user.id, 40]]);
    expect(await flagsOf(order.id)).toMatchObject([{ reason: 'SAME_PERSON_PHONE', commissionerId: mom.user.id, patronId: kid.user.id, detail: '+639•••001' }]);
  });

  it('same bank account saved: no reward', async () => {
    const { mom, kid } = await family();
    for (const c of [mom, kid]) await t.db.insert(bankDetails).values({ userId: c.user.id, bankCode: 'BDO', accountName: 'X', accountNumber: '00112233' });
    const order = await fulfilledOrder(kid);
    expect((await rewardsOf(order.id)).map((r) => r.userId)).not.toContain(mom.user.id);
    expect((await flagsOf(order.id)).map((f) => f.reason)).toEqual(['SAME_PERSON_BANK']);
  });

  it('same GCash number on payouts: no reward', async () => {
    const { mom, kid } = await family();
    for (const c of [mom, kid]) {
      await creditPoints(t, c, 500);
      expect((await claim(t, c, 'GCASH', '+639175550002')).errors).toEqual([]);
    }
    const order = await fulfilledOrder(kid);
    expect((await rewardsOf(order.id)).map((r) => r.userId)).not.toContain(mom.user.id);
    expect((await flagsOf(order.id)).map((f) => f.reason)).toEqual(['SAME_PERSON_GCASH']);
  });

  it('same saved card (verified, same brand and last 4 digits): the reward is withheld and flagged', async () => {
    const { grandma, mom, kid } = await family();
    const card = (userId: number, last4: string, state: 'VERIFIED' | 'PENDING' = 'VERIFIED') => ({
      userId, customerId: `cus-${userId}`, cardTokenId: `tok-${userId}-${last4}-${state}`, brand: 'VISA', last4, state,
    });
    await t.db.insert(savedCards).values([card(mom.user.id, '4242'), card(kid.user.id, '1111'), card(kid.user.id, '4242')]);
    const order = await fulfilledOrder(kid);
    expect((await rewardsOf(order.id)).map((r) => [r.userId, r.points])).toEqual([[grandma.user.id, 40]]);
    expect(await flagsOf(order.id)).toMatchObject([{ reason: 'SAME_PERSON_CARD', commissionerId: mom.user.id, patronId: kid.user.id, detail: 'VISA ••••4242' }]);
    expect(await pointsBalance(t.db, mom.user.id, new Date(Date.now() + 8 * 86_400_000))).toEqual({ available: 0, held: 0 });
  });

  it('a card only typed in (not verified) or another brand with the same digits does not count', async () => {
    const { mom, kid } = await family();
    await t.db.insert(savedCards).values([
      { userId: mom.user.id, customerId: 'cus-a', cardTokenId: `tok-a-${mom.user.id}`, brand: 'VISA', last4: '5555', state: 'VERIFIED' },
      { userId: kid.user.id, customerId: 'cus-b', cardTokenId: `tok-b-${kid.user.id}`, brand: 'VISA', last4: '5555', state: 'PENDING' },
      { userId: kid.user.id, customerId: 'cus-b', cardTokenId: `tok-c-${kid.user.id}`, brand: 'MASTERCARD', last4: '5555', state: 'VERIFIED' },
    ]);
    const order = await fulfilledOrder(kid);
    expect((await rewardsOf(order.id)).map((r) => r.userId)).toContain(mom.user.id);
    expect(await flagsOf(order.id)).toEqual([]);
  });

  it('different people: rewards and no flag', async () => {
    const { mom, kid } = await family();
    await t.db.insert(addresses).values({ ...ADDRESS, userId: mom.user.id, phone: '+639175550003' });
    await t.db.insert(addresses).values({ ...ADDRESS, userId: kid.user.id, phone: '+639175550004' });
    const order = await fulfilledOrder(kid);
    expect((await rewardsOf(order.id)).map((r) => r.userId)).toContain(mom.user.id);
    expect(await flagsOf(order.id)).toEqual([]);
  });
});

describe('more than 3 referred accounts buying from one IP or device within 30 days', () => {
  it('records where each order came from; the 4th referred buyer from one IP is held for review; approve releases', async () => {
    const ip = '203.0.113.77';
    const orders = [];
    let lastMom: Customer | null = null;
    for (let i = 0; i < 4; i++) {
      const { mom, kid } = await family();
      lastMom = mom;
      orders.push(await fulfilledOrder(kid, { ip }));
    }
    const [origin] = await t.db.select().from(purchaseOrigins).where(eq(purchaseOrigins.orderId, orders[0]!.id));
    expect(origin).toMatchObject({ ip, deviceId: null });
    for (const o of orders.slice(0, 3)) expect(await flagsOf(o.id)).toEqual([]);
    const last = orders[3]!;
    const [flag] = await flagsOf(last.id);
    expect(flag).toMatchObject({ reason: 'SHARED_IP', detail: ip, commissionerId: null, decision: null });
    expect((await rewardsOf(last.id)).every((r) => r.availableAt === null)).toBe(true);
    expect(await pointsBalance(t.db, lastMom!.user.id, new Date(Date.now() + 8 * 86_400_000))).toEqual({ available: 0, held: 100 });

    const open = await listFlaggedPurchases(staff.ctx, { open: true });
    expect(open.rows.map((f) => f.id)).toContain(flag!.id);
    await expect(listFlaggedPurchases(lastMom!.ctx)).rejects.toThrow('You do not have permission to perform this action.');

    const decided = await reviewReferralFlag(staff.ctx, flag!.id, 'APPROVED');
    expect(decided).toMatchObject({ decision: 'APPROVED', decidedBy: staff.user.id });
    await expect(reviewReferralFlag(staff.ctx, flag!.id, 'REJECTED')).rejects.toThrow('This purchase was already reviewed.');
    // Released, still through the refund window.
    expect(await pointsBalance(t.db, lastMom!.user.id)).toEqual({ available: 0, held: 100 });
    expect(await pointsBalance(t.db, lastMom!.user.id, new Date(Date.now() + 8 * 86_400_000))).toEqual({ available: 100, held: 0 });
  });

  it('the same on one device, with accounts from different IPs; rejecting reverses the rewards', async () => {
    const device = `device-${Math.random().toString(36).slice(2)}`;
    const orders = [];
    for (let i = 0; i < 4; i++) {
      const { kid } = await family();
      orders.push(await fulfilledOrder(kid, { ip: `198.51.100.${i + 1}`, device }));
    }
    const [flag] = await flagsOf(orders[3]!.id);
    expect(flag).toMatchObject({ reason: 'SHARED_DEVICE', detail: device });
    await reviewReferralFlag(staff.ctx, flag!.id, 'REJECTED');
    const rewards = await rewardsOf(orders[3]!.id);
    expect(rewards.map((r) => [r.kind, r.points]).sort()).toEqual([['EARNED', 100], ['EARNED', 40], ['REVERSED', -100], ['REVERSED', -40]].sort());
    expect(await t.db.select().from(referralRewards).where(and(eq(referralRewards.orderId, orders[3]!.id), isNull(referralRewards.availableAt)))).toHaveLength(4);
  });

  it('a buyer without a commissioner does not count, and orders older than 30 days do not count', async () => {
    const ip = '192.0.2.55';
    // Three referred buyers long ago, one unreferred buyer now, then one referred buyer now.
    for (let i = 0; i < 3; i++) {
      const { kid } = await family();
      const old = await fulfilledOrder(kid, { ip });
      await t.db.update(purchaseOrigins).set({ createdAt: new Date(Date.now() - 31 * 86_400_000) }).where(eq(purchaseOrigins.orderId, old.id));
    }
    await fulfilledOrder(await createCustomer(t), { ip });
    const { kid } = await family();
    expect(await flagsOf((await fulfilledOrder(kid, { ip })).id)).toEqual([]);
  });
});
