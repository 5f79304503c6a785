// The back office's payout and fraud-review API on a real database: every staff mutation
// allowed with MANAGE_PAYOUTS, refused to customers and to staff without it, and the moves the
// payout statuses refuse (a PAID payout cannot be rejected; a rejection returns the points once).
import { encodeGlobalID } from '@pothos/plugin-relay';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../accounts/accounts.tables';
import { createCustomer, type Customer } from '../checkout/checkout.fixtures';
import { staffActions, staffPermissions } from '../system/staff-access.tables';
import { createTestApi, type TestApi } from '../../testing/test-api';
import { claim, creditPoints } from './payouts.fixtures';
import { pointsBalance } from './payouts.service';
import { payouts, referralFlags, referralRewards } from './referrals.tables';

let t: TestApi;
let payoutsStaff: Customer;
let ordersStaff: Customer;
let customer: Customer;

beforeAll(async () => {
  t = await createTestApi();
  [payoutsStaff, ordersStaff, customer] = [await createCustomer(t), await createCustomer(t), await createCustomer(t)];
  await t.db.update(users).set({ isStaff: true }).where(inArray(users.id, [payoutsStaff.user.id, ordersStaff.user.id]));
  await t.db.insert(staffPermissions).values([
    { userId: payoutsStaff.user.id, permission: 'MANAGE_PAYOUTS' },
    { userId: ordersStaff.user.id, permission: 'MANAGE_ORDERS' },
  ]);
});
afterAll(async () => {
  await t?.close();
});

type Errors = { field: string | null; message: string }[];
type Payout = { id: string; status: string; reference: string | null; rejectReason: string | null; customer: { email: string } | null };
const PAYOUT = 'id status reference rejectReason customer { email }';

async function gql<T>(query: string, variables: Record<string, unknown>, who: Customer) {
  return t.gql<T>(query, variables, { token: who.token });
}

/** A commissioner with `points` available who requested a GCash payout; its global id. */
async function requested(points = 600): Promise<{ owner: Customer; id: string }> {
  const owner = await createCustomer(t);
  await creditPoints(t, owner, points);
  expect((await claim(t, owner, 'GCASH', '+639171230000')).errors).toEqual([]);
  const [row] = await t.db.select().from(payouts).where(eq(payouts.userId, owner.user.id));
  return { owner, id: encodeGlobalID('Payout', row!.id) };
}

const move = async (name: 'payoutMarkProcessing' | 'payoutMarkPaid' | 'payoutReject', id: string, who: Customer, extra: Record<string, string> = {}) => {
  const args = Object.keys(extra).map((k) => `, ${k}: $${k}`).join('');
  const vars = Object.keys(extra).map((k) => `, $${k}: String!`).join('');
  const result = await gql<Record<string, { payout: Payout | null; errors: Errors } | null>>(
    `mutation($id: ID!${vars}) { ${name}(id: $id${args}) { payout { ${PAYOUT} } errors { field message } } }`,
    { id, ...extra },
    who,
  );
  return { data: result.data?.[name] ?? null, errors: result.errors };
};

