// The back office's order API on a real database: every allowed staff transition, a sample of
// refused ones, the payment events, the list's filters and paging, and who may do what.
import { encodeGlobalID } from '@pothos/plugin-relay';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffPermission } from '../../../common/staff/permissions';
import { users } from '../accounts/accounts.tables';
import { emails } from '../notifications/notifications.tables';
import { productVariants } from '../catalogue/catalogue.tables';
import { createCustomer, createVariant, readyCheckout, seedZones, type Customer } from '../checkout/checkout.fixtures';
import { completeCheckout } from '../checkout/place-order.service';
import { staffActions, staffPermissions } from '../system/staff-access.tables';
import { createTestApi, type TestApi } from '../../testing/test-api';
import { requestOrderCancel } from './order-actions.service';
import { confirmOrder } from './order-staff.service';
import { ORDER_TRANSITIONS, type OrderStatus } from './order-state';

let t: TestApi;
let customer: Customer;
let superuser: Customer;
let ordersStaff: Customer;
let paymentsStaff: Customer;
let bareStaff: Customer;

async function staffWith(permissions: StaffPermission[], superuserFlag = false): Promise<Customer> {
  const c = await createCustomer(t);
  await t.db.update(users).set({ isStaff: true, isSuperuser: superuserFlag }).where(eq(users.id, c.user.id));
  if (permissions.length) await t.db.insert(staffPermissions).values(permissions.map((permission) => ({ userId: c.user.id, permission })));
  const user = { ...c.user, isStaff: true, isSuperuser: superuserFlag };
  return { ...c, user, ctx: t.serviceContext(user) };
}

beforeAll(async () => {
  t = await createTestApi();
  await seedZones(t.db);
  customer = await createCustomer(t);
  superuser = await staffWith([], true);
  ordersStaff = await staffWith(['MANAGE_ORDERS']);
  paymentsStaff = await staffWith(['MANAGE_PAYMENTS']);
  bareStaff = await staffWith([]);
});
afterAll(async () => {
  await t?.close();
});

async function placeOrder(options: { gateway?: string; stock?: number; quantity?: number } = {}) {
  const variantId = await createVariant(t.db, { price: 1_000_00, stock: options.stock ?? 10 });
  const checkoutId = await readyCheckout(customer, [{ variantId, quantity: options.quantity ?? 2 }], { gateway: options.gateway });
  const { order } = await completeCheckout(customer.ctx, checkoutId);
  return { id: order.id, gid: encodeGlobalID('Order', order.id), variantId, referenceKey: order.referenceKey };
}

const stockOf = async (variantId: number) =>
  (await t.db.select({ n: productVariants.stockQuantity }).from(productVariants).where(eq(productVariants.id, variantId)))[0]!.n;

const PAYLOAD = 'order { status isPaid paymentStatus captureStatus trackingNumber trackingLink isRead } errors { field message }';
type Payload = { order: { status: OrderStatus; isPaid: boolean; paymentStatus: string; captureStatus: string; trackingNumber: string | null; trackingLink: string | null; isRead: boolean } | null; errors: { field: string | null; message: string }[] };

const MUTATIONS = {
  confirm: (id: string) => [`mutation($id: ID!) { orderConfirm(id: $id) { ${PAYLOAD} } }`, 'orderConfirm', { id }] as const,
  fulfil: (id: string) =>
    [
      `mutation($id: ID!, $input: OrderFulfillInput!) { orderFulfill(id: $id, input: $input) { ${PAYLOAD} } }`,
      'orderFulfill',
      { id, input: { trackingNumber: 'LBC-123456', trackingLink: 'https://track.example.com/LBC-123456' } },
    ] as const,
  approveCancel: (id: string) => [`mutation($id: ID!) { orderCancel(id: $id) { ${PAYLOAD} } }`, 'orderCancel', { id }] as const,
  denyCancel: (id: string) => [`mutation($id: ID!) { orderCancelDeny(id: $id, note: "Already packed") { ${PAYLOAD} } }`, 'orderCancelDeny', { id }] as const,
  cannotFulfil: (id: string) =>
    [`mutation($id: ID!) { orderMarkUnforeseenCircumstance(id: $id, note: "Supplier out of stock") { ${PAYLOAD} } }`, 'orderMarkUnforeseenCircumstance', { id }] as const,
  reject: (id: string) => [`mutation($id: ID!) { orderReject(id: $id) { ${PAYLOAD} } }`, 'orderReject', { id }] as const,
  markAsPaid: (id: string) => [`mutation($id: ID!) { orderMarkAsPaid(id: $id) { ${PAYLOAD} } }`, 'orderMarkAsPaid', { id }] as const,
  refund: (id: string) => [`mutation($id: ID!) { orderRefund(id: $id) { ${PAYLOAD} } }`, 'orderRefund', { id }] as const,
  void: (id: string) => [`mutation($id: ID!) { orderVoid(id: $id) { ${PAYLOAD} } }`, 'orderVoid', { id }] as const,
};
type Action = keyof typeof MUTATIONS;

