// The Commissioner programme through the API on a real database: a three-generation family
// links with useReferralCode, buys, and staff fulfil the orders through the order state
// machine; points, logs, balances and counts are checked against hand-computed values.
import { encodeGlobalID } from '@pothos/plugin-relay';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '../../../common/validation/account';
import { users, userVouchers } from '../accounts/accounts.tables';
import { signSessionToken } from '../accounts/session';
import { createCustomer, createVariant, readyCheckout, seedZones, type Customer } from '../checkout/checkout.fixtures';
import { completeCheckout } from '../checkout/place-order.service';
import { applyOrderEvent } from '../orders/order-transitions.service';
import { orders } from '../orders/orders.tables';
import { payments } from '../payments/payments.tables';
import { createTestApi, type TestApi } from '../../testing/test-api';
import { accrueOrderRewards, reverseOrderRewards, rewardPoints } from './referrals.service';
import { decodePDFRawStream, PDFDocument, PDFRawStream } from 'pdf-lib';
import { updateReferralSettings } from './referral-settings.service';
import { qrDataUrl, referralCardPdf } from './referral-share';
import { referralRewards } from './referrals.tables';

let t: TestApi;
let staff: Customer;

beforeAll(async () => {
  t = await createTestApi();
  await seedZones(t.db);
  const s = await createCustomer(t);
  staff = { ...s, ctx: t.serviceContext({ ...s.user, isStaff: true }) };
});
afterAll(async () => {
  await t?.close();
});

type Errors = { field: string | null; message: string }[];
type UseCode = {
  useReferralCode: { response: string | null; voucherCode: string | null; user: { parent: { referralCode: string } | null } | null; errors: Errors };
};
const USE_CODE = `mutation($code: String) { useReferralCode(referralCode: $code) {
  response voucherCode user { parent { referralCode } } errors { field message } } }`;

async function codeOf(customer: Customer): Promise<string> {
  const [row] = await t.db.select({ code: users.referralCode }).from(users).where(eq(users.id, customer.user.id));
  return row!.code;
}

async function useCode(customer: Customer | null, code: string | null) {
  const result = await t.gql<UseCode>(USE_CODE, { code }, customer ? { token: customer.token } : {});
  expect(result.errors).toBeUndefined();
  return result.data!.useReferralCode;
}

async function adopt(child: Customer, parent: Customer) {
  const result = await useCode(child, await codeOf(parent));
  expect(result.errors).toEqual([]);
}

/** Places an order of `quantity` × `price` centavos and fulfils it; `paid` settles its payment first. */
async function fulfilledOrder(buyer: Customer, price: number, quantity: number, payment: 'CHARGED' | 'COD' | 'UNPAID') {
  const variantId = await createVariant(t.db, { price, stock: 10 });
  const checkoutId = await readyCheckout(buyer, [{ variantId, quantity }], {
    gateway: payment === 'COD' ? 'Cash on Delivery' : 'Bank Deposit',
    delivery: payment === 'COD',
  });
  const { order } = await completeCheckout(buyer.ctx, checkoutId);
  // No gateway of the sandbox settles a charge yet: the payments row stands in for one.
  if (payment === 'CHARGED') await t.db.update(payments).set({ chargeStatus: 'FULLY_CHARGED' }).where(eq(payments.orderId, order.id));
  await applyOrderEvent(staff.ctx, order.id, 'confirm', 'staff');
  await applyOrderEvent(staff.ctx, order.id, 'fulfil', 'staff', { changes: { trackingNumber: 'LBC-1' } });
  return order;
}