describe('payout requests for staff', () => {
  it('PENDING -> PROCESSING -> PAID with a reference; refused without MANAGE_PAYOUTS; wrong moves refused', async () => {
    const { owner, id } = await requested(600);
    const list = await gql<{ payoutRequests: { totalCount: number; edges: { node: Payout }[] } | null }>(
      `query { payoutRequests(first: 100, filter: { status: [PENDING] }) { totalCount edges { node { ${PAYOUT} } } } }`,
      {},
      payoutsStaff,
    );
    expect(list.data?.payoutRequests?.edges.map((e) => e.node)).toContainEqual({ id, status: 'PENDING', reference: null, rejectReason: null, customer: { email: owner.user.email } });

    for (const who of [customer, ordersStaff]) {
      const refused = await move('payoutMarkProcessing', id, who);
      expect(refused.data).toBeNull();
      expect(refused.errors?.[0]?.message).toMatch(/not authori[sz]ed|permission/i);
      const listed = await gql<{ payoutRequests: unknown }>('{ payoutRequests(first: 5) { totalCount } }', {}, who);
      expect(listed.data?.payoutRequests ?? null).toBeNull();
    }

    expect((await move('payoutMarkPaid', id, payoutsStaff, { reference: 'GC-1' })).data).toMatchObject({ payout: null, errors: [{ field: 'status', message: 'A PENDING payout cannot become PAID.' }] });
    expect((await move('payoutMarkProcessing', id, payoutsStaff)).data).toMatchObject({ payout: { status: 'PROCESSING' }, errors: [] });
    expect((await move('payoutMarkProcessing', id, payoutsStaff)).data?.errors).toEqual([{ field: 'status', message: 'A PROCESSING payout cannot become PROCESSING.' }]);
    expect((await move('payoutMarkPaid', id, payoutsStaff, { reference: '   ' })).data?.errors).toEqual([{ field: 'reference', message: 'Please enter the transfer reference.' }]);
    expect((await move('payoutMarkPaid', id, payoutsStaff, { reference: ' GC-778899 ' })).data).toMatchObject({ payout: { status: 'PAID', reference: 'GC-778899' }, errors: [] });

    // A PAID payout cannot be rejected (the money left already).
    expect((await move('payoutReject', id, payoutsStaff, { reason: 'late' })).data?.errors).toEqual([{ field: 'status', message: 'A PAID payout cannot become REJECTED.' }]);
    const mine = await gql<{ me: { payouts: { edges: { node: { status: string; reference: string | null } }[] } } }>('{ me { payouts(first: 5) { edges { node { status reference } } } } }', {}, owner);
    expect(mine.data?.me.payouts.edges.map((e) => e.node)).toEqual([{ status: 'PAID', reference: 'GC-778899' }]);
    // Who did what, for the audit.
    const log = await t.db.select().from(staffActions).where(eq(staffActions.subjectType, 'payout'));
    expect(log.filter((a) => a.actorUserId === payoutsStaff.user.id).map((a) => a.action)).toEqual(expect.arrayContaining(['payoutProcessing', 'payoutPaid']));
  });

  it('REJECTED returns the points once; a second rejection is refused; an unknown id is not found', async () => {
    const { owner, id } = await requested(650);
    expect(await pointsBalance(t.db, owner.user.id)).toEqual({ available: 0, held: 0 });
    expect((await move('payoutReject', id, payoutsStaff, { reason: '' })).data?.errors).toEqual([{ field: 'reason', message: 'Please enter the reason for rejecting.' }]);
    expect((await move('payoutReject', id, payoutsStaff, { reason: 'GCash number not registered' })).data).toMatchObject({
      payout: { status: 'REJECTED', rejectReason: 'GCash number not registered' },
      errors: [],
    });
    expect(await pointsBalance(t.db, owner.user.id)).toEqual({ available: 650, held: 0 });
    expect((await move('payoutReject', id, payoutsStaff, { reason: 'again' })).data?.errors).toEqual([{ field: 'status', message: 'A REJECTED payout cannot become REJECTED.' }]);
    expect((await move('payoutMarkProcessing', id, payoutsStaff)).data?.errors[0]?.message).toBe('A REJECTED payout cannot become PROCESSING.');
    expect(await pointsBalance(t.db, owner.user.id)).toEqual({ available: 650, held: 0 });
    // The returned points can be claimed again, once.
    expect((await claim(t, owner, 'GCASH', '+639171230000')).payout?.referralRewards).toBe(650);
    expect(await pointsBalance(t.db, owner.user.id)).toEqual({ available: 0, held: 0 });

    expect((await move('payoutMarkProcessing', encodeGlobalID('Payout', 987_654), payoutsStaff)).data?.errors).toEqual([{ field: 'id', message: 'Payout not found.' }]);
    expect((await move('payoutMarkProcessing', encodeGlobalID('Order', 1), payoutsStaff)).data?.errors).toEqual([{ field: 'id', message: 'Payout not found.' }]);
  });

  it('moves the selected PENDING requests in bulk and reports the ones that were not pending', async () => {
    const [a, b, c] = [await requested(), await requested(), await requested()];
    expect((await move('payoutMarkProcessing', c.id, payoutsStaff)).data?.errors).toEqual([]);
    const BULK = 'mutation($ids: [ID!]!) { payoutBulkMarkProcessing(ids: $ids) { count payouts { id status } errors { field message } } }';
    type Bulk = { payoutBulkMarkProcessing: { count: number; payouts: { id: string; status: string }[]; errors: Errors } | null };
    const bulk = await gql<Bulk>(BULK, { ids: [a.id, b.id, c.id] }, payoutsStaff);
    const cId = Buffer.from(c.id, 'base64').toString().split(':')[1];
    expect(bulk.data?.payoutBulkMarkProcessing).toEqual({
      count: 2,
      payouts: [{ id: a.id, status: 'PROCESSING' }, { id: b.id, status: 'PROCESSING' }],
      errors: [{ field: 'ids', message: `#${cId}: A PROCESSING payout cannot become PROCESSING.` }],
    });
    expect((await gql<Bulk>(BULK, { ids: [] }, payoutsStaff)).data?.payoutBulkMarkProcessing).toMatchObject({ count: 0, errors: [{ message: 'Please select at least one payout.' }] });
    expect((await gql<Bulk>(BULK, { ids: [a.id] }, ordersStaff)).data?.payoutBulkMarkProcessing ?? null).toBeNull();
  });

  it('counts per status, pages both ways, and exports the CSV', async () => {
    for (let i = 0; i < 3; i++) await requested();
    type Page = { payoutRequests: { totalCount: number; pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; startCursor: string; endCursor: string }; edges: { node: { id: string } }[] } };
    const PAGE = `query($first: Int, $last: Int, $after: String, $before: String) { payoutRequests(first: $first, last: $last, after: $after, before: $before, filter: { status: [PENDING] }) {
      totalCount pageInfo { hasNextPage hasPreviousPage startCursor endCursor } edges { node { id } } } }`;
    const all = (await gql<Page>(PAGE, { first: 100 }, payoutsStaff)).data!.payoutRequests;
    const counts = await gql<{ payoutRequestCounts: { status: string; count: number }[] }>('{ payoutRequestCounts { status count } }', {}, payoutsStaff);
    expect(counts.data?.payoutRequestCounts.find((c) => c.status === 'PENDING')?.count).toBe(all.totalCount);
    expect(counts.data?.payoutRequestCounts.map((c) => c.status)).toEqual(['PENDING', 'PROCESSING', 'PAID', 'REJECTED']);

    const first = (await gql<Page>(PAGE, { first: 2 }, payoutsStaff)).data!.payoutRequests;
    expect(first.edges.map((e) => e.node.id)).toEqual(all.edges.slice(0, 2).map((e) => e.node.id));
    expect(first.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: false });
    const second = (await gql<Page>(PAGE, { first: 2, after: first.pageInfo.endCursor }, payoutsStaff)).data!.payoutRequests;
    expect(second.edges.map((e) => e.node.id)).toEqual(all.edges.slice(2, 4).map((e) => e.node.id));
    expect(second.pageInfo.hasPreviousPage).toBe(true);
    const back = (await gql<Page>(PAGE, { last: 2, before: second.pageInfo.startCursor }, payoutsStaff)).data!.payoutRequests;
    expect(back.edges.map((e) => e.node.id)).toEqual(first.edges.map((e) => e.node.id));
    expect(back.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: false });
    // A cursor this API did not give out (here an order's) is the caller's mistake, not a server error.
    const foreign = await gql<Page>(PAGE, { first: 2, after: Buffer.from('order:1').toString('base64url') }, payoutsStaff);
    expect(foreign.errors?.[0]).toMatchObject({ message: 'Invalid cursor', extensions: { code: 'BAD_USER_INPUT' } });

    const csv = await gql<{ payoutRequestsCsv: string }>('{ payoutRequestsCsv(filter: { status: [PENDING] }) }', {}, payoutsStaff);
    const lines = csv.data!.payoutRequestsCsv.trim().split('\n');
    expect(lines[0]).toBe('Payout ID,Requested,Type,Status,Bank code,Bank,Account name,Account number,GCash number,Points,Fee,Tax,Amount,Reference');
    expect(lines).toHaveLength(all.totalCount + 1);
    // The shop's rate defaults to 0%: 600.00 less the 25.00 fee.
    expect(lines.at(-1)).toContain(',GCASH,PENDING,,,,,+639171230000,600,25.00,0.00,575.00,');
    expect((await gql<{ payoutRequestsCsv: string | null }>('{ payoutRequestsCsv }', {}, customer)).data?.payoutRequestsCsv ?? null).toBeNull();
  });
});