async function act(action: Action, gid: string, as: Customer | null = superuser): Promise<{ payload: Payload | null; errors?: { message: string }[] }> {
  const [query, field, variables] = MUTATIONS[action](gid);
  const response = await t.gql<Record<string, Payload | null>>(query, variables, as ? { token: as.token } : {});
  return { payload: response.data?.[field] ?? null, errors: response.errors };
}

async function expectMoved(action: Action, gid: string, status: OrderStatus) {
  const { payload, errors } = await act(action, gid);
  expect(errors).toBeUndefined();
  expect(payload?.errors).toEqual([]);
  expect(payload?.order?.status).toBe(status);
  return payload!;
}

/** A fresh order brought to `status` through the API (as staff) and the customer's own actions. */
async function orderIn(status: OrderStatus, options: { gateway?: string } = {}) {
  const order = await placeOrder(options);
  if (status === 'UNFULFILLED_ORDER_CONFIRMED' || status === 'FULFILLED') await expectMoved('confirm', order.gid, 'UNFULFILLED_ORDER_CONFIRMED');
  if (status === 'FULFILLED') await expectMoved('fulfil', order.gid, 'FULFILLED');
  if (status === 'UNFULFILLED_UNFORESEEN_CIRCUMSTANCE') await expectMoved('cannotFulfil', order.gid, status);
  if (status === 'PENDING_FOR_CANCELLATION') await requestOrderCancel(customer.ctx, { orderId: order.id, reason: 'CHANGE_PAYMENT_METHOD', note: '' });
  if (status === 'CANCELED') {
    await requestOrderCancel(customer.ctx, { orderId: order.id, reason: 'CHANGE_PAYMENT_METHOD', note: '' });
    await expectMoved('approveCancel', order.gid, 'CANCELED');
  }
  if (status === 'REJECTED') await expectMoved('reject', order.gid, 'REJECTED');
  return order;
}

