// orderBulkConfirm on a real database: each order confirmed on its own (a refused one does not
// undo the others), errors per refused order, and who may do it.
import { encodeGlobalID } from '@pothos/plugin-relay';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffPermission } from '../../../common/staff/permissions';
import { users } from '../accounts/accounts.tables';
import { createCustomer, createVariant, readyCheckout, seedZones, type Customer } from '../checkout/checkout.fixtures';
import { completeCheckout } from '../checkout/place-order.service';
import { staffActions, staffPermissions } from '../system/staff-access.tables';
import { createTestApi, type TestApi } from '../../testing/test-api';
import { confirmOrder, fulfillOrder } from './order-staff.service';
import { orders } from './orders.tables';

let t: TestApi;
let customer: Customer;
let ordersStaff: Customer;
let paymentsStaff: Customer;

async function staffWith(permissions: StaffPermission[]): Promise<Customer> {
  const c = await createCustomer(t);
  await t.db.update(users).set({ isStaff: true }).where(eq(users.id, c.user.id));
  if (permissions.length) await t.db.insert(staffPermissions).values(permissions.map((permission) => ({ userId: c.user.id, permission })));
  const user = { ...c.user, isStaff: true };
  return { ...c, user, ctx: t.serviceContext(user) };
}

beforeAll(async () => {
  t = await createTestApi();
  await seedZones(t.db);
  customer = await createCustomer(t);
  ordersStaff = await staffWith(['MANAGE_ORDERS']);
  paymentsStaff = await staffWith(['MANAGE_PAYMENTS']);
});
afterAll(async () => {
  await t?.close();
});

async function placeOrder() {
  const variantId = await createVariant(t.db, { price: 1_000_00, stock: 10 });
  const checkoutId = await readyCheckout(customer, [{ variantId, quantity: 1 }]);
  const { order } = await completeCheckout(customer.ctx, checkoutId);
  return { id: order.id, gid: encodeGlobalID('Order', order.id) };
}

const BULK = 'mutation($ids: [ID!]!) { orderBulkConfirm(ids: $ids) { count orders { id status } errors { field message } } }';
type Bulk = { orderBulkConfirm: { count: number; orders: { id: string; status: string }[]; errors: { field: string | null; message: string }[] } | null };
const statusOf = async (id: number) => (await t.db.select({ status: orders.status }).from(orders).where(eq(orders.id, id)))[0]!.status;

describe('orderBulkConfirm', () => {
  it('confirms the confirmable orders and reports the refused one by its id', async () => {
    const a = await placeOrder();
    const b = await placeOrder();
    const done = await placeOrder();
    await confirmOrder(ordersStaff.ctx, done.id);
    await fulfillOrder(ordersStaff.ctx, done.id, { trackingNumber: 'LBC-123456', trackingLink: null });

    const response = await t.gql<Bulk>(BULK, { ids: [a.gid, done.gid, b.gid] }, { token: ordersStaff.token });
    expect(response.errors).toBeUndefined();
    const result = response.data!.orderBulkConfirm!;
    expect(result.count).toBe(2);
    expect(result.orders.map((o) => [o.id, o.status])).toEqual([
      [a.gid, 'UNFULFILLED_ORDER_CONFIRMED'],
      [b.gid, 'UNFULFILLED_ORDER_CONFIRMED'],
    ]);
    expect(result.errors).toEqual([{ field: done.gid, message: 'Only an unfulfilled order can be confirmed.' }]);
    // The refusal in the middle undid neither confirmation; the fulfilled order is untouched.
    expect(await statusOf(a.id)).toBe('UNFULFILLED_ORDER_CONFIRMED');
    expect(await statusOf(b.id)).toBe('UNFULFILLED_ORDER_CONFIRMED');
    expect(await statusOf(done.id)).toBe('FULFILLED');
    // Each confirmation is logged with who did it.
    const logged = await t.db.select().from(staffActions).where(inArray(staffActions.subjectId, [a.id, b.id]));
    expect(logged.filter((l) => l.action === 'confirm' && l.subjectType === 'order' && l.actorUserId === ordersStaff.user.id)).toHaveLength(2);
  });

  it('reports unknown ids, and refuses an empty or too long list', async () => {
    const a = await placeOrder();
    const unknown = encodeGlobalID('Order', 999_999);
    const result = (await t.gql<Bulk>(BULK, { ids: [a.gid, unknown, 'nonsense'] }, { token: ordersStaff.token })).data!.orderBulkConfirm!;
    expect(result.count).toBe(1);
    expect(result.errors).toEqual([
      { field: unknown, message: 'Order not found.' },
      { field: 'nonsense', message: 'Order not found.' },
    ]);
    const empty = (await t.gql<Bulk>(BULK, { ids: [] }, { token: ordersStaff.token })).data!.orderBulkConfirm!;
    expect(empty).toMatchObject({ count: 0, errors: [{ field: 'ids', message: 'Please select at least one order.' }] });
    const many = Array.from({ length: 101 }, (_, i) => encodeGlobalID('Order', i + 1));
    // More than 100 ids never reach the resolver: the API's list limit refuses the request.
    const tooMany = await t.gql<Bulk>(BULK, { ids: many }, { token: ordersStaff.token });
    expect(tooMany.data?.orderBulkConfirm ?? null).toBeNull();
    expect(tooMany.errors?.length).toBeGreaterThan(0);
  });

  it('is refused to a customer and to staff without MANAGE_ORDERS', async () => {
    const a = await placeOrder();
    for (const who of [customer, paymentsStaff]) {
      const response = await t.gql<Bulk>(BULK, { ids: [a.gid] }, { token: who.token });
      expect(response.data?.orderBulkConfirm ?? null).toBeNull();
      expect(response.errors?.length).toBeGreaterThan(0);
    }
    expect((await t.gql<Bulk>(BULK, { ids: [a.gid] }, {})).data?.orderBulkConfirm ?? null).toBeNull();
    expect(await statusOf(a.id)).toBe('UNFULFILLED');
  });
});
