// The staff dashboard on a real database: today's figures, orders waiting, low stock.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { users } from '../accounts/accounts.tables';
import { createCustomer, createVariant, readyCheckout, seedZones, type Customer } from '../checkout/checkout.fixtures';
import { completeCheckout } from '../checkout/place-order.service';
import { createTestApi, type TestApi } from '../../testing/test-api';
import { requestOrderCancel } from '../orders/order-actions.service';
import { staffDashboard } from './dashboard.service';

let t: TestApi;
let customer: Customer;
let staff: Customer;
beforeAll(async () => {
  t = await createTestApi();
  await seedZones(t.db);
  customer = await createCustomer(t);
  const s = await createCustomer(t);
  await t.db.update(users).set({ isStaff: true, isSuperuser: true }).where(eq(users.id, s.user.id));
  staff = { ...s, user: { ...s.user, isStaff: true, isSuperuser: true }, ctx: t.serviceContext({ ...s.user, isStaff: true, isSuperuser: true }) };
});
afterAll(async () => {
  await t?.close();
});

it("counts today's orders and sales, the orders waiting by status, and the variants running low", async () => {
  const low = await createVariant(t.db, { price: 500_00, stock: 3 });
  const plenty = await createVariant(t.db, { price: 1_000_00, stock: 50 });
  const first = await completeCheckout(customer.ctx, await readyCheckout(customer, [{ variantId: low, quantity: 1 }]));
  await completeCheckout(customer.ctx, await readyCheckout(customer, [{ variantId: plenty, quantity: 1 }]));
  await requestOrderCancel(customer.ctx, { orderId: first.order.id, reason: 'CHANGE_PAYMENT_METHOD', note: '' });

  const board = await staffDashboard(staff.ctx);
  expect(board.ordersToday).toBe(2);
  expect(board.salesToday).toBeGreaterThanOrEqual(1_500_00);
  expect(board.waiting).toContainEqual({ status: 'UNFULFILLED', count: 1 });
  expect(board.waiting).toContainEqual({ status: 'PENDING_FOR_CANCELLATION', count: 1 });
  expect(board.salesByDay).toHaveLength(14);
  expect(board.salesByDay.at(-1)).toMatchObject({ orders: 2, sales: board.salesToday });
  expect(board.lowStock.map((v) => v.variantId)).toContain(low);
  expect(board.lowStock.map((v) => v.variantId)).not.toContain(plenty);

  const response = await t.gql<{ staffDashboard: { ordersToday: number; salesToday: { amount: number } } | null }>(
    '{ staffDashboard { ordersToday salesToday { amount } } }',
    {},
    { token: staff.token },
  );
  expect(response.data?.staffDashboard?.ordersToday).toBe(2);
  await expect(staffDashboard(customer.ctx)).rejects.toThrow('You do not have permission to perform this action.');
});