const ME = `query($first: Int, $after: String) { me {
  referralRewards level1ReferralCount level2ReferralCount
  totalPendingPayout { amount } totalClaimedPayout { amount }
  referrals(first: 10) { totalCount edges { node { firstName level referralRewards referralsCount
    referrals { firstName level referralRewards referralsCount referrals { firstName } } } } }
  referralRewardsLogs(first: $first, after: $after) { totalCount pageInfo { hasNextPage endCursor }
    edges { node { level contribution date referral { firstName level } } } }
} }`;
type Node = { firstName: string; level: number; referralRewards: number; referralsCount: number; referrals: Node[] };
type Me = {
  me: {
    referralRewards: number;
    level1ReferralCount: number;
    level2ReferralCount: number;
    totalPendingPayout: { amount: number };
    totalClaimedPayout: { amount: number };
    referrals: { totalCount: number; edges: { node: Node }[] };
    referralRewardsLogs: {
      totalCount: number;
      pageInfo: { hasNextPage: boolean; endCursor: string | null };
      edges: { node: { level: number; contribution: number; date: string; referral: { firstName: string; level: number } | null } }[];
    };
  };
};

async function me(customer: Customer, variables: Record<string, unknown> = { first: 20 }) {
  const result = await t.gql<Me>(ME, variables, { token: customer.token });
  expect(result.errors).toBeUndefined();
  return result.data!.me;
}

async function named(name: string): Promise<Customer> {
  const customer = await createCustomer(t);
  await t.db.update(users).set({ firstName: name }).where(eq(users.id, customer.user.id));
  return customer;
}

describe('useReferralCode', () => {
  it('links the commissioner once, gives the ₱100 voucher, and matches codes case-insensitively', async () => {
    const parent = await named('Parent');
    const child = await named('Child');
    const result = await useCode(child, (await codeOf(parent)).toLowerCase());
    expect(result).toMatchObject({ errors: [], response: 'Commissioner linked', user: { parent: { referralCode: await codeOf(parent) } } });
    const [voucher] = await t.db.select().from(userVouchers).where(eq(userVouchers.userId, child.user.id));
    expect(voucher).toMatchObject({ code: result.voucherCode, amount: 100_00, used: false });
  });

  it('refuses an empty code, an unknown one, one\'s own, a descendant\'s, a second parent and visitors', async () => {
    const [g, m, k, stranger] = [await named('G'), await named('M'), await named('K'), await named('S')];
    await adopt(m, g);
    await adopt(k, m);
    const invalid = [{ field: 'referralCode', message: ACCOUNT_MESSAGES.referralCodeInvalid }];

    expect((await useCode(g, '  ')).errors).toEqual([{ field: 'referralCode', message: 'Please input a referral code.' }]);
    expect((await useCode(g, null)).errors).toEqual([{ field: 'referralCode', message: 'Please input a referral code.' }]);
    expect(await useCode(stranger, 'ZZZZZZZZZ')).toMatchObject({ errors: invalid, user: null, voucherCode: null });
    expect((await useCode(stranger, await codeOf(stranger))).errors).toEqual(invalid);
    // A cycle: the grandparent may adopt neither their child nor their grandchild.
    expect((await useCode(g, await codeOf(m))).errors).toEqual(invalid);
    expect((await useCode(g, await codeOf(k))).errors).toEqual(invalid);
    // A second parent: the first stays.
    expect((await useCode(k, await codeOf(stranger))).errors).toEqual(invalid);
    expect((await useCode(null, await codeOf(g))).errors).toEqual([{ field: null, message: 'Please signup/login to continue.' }]);

    const parents = await t.db.select({ id: users.id, parentId: users.parentId }).from(users);
    const parentOf = new Map(parents.map((r) => [r.id, r.parentId]));
    expect([g, m, k, stranger].map((c) => parentOf.get(c.user.id))).toEqual([null, g.user.id, m.user.id, null]);
    expect(await t.db.select().from(userVouchers).where(eq(userVouchers.userId, stranger.user.id))).toEqual([]);
  });

  it('two users adopting each other at the same moment: at most one link, never a cycle', async () => {
    const [a, b] = [await named('A'), await named('B')];
    const [codeA, codeB] = [await codeOf(a), await codeOf(b)];
    const results = await Promise.all([useCode(a, codeB), useCode(b, codeA)]);
    expect(results.filter((r) => r.errors.length === 0)).toHaveLength(1);
    const [rowA] = await t.db.select().from(users).where(eq(users.id, a.user.id));
    const [rowB] = await t.db.select().from(users).where(eq(users.id, b.user.id));
    expect(rowA!.parentId === b.user.id && rowB!.parentId === a.user.id).toBe(false);
  });
});