describe('staff transitions', () => {
  const staffTransitions = ORDER_TRANSITIONS.filter((tr) => tr.actor === 'staff').flatMap((tr) =>
    tr.from.map((from) => ({ event: tr.event as Action, from: from!, to: tr.to === 'PREVIOUS' ? 'UNFULFILLED' : tr.to })),
  );

  it.each(staffTransitions)('$event moves an order from $from to $to', async ({ event, from, to }) => {
    const order = await orderIn(from);
    const payload = await expectMoved(event, order.gid, to);
    expect(payload.order!.isRead).toBe(false);
    // Who did it and when is logged.
    const [logged] = await t.db.select().from(staffActions).where(eq(staffActions.subjectId, order.id)).orderBy(staffActions.id);
    expect(logged).toMatchObject({ actorUserId: superuser.user.id, subjectType: 'order' });
  });

  it.each([
    ['confirm', 'UNFULFILLED_ORDER_CONFIRMED', 'Only an unfulfilled order can be confirmed.'],
    ['fulfil', 'UNFULFILLED', 'Only a confirmed order can be fulfilled.'],
    ['fulfil', 'FULFILLED', 'This order is fulfilled already.'],
    ['approveCancel', 'UNFULFILLED', 'This order has no cancellation request.'],
    ['denyCancel', 'UNFULFILLED_ORDER_CONFIRMED', 'This order has no cancellation request.'],
    ['cannotFulfil', 'FULFILLED', 'Only an unfulfilled order can be marked as an unforeseen circumstance.'],
    ['reject', 'FULFILLED', 'This order can no longer be rejected.'],
    ['reject', 'CANCELED', 'This order can no longer be rejected.'],
    ['confirm', 'REJECTED', 'Only an unfulfilled order can be confirmed.'],
  ] as const)('refuses %s from %s', async (event, from, message) => {
    const order = await orderIn(from);
    const { payload } = await act(event, order.gid);
    expect(payload?.errors).toEqual([{ field: 'status', message }]);
    expect(payload?.order).toBeNull();
  });

  it('fulfils with tracking the customer sees, with the red dot', async () => {
    const order = await orderIn('FULFILLED');
    const seen = await t.gql<{ order: { status: string; trackingNumber: string; trackingLink: string; isRead: boolean }; me: { unreadOrdersCount: number } }>(
      'query($id: ID!) { order(id: $id) { status trackingNumber trackingLink isRead } me { unreadOrdersCount } }',
      { id: order.gid },
      { token: customer.token },
    );
    expect(seen.data?.order).toEqual({ status: 'FULFILLED', trackingNumber: 'LBC-123456', trackingLink: 'https://track.example.com/LBC-123456', isRead: false });
    expect(seen.data?.me.unreadOrdersCount).toBeGreaterThan(0);
  });

  it('refuses a fulfilment without a tracking number or with a link that is not one', async () => {
    const order = await orderIn('UNFULFILLED_ORDER_CONFIRMED');
    const query = `mutation($id: ID!, $input: OrderFulfillInput!) { orderFulfill(id: $id, input: $input) { ${PAYLOAD} } }`;
    const blank = await t.gql<{ orderFulfill: Payload }>(query, { id: order.gid, input: { trackingNumber: ' ' } }, { token: superuser.token });
    expect(blank.data?.orderFulfill.errors[0]).toEqual({ field: 'trackingNumber', message: 'Please enter the tracking number.' });
    const badLink = await t.gql<{ orderFulfill: Payload }>(query, { id: order.gid, input: { trackingNumber: 'X1', trackingLink: 'javascript:alert(1)' } }, { token: superuser.token });
    expect(badLink.data?.orderFulfill.errors[0]?.field).toBe('trackingLink');
  });

  it('accepts a tracking link without a scheme as couriers give it, keeps it as typed and emails it with https://', async () => {
    const order = await orderIn('UNFULFILLED_ORDER_CONFIRMED');
    const typed = 'www.lbcexpress.com/track/?tracking_no=123456789012';
    const response = await t.gql<{ orderFulfill: Payload }>(
      `mutation($id: ID!, $input: OrderFulfillInput!) { orderFulfill(id: $id, input: $input) { ${PAYLOAD} } }`,
      { id: order.gid, input: { trackingNumber: '123456789012', trackingLink: ` ${typed} ` } },
      { token: superuser.token },
    );
    expect(response.data?.orderFulfill.errors).toEqual([]);
    expect(response.data?.orderFulfill.order).toMatchObject({ status: 'FULFILLED', trackingLink: typed });
    const sent = await t.db.select().from(emails).where(eq(emails.template, 'order_status'));
    const fulfilled = sent.find((e) => e.subject.includes(order.referenceKey) && e.text.includes('Tracking number: 123456789012'));
    expect(fulfilled?.text).toContain(`Track your parcel: https://${typed}`);
    expect(fulfilled?.html).toContain(`href="https://${typed}"`);
  });

  it('approving a cancellation returns the stock and voids the unpaid payment; restock: false keeps it', async () => {
    const order = await orderIn('PENDING_FOR_CANCELLATION');
    expect(await stockOf(order.variantId)).toBe(8);
    const payload = await expectMoved('approveCancel', order.gid, 'CANCELED');
    expect(payload.order!.captureStatus).toBe('VOIDED');
    expect(await stockOf(order.variantId)).toBe(10);

    const kept = await orderIn('PENDING_FOR_CANCELLATION');
    const response = await t.gql<{ orderCancel: Payload }>(`mutation($id: ID!) { orderCancel(id: $id, restock: false) { ${PAYLOAD} } }`, { id: kept.gid }, { token: superuser.token });
    expect(response.data?.orderCancel.order?.status).toBe('CANCELED');
    expect(await stockOf(kept.variantId)).toBe(8);
  });

  it('denying a cancellation returns the order to the status it had', async () => {
    const order = await orderIn('PENDING_FOR_CANCELLATION');
    await expectMoved('denyCancel', order.gid, 'UNFULFILLED');
  });

  it('rejecting a paid order refunds it and returns the stock', async () => {
    const order = await orderIn('UNFULFILLED_ORDER_CONFIRMED');
    await act('markAsPaid', order.gid);
    const payload = await expectMoved('reject', order.gid, 'REJECTED');
    expect(payload.order!.paymentStatus).toBe('FULLY_REFUNDED');
    expect(await stockOf(order.variantId)).toBe(10);
  });
});

