// /dev/orders: staff move orders through the state machine; nobody else can.
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { encodeGlobalID } from '@pothos/plugin-relay';
import { eq } from 'drizzle-orm';
import express from 'express';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../../testing/test-api';
import { users } from '../accounts/accounts.tables';
import { signSessionToken } from '../accounts/session';
import { staffPermissions } from '../system/staff-access.tables';
import { createCustomer, createVariant, readyCheckout, seedZones, type Customer } from '../checkout/checkout.fixtures';
import { completeCheckout } from '../checkout/place-order.service';
import { createOrderSandboxRouter } from './order-sandbox';
import { orders } from './orders.tables';

let t: TestApi;
let server: Server;
let base: string;
let customer: Customer;
let staffToken: string;
let plainStaffToken: string;
beforeAll(async () => {
  t = await createTestApi();
  await seedZones(t.db);
  customer = await createCustomer(t);
  const s = await createCustomer(t);
  const [row] = await t.db.update(users).set({ isStaff: true }).where(eq(users.id, s.user.id)).returning();
  staffToken = await signSessionToken(row!, t.config.jwtSecret);
  // Staff without MANAGE_ORDERS are refused like customers.
  const other = await createCustomer(t);
  const [plain] = await t.db.update(users).set({ isStaff: true }).where(eq(users.id, other.user.id)).returning();
  plainStaffToken = await signSessionToken(plain!, t.config.jwtSecret);
  await t.db.insert(staffPermissions).values({ userId: row!.id, permission: 'MANAGE_ORDERS' });
  const app = express();
  app.use('/dev/orders', createOrderSandboxRouter({ db: t.db, config: t.config, log: pino({ level: 'silent' }) }));
  server = app.listen(0);
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/dev/orders`;
});
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await t?.close();
});

const post = (path: string, token: string | null, body: Record<string, string> = {}) =>
  fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });

describe('/dev/orders', () => {
  it('staff confirm and fulfil an order; customers, visitors and unknown events are refused', async () => {
    const variantId = await createVariant(t.db, { price: 1_000_00, stock: 5 });
    const { order } = await completeCheckout(customer.ctx, await readyCheckout(customer, [{ variantId, quantity: 1 }]));
    expect((await post(`/${order.id}/confirm`, customer.token)).status).toBe(403);
    expect((await post(`/${order.id}/confirm`, null)).status).toBe(403);
    expect((await post(`/${order.id}/confirm`, plainStaffToken)).status).toBe(403);
    expect((await post(`/${order.id}/checkoutComplete`, staffToken)).status).toBe(404);
    expect((await post(`/${encodeGlobalID('Order', order.id)}/confirm`, staffToken)).status).toBe(404);
    expect((await post(`/${order.id}/fulfil`, staffToken)).status).toBe(409); // not confirmed yet

    expect(await (await post(`/${order.id}/confirm`, staffToken)).json()).toEqual({ order: { id: order.id, status: 'UNFULFILLED_ORDER_CONFIRMED' } });
    const fulfilled = await post(`/${order.id}/fulfil`, staffToken, { trackingNumber: 'LBC-42' });
    expect(fulfilled.status).toBe(200);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({ status: 'FULFILLED', trackingNumber: 'LBC-42' });
  });
});