describe('sharing', () => {
  it('referralDiscount for everyone; referralRegistrationLink for a verified user only', async () => {
    const verified = await named('Sharer');
    const unverified = await createCustomer(t, { verified: false });
    const QUERY = '{ referralDiscount referralRegistrationLink }';
    type Sharing = { referralDiscount: string; referralRegistrationLink: string | null };
    const own = await t.gql<Sharing>(QUERY, {}, { token: verified.token });
    expect(own.data).toEqual({
      referralDiscount: '₱100.00 discount on your first purchase',
      referralRegistrationLink: `${t.config.publicUrl}/?signup_token=${await codeOf(verified)}`,
    });
    expect((await t.gql<Sharing>(QUERY, {}, { token: unverified.token })).data!.referralRegistrationLink).toBeNull();
    expect((await t.gql<Sharing>(QUERY)).data).toEqual({ referralDiscount: '₱100.00 discount on your first purchase', referralRegistrationLink: null });
  });

  it('me.referralQrCode is a PNG QR of the share link, for verified users only; the PDF card holds code and link', async () => {
    const verified = await named('Sharer');
    const unverified = await createCustomer(t, { verified: false });
    const QR = '{ me { referralQrCode { url alt } } }';
    type Qr = { me: { referralQrCode: { url: string; alt: string } | null } };
    const link = `${t.config.publicUrl}/?signup_token=${await codeOf(verified)}`;
    const own = (await t.gql<Qr>(QR, {}, { token: verified.token })).data!.me.referralQrCode;
    expect(own).toEqual({ url: await qrDataUrl(link, 0), alt: 'QR code of your Commissioner link' });
    expect(own!.url).toMatch(/^data:image\/png;base64,/);
    expect((await t.gql<Qr>(QR, {}, { token: unverified.token })).data!.me.referralQrCode).toBeNull();

    const pdf = await referralCardPdf(verified.ctx);
    expect(Buffer.from(pdf!.subarray(0, 5)).toString()).toBe('%PDF-');
    const doc = await PDFDocument.load(pdf!);
    expect(doc.getPageCount()).toBe(1);
    expect(doc.getTitle()).toBe('Suki Commissioner card');
    // Standard-font text is written as hex strings inside the page's (compressed) content stream.
    const content = doc.context
      .enumerateIndirectObjects()
      .flatMap(([, obj]) => (obj instanceof PDFRawStream ? [Buffer.from(decodePDFRawStream(obj).decode()).toString('latin1')] : []))
      .join('\n');
    const hex = (text: string) => `<${Buffer.from(text).toString('hex').toUpperCase()}>`;
    expect(content).toContain(hex(await codeOf(verified)));
    expect(content).toContain(hex(link.slice(0, 48)));
    expect(content).toContain('/Image'); // the QR code
    expect(await referralCardPdf(unverified.ctx)).toBeNull();
    expect(await referralCardPdf(t.serviceContext(null))).toBeNull();
  });
});