describe('referral flags for staff', () => {
  let fakeOrder = 8_000_000;

  /** A flagged purchase with its rewards held (shared IP) or withheld (same person). */
  async function flagged(reason: 'SHARED_IP' | 'SAME_PERSON_PHONE') {
    const [patron, parent] = [await createCustomer(t), await createCustomer(t)];
    fakeOrder += 1;
    const [flag] = await t.db
      .insert(referralFlags)
      .values({ orderId: fakeOrder, patronId: patron.user.id, commissionerId: reason === 'SHARED_IP' ? null : parent.user.id, reason, detail: reason === 'SHARED_IP' ? '203.0.113.9' : '+639•••001' })
      .returning();
    if (reason === 'SHARED_IP') {
      await t.db.insert(referralRewards).values({
        userId: parent.user.id, patronId: patron.user.id, orderId: fakeOrder, level: 1, kind: 'EARNED', points: 100, orderSubtotal: 2_000_00, rate: 500,
        availableAt: null, createdAt: new Date(Date.now() - 10 * 86_400_000),
      });
    }
    return { id: encodeGlobalID('ReferralFlag', flag!.id), patron, parent };
  }

  const REVIEW = 'mutation($id: ID!, $decision: ReferralFlagDecision!) { referralFlagReview(id: $id, decision: $decision) { referralFlag { id decision reviewable rewards { state points } } errors { field message } } }';
  type Review = { referralFlagReview: { referralFlag: { id: string; decision: string | null; reviewable: boolean; rewards: { state: string; points: number }[] } | null; errors: Errors } | null };

  it('lists open flags with why, patron and commissioners; approve releases the held points; a decided flag is not decided twice', async () => {
    const held = await flagged('SHARED_IP');
    const same = await flagged('SAME_PERSON_PHONE');
    type Flags = { referralFlags: { totalCount: number; edges: { node: { id: string; reason: string; detail: string; reviewable: boolean; patron: { email: string }; commissioner: { email: string } | null; rewards: { level: number; points: number; state: string; commissioner: { email: string } }[] } }[] } | null };
    const FLAGS = '{ referralFlags(first: 50, filter: { open: true }) { totalCount edges { node { id reason detail reviewable patron { email } commissioner { email } rewards { level points state commissioner { email } } } } } }';
    const open = (await gql<Flags>(FLAGS, {}, payoutsStaff)).data!.referralFlags!;
    expect(open.edges.map((e) => e.node)).toContainEqual({
      id: held.id, reason: 'SHARED_IP', detail: '203.0.113.9', reviewable: true, patron: { email: held.patron.user.email }, commissioner: null,
      rewards: [{ level: 1, points: 100, state: 'HELD', commissioner: { email: held.parent.user.email } }],
    });
    expect(open.edges.map((e) => e.node.id)).not.toContain(same.id);
    expect((await gql<Flags>(FLAGS, {}, ordersStaff)).data?.referralFlags ?? null).toBeNull();
    expect((await gql<Review>(REVIEW, { id: held.id, decision: 'APPROVED' }, ordersStaff)).data?.referralFlagReview ?? null).toBeNull();

    expect(await pointsBalance(t.db, held.parent.user.id)).toEqual({ available: 0, held: 100 });
    const approved = (await gql<Review>(REVIEW, { id: held.id, decision: 'APPROVED' }, payoutsStaff)).data!.referralFlagReview!;
    expect(approved).toEqual({ referralFlag: { id: held.id, decision: 'APPROVED', reviewable: false, rewards: [{ state: 'AVAILABLE', points: 100 }] }, errors: [] });
    // Fulfilled ten days ago: past the 7-day refund window, so claimable at once.
    expect(await pointsBalance(t.db, held.parent.user.id)).toEqual({ available: 100, held: 0 });
    expect((await gql<Review>(REVIEW, { id: held.id, decision: 'REJECTED' }, payoutsStaff)).data?.referralFlagReview?.errors).toEqual([{ field: null, message: 'This purchase was already reviewed.' }]);
    expect((await gql<Review>(REVIEW, { id: same.id, decision: 'APPROVED' }, payoutsStaff)).data?.referralFlagReview?.errors).toEqual([{ field: null, message: 'Withheld rewards of the same person cannot be released.' }]);
    expect((await gql<Review>(REVIEW, { id: encodeGlobalID('ReferralFlag', 999_999), decision: 'APPROVED' }, payoutsStaff)).data?.referralFlagReview?.errors).toEqual([{ field: 'id', message: 'Flagged purchase not found.' }]);
  });

  it('reject withholds the held reward (reversed); it never reaches the balance', async () => {
    const held = await flagged('SHARED_IP');
    const rejected = (await gql<Review>(REVIEW, { id: held.id, decision: 'REJECTED' }, payoutsStaff)).data!.referralFlagReview!;
    expect(rejected).toMatchObject({ referralFlag: { decision: 'REJECTED', rewards: [{ state: 'REVERSED', points: 100 }] }, errors: [] });
    expect(await pointsBalance(t.db, held.parent.user.id, new Date(Date.now() + 30 * 86_400_000))).toEqual({ available: 0, held: 0 });
  });
});