describe('payment events', () => {
  it('marks a bank deposit paid once, unread for the customer, in the timeline with who did it', async () => {
    const order = await orderIn('UNFULFILLED_ORDER_CONFIRMED');
    await t.gql('mutation($ids: [ID!]!) { readOrders(orders: $ids) { errors { message } } }', { ids: [order.gid] }, { token: customer.token });
    const { payload } = await act('markAsPaid', order.gid, paymentsStaff);
    expect(payload).toMatchObject({ errors: [], order: { isPaid: true, paymentStatus: 'FULLY_CHARGED', isRead: false, status: 'UNFULFILLED_ORDER_CONFIRMED' } });
    const again = await act('markAsPaid', order.gid, paymentsStaff);
    expect(again.payload?.errors).toEqual([{ field: 'id', message: 'This order is paid already.' }]);

    const timeline = await t.gql<{ order: { events: { type: string; message: string; actor: string | null }[] } }>(
      'query($id: ID!) { order(id: $id) { events { type message actor } } }',
      { id: order.gid },
      { token: superuser.token },
    );
    // With the payment's states and what the customer saw (ADR 045).
    expect(timeline.data?.order.events.map((e) => e.type)).toEqual(['checkoutComplete', 'confirm', 'payment', 'markAsPaid', 'payment']);
    expect(timeline.data?.order.events.at(-2)).toMatchObject({ message: 'Payment received', actor: 'Juan Dela Cruz' });
    expect(timeline.data?.order.events.at(-1)).toMatchObject({ message: 'Payment status: Paid', actor: 'Juan Dela Cruz' });
  });

  it('refunds a paid order and voids an unpaid one, never the other way round', async () => {
    const paid = await orderIn('FULFILLED');
    expect((await act('void', paid.gid)).payload?.errors).toEqual([]);
    const paidToo = await orderIn('FULFILLED');
    expect((await act('refund', paidToo.gid)).payload?.errors).toEqual([{ field: 'id', message: 'Only a paid order can be refunded.' }]);
    await act('markAsPaid', paidToo.gid);
    expect((await act('refund', paidToo.gid)).payload?.order?.paymentStatus).toBe('FULLY_REFUNDED');
    expect((await act('void', paidToo.gid)).payload?.errors).toEqual([{ field: 'id', message: 'Only an unpaid payment can be voided.' }]);
    expect((await act('markAsPaid', paid.gid)).payload?.errors).toEqual([{ field: 'id', message: 'This order\'s payment was voided already.' }]);
  });

  it('does not mark a cancelled order as paid', async () => {
    const order = await orderIn('REJECTED');
    expect((await act('markAsPaid', order.gid)).payload?.errors).toEqual([{ field: 'status', message: 'This order is cancelled or rejected.' }]);
  });
});