describe('rewards', () => {
  // Grandma -> Mom -> Kid and Kid2; Grandma -> Aunt.
  let grandma: Customer;
  let mom: Customer;
  let aunt: Customer;
  let kid: Customer;
  let kid2: Customer;
  let kidOrderId: number;

  beforeAll(async () => {
    // No refund window here: these tests are about amounts (holding has its own tests).
    await updateReferralSettings(t.db, { holdDays: 0 });
    grandma = await named('Grandma');
    mom = await named('Mom');
    aunt = await named('Aunt');
    kid = await named('Kid');
    kid2 = await named('Kid2');
    await adopt(mom, grandma);
    await adopt(aunt, grandma);
    await adopt(kid, mom);
    await adopt(kid2, mom);
  });

  it('credits 5% to the parent and 2% to the grandparent of the subtotal, in whole points, once', async () => {
    expect(rewardPoints(1_234_56, 500)).toBe(61);
    // Kid: ₱1,234.56 charged in full. Mom 5% = 61.728 -> 61; Grandma 2% = 24.6912 -> 24.
    const kidOrder = await fulfilledOrder(kid, 1_234_56, 1, 'CHARGED');
    kidOrderId = kidOrder.id;
    // Mom: 2 x ₱2,000.00 cash on delivery, collected on fulfilment. Grandma 5% of ₱4,000 = 200.
    await fulfilledOrder(mom, 2_000_00, 2, 'COD');
    // Kid2: a bank deposit never confirmed as paid earns nothing.
    await fulfilledOrder(kid2, 5_000_00, 1, 'UNPAID');

    const g = await me(grandma);
    expect(g).toMatchObject({
      referralRewards: 224,
      level1ReferralCount: 2,
      level2ReferralCount: 2,
      totalPendingPayout: { amount: 0 },
      totalClaimedPayout: { amount: 0 },
    });
    expect(g.referrals).toEqual({
      totalCount: 2,
      edges: [
        { node: { firstName: 'Aunt', level: 1, referralRewards: 0, referralsCount: 0, referrals: [] } },
        {
          node: {
            firstName: 'Mom',
            level: 1,
            referralRewards: 200,
            referralsCount: 2,
            referrals: [
              // Level 2 patrons carry no further level: their own patrons are nobody's concern here.
              { firstName: 'Kid2', level: 2, referralRewards: 0, referralsCount: 0, referrals: [] },
              { firstName: 'Kid', level: 2, referralRewards: 24, referralsCount: 0, referrals: [] },
            ],
          },
        },
      ],
    });
    expect(g.referralRewardsLogs.totalCount).toBe(2);
    expect(g.referralRewardsLogs.edges.map((e) => e.node)).toMatchObject([
      { level: 1, contribution: 200, referral: { firstName: 'Mom', level: 1 } },
      { level: 2, contribution: 24, referral: { firstName: 'Kid', level: 2 } },
    ]);

    const m = await me(mom);
    expect(m).toMatchObject({ referralRewards: 61, level1ReferralCount: 2, level2ReferralCount: 0 });
    expect(m.referralRewardsLogs.edges.map((e) => e.node)).toMatchObject([{ level: 1, contribution: 61, referral: { firstName: 'Kid' } }]);
    expect((await me(kid)).referralRewards).toBe(0);
    expect((await me(aunt)).referralRewards).toBe(0);
  });

  it('accrues nothing more when triggered again, and the state machine refuses a second fulfilment', async () => {
    const [order] = await t.db.select().from(orders).where(eq(orders.id, kidOrderId));
    const again = await t.db.transaction((tx) => accrueOrderRewards({ ...staff.ctx, db: tx }, order!));
    expect(again).toEqual([]);
    await expect(applyOrderEvent(staff.ctx, kidOrderId, 'fulfil', 'staff')).rejects.toThrow();
    const entries = await t.db.select().from(referralRewards).where(eq(referralRewards.orderId, kidOrderId));
    expect(entries.map((e) => [e.level, e.points]).sort()).toEqual([[1, 61], [2, 24]]);
  });

  it('pages the log newest first with cursors', async () => {
    const first = await me(grandma, { first: 1 });
    expect(first.referralRewardsLogs).toMatchObject({ totalCount: 2, pageInfo: { hasNextPage: true } });
    expect(first.referralRewardsLogs.edges.map((e) => e.node.contribution)).toEqual([200]);
    const second = await me(grandma, { first: 1, after: first.referralRewardsLogs.pageInfo.endCursor });
    expect(second.referralRewardsLogs.pageInfo.hasNextPage).toBe(false);
    expect(second.referralRewardsLogs.edges.map((e) => e.node.contribution)).toEqual([24]);
    const bad = await t.gql(ME, { first: 1, after: 'bm90LWEtY3Vyc29y' }, { token: grandma.token });
    expect(bad.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });

  it('a refund reverses the rewards with negative entries, once', async () => {
    for (let i = 0; i < 2; i++) await t.db.transaction((tx) => reverseOrderRewards({ ...staff.ctx, db: tx }, kidOrderId));
    const g = await me(grandma);
    expect(g.referralRewards).toBe(200);
    expect(g.referralRewardsLogs.edges[0]!.node).toMatchObject({ level: 2, contribution: -24, referral: { firstName: 'Kid' } });
    expect((await me(mom)).referralRewards).toBe(0);
    const entries = await t.db.select().from(referralRewards).where(eq(referralRewards.orderId, kidOrderId));
    expect(entries.map((e) => [e.level, e.kind, e.points]).sort()).toEqual([
      [1, 'EARNED', 61],
      [1, 'REVERSED', -61],
      [2, 'EARNED', 24],
      [2, 'REVERSED', -24],
    ]);
  });

  it('shows others nothing: staff reading a commissioner through node(), and visitors', async () => {
    const visitor = await t.gql<{ me: null }>(ME, { first: 5 });
    expect(visitor.data!.me).toBeNull();
    const [staffRow] = await t.db.update(users).set({ isStaff: true }).where(eq(users.id, staff.user.id)).returning();
    const token = await signSessionToken(staffRow!, t.config.jwtSecret);
    const seen = await t.gql<{ node: { referralRewards: number; level1ReferralCount: number; referrals: { totalCount: number }; referralRewardsLogs: { totalCount: number } } }>(
      `query($id: ID!) { node(id: $id) { ... on User { referralRewards level1ReferralCount referrals { totalCount } referralRewardsLogs { totalCount } } } }`,
      { id: encodeGlobalID('User', grandma.user.id) },
      { token },
    );
    expect(seen.errors).toBeUndefined();
    expect(seen.data!.node).toEqual({ referralRewards: 0, level1ReferralCount: 0, referrals: { totalCount: 0 }, referralRewardsLogs: { totalCount: 0 } });
  });
});

describe('a commissioner with 100,000 descendants', () => {
  it('answers the counts and the first page of both levels quickly (no walk beyond two levels)', async () => {
    const root = await named('Root');
    const tag = Math.random().toString(36).slice(2, 8);
    // 1,000 level 1 patrons, then 99,000 level 2 patrons spread over them.
    await t.db.execute(sql`
      insert into users (email, referral_code, first_name, parent_id, parent_linked_at)
      select 'l1-' || n || '-' || ${tag} || '@example.com', 'a' || ${tag} || lpad(n::text, 7, '0'), 'L1', ${root.user.id}, now()
      from generate_series(1, 1000) as n`);
    await t.db.execute(sql`
      insert into users (email, referral_code, first_name, parent_id, parent_linked_at)
      select 'l2-' || n || '-' || ${tag} || '@example.com', 'b' || ${tag} || lpad(n::text, 7, '0'), 'L2', p.id, now()
      from generate_series(1, 99000) as n
      join (select id, row_number() over (order by id) - 1 as k from users where parent_id = ${root.user.id}) p on p.k = n % 1000`);
    await t.db.execute(sql`analyze users`);

    const query = `{ me { level1ReferralCount level2ReferralCount
      referrals(first: 99) { totalCount edges { node { referralRewards referralsCount referrals(first: 5) { firstName } } } } } }`;
    type Big = { me: { level1ReferralCount: number; level2ReferralCount: number; referrals: { totalCount: number; edges: { node: { referralsCount: number; referrals: unknown[] } }[] } } };
    await t.gql(query, {}, { token: root.token }); // warm-up: plans and caches
    const started = performance.now();
    const result = await t.gql<Big>(query, {}, { token: root.token });
    const elapsed = performance.now() - started;
    expect(result.errors).toBeUndefined();
    expect(result.data!.me).toMatchObject({ level1ReferralCount: 1000, level2ReferralCount: 99_000, referrals: { totalCount: 1000 } });
    expect(result.data!.me.referrals.edges).toHaveLength(99);
    expect(result.data!.me.referrals.edges[0]!.node).toMatchObject({ referralsCount: 99 });
    expect(result.data!.me.referrals.edges[0]!.node.referrals).toHaveLength(5);
    expect(elapsed).toBeLessThan(1500);
  }, 120_000);
});