describe('permissions', () => {
  it.each([
    ['confirm', 'MANAGE_ORDERS'],
    ['reject', 'MANAGE_ORDERS'],
    ['markAsPaid', 'MANAGE_PAYMENTS'],
    ['refund', 'MANAGE_PAYMENTS'],
    ['void', 'MANAGE_PAYMENTS'],
  ] as const)('%s needs %s', async (action, permission) => {
    const order = await orderIn('UNFULFILLED');
    const holder = permission === 'MANAGE_ORDERS' ? ordersStaff : paymentsStaff;
    const other = permission === 'MANAGE_ORDERS' ? paymentsStaff : ordersStaff;
    for (const who of [null, customer, bareStaff, other]) {
      const { payload, errors } = await act(action, order.gid, who);
      expect(payload, `${action} as ${who?.user.email ?? 'visitor'}`).toBeNull();
      expect(errors?.[0]?.message).toMatch(/not authorized/i);
    }
    // The holder gets past the scope: an answer (a refund of an unpaid order is refused as data).
    const { payload, errors } = await act(action, order.gid, holder);
    expect(errors).toBeUndefined();
    expect(payload).not.toBeNull();
  });

  it('the service refuses too, whatever the caller of the API', async () => {
    const order = await orderIn('UNFULFILLED');
    await expect(confirmOrder(bareStaff.ctx, order.id)).rejects.toThrow('You do not have permission to perform this action.');
    await expect(confirmOrder(customer.ctx, order.id)).rejects.toThrow('You do not have permission to perform this action.');
    await expect(confirmOrder(ordersStaff.ctx, order.id)).resolves.toMatchObject({ status: 'UNFULFILLED_ORDER_CONFIRMED' });
  });

  it('shows each user their own permissions', async () => {
    const me = async (c: Customer) => (await t.gql<{ me: { userPermissions: string[] } }>('{ me { userPermissions } }', {}, { token: c.token })).data?.me.userPermissions;
    expect(await me(customer)).toEqual([]);
    expect(await me(ordersStaff)).toEqual(['MANAGE_ORDERS']);
    expect(await me(superuser)).toHaveLength(6);
  });
});

describe('the staff order list', () => {
  const LIST = `query($first: Int, $after: String, $filter: OrderFilterInput) {
    orders(first: $first, after: $after, filter: $filter) { totalCount edges { node { referenceKey status } } pageInfo { hasNextPage endCursor } }
  }`;
  type List = { orders: { totalCount: number; edges: { node: { referenceKey: string; status: string } }[]; pageInfo: { hasNextPage: boolean; endCursor: string } } | null };
  const list = (variables: Record<string, unknown>, who: Customer | null = ordersStaff) => t.gql<List>(LIST, variables, who ? { token: who.token } : {});

  it('filters by status, payment status, search, customer and day, and pages', async () => {
    const confirmed = await orderIn('UNFULFILLED_ORDER_CONFIRMED');
    await act('markAsPaid', confirmed.gid);
    const byRef = await list({ filter: { search: confirmed.referenceKey } });
    expect(byRef.data?.orders?.edges.map((e) => e.node.referenceKey)).toEqual([confirmed.referenceKey]);
    const paid = await list({ first: 100, filter: { paymentStatus: ['FULLY_CHARGED'], status: ['UNFULFILLED_ORDER_CONFIRMED'] } });
    expect(paid.data?.orders?.edges.map((e) => e.node.referenceKey)).toContain(confirmed.referenceKey);
    expect(paid.data?.orders?.edges.every((e) => e.node.status === 'UNFULFILLED_ORDER_CONFIRMED')).toBe(true);
    const byCustomer = await list({ first: 100, filter: { customer: customer.user.email.slice(0, 12) } });
    expect(byCustomer.data?.orders?.totalCount).toBeGreaterThan(1);
    const today = new Date().toLocaleDateString('en-CA', { timeZone: 'Asia/Manila' });
    const todays = await list({ first: 1, filter: { created: { gte: today, lte: today } } });
    expect(todays.data?.orders?.totalCount).toBe(byCustomer.data?.orders?.totalCount);
    const past = await list({ filter: { created: { lte: '2020-01-01' } } });
    expect(past.data?.orders?.totalCount).toBe(0);

    const next = await list({ first: 1, after: todays.data!.orders!.pageInfo.endCursor, filter: { created: { gte: today } } });
    expect(next.data?.orders?.edges).toHaveLength(1);
    expect(next.data?.orders?.edges[0]?.node.referenceKey).not.toBe(todays.data?.orders?.edges[0]?.node.referenceKey);
  });

  it('is for staff with MANAGE_ORDERS only', async () => {
    for (const who of [null, customer, bareStaff, paymentsStaff]) {
      const response = await list({}, who);
      expect(response.data?.orders ?? null).toBeNull();
    }
  });
});
