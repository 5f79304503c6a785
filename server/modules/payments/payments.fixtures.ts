// Test harness for payments: a test API whose PUBLIC_URL is a loopback server hosting the
// webhooks router and the sandbox pages, so the sandbox's webhooks really travel over HTTP.
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { encodeGlobalID } from '@pothos/plugin-relay';
import { eq } from 'drizzle-orm';
import express from 'express';
import pino from 'pino';
import { createTestApi, type TestApi } from '../../testing/test-api';
import { createCustomer, createVariant, readyCheckout, seedZones, type Customer } from '../checkout/checkout.fixtures';
import { completeCheckout } from '../checkout/place-order';
import { createSandboxRouter } from './sandbox/sandbox.router';
import { createWebhooksRouter } from './webhooks.router';
import { paymentEvents, payments } from './payments.tables';

export type PaymentsHarness = {
  t: TestApi;
  base: string;
  close: () => Promise<void>;
};

export async function createPaymentsHarness(): Promise<PaymentsHarness> {
  const app = express();
  const server: Server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const t = await createTestApi({ publicUrl: base });
  const log = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
  app.use('/webhooks', createWebhooksRouter({ db: t.db, config: t.config, log }));
  app.use('/sandbox', createSandboxRouter({ db: t.db, config: t.config, log }));
  await seedZones(t.db);
  return {
    t,
    base,
    close: async () => {
      await new Promise((resolve) => server.close(resolve));
      await t.close();
    },
  };
}

export type PlacedPayment = {
  customer: Customer;
  orderId: number;
  orderGlobalId: string;
  referenceKey: string;
  paymentId: number;
  redirectUrl: string | null;
  qrCode: string | null;
};

/** A verified customer's order of one ₱5,000 installment-ready phone, paid with `gateway`. */
export async function placeOrder(t: TestApi, gateway: string): Promise<PlacedPayment> {
  const customer = await createCustomer(t);
  const variantId = await createVariant(t.db, { price: 5_000_00, isInstallmentReady: true });
  const checkoutId = await readyCheckout(customer, [{ variantId, quantity: 1 }], { gateway });
  const placed = await completeCheckout(customer.ctx, checkoutId);
  const [payment] = await t.db.select().from(payments).where(eq(payments.orderId, placed.order.id));
  return {
    customer,
    orderId: placed.order.id,
    orderGlobalId: encodeGlobalID('Order', placed.order.id),
    referenceKey: placed.order.referenceKey,
    paymentId: payment!.id,
    redirectUrl: placed.redirectUrl,
    qrCode: placed.qrCode,
  };
}

export async function paymentRow(t: TestApi, paymentId: number) {
  const [row] = await t.db.select().from(payments).where(eq(payments.id, paymentId));
  return row!;
}

export async function eventRows(t: TestApi, paymentId: number) {
  return t.db.select().from(paymentEvents).where(eq(paymentEvents.paymentId, paymentId));
}

/** Posts a decision on a sandbox page; returns where the sandbox sends the shopper. */
export async function decide(pageUrl: string, decision: 'approve' | 'decline' | 'cancel'): Promise<string> {
  const page = await fetch(pageUrl);
  if (page.status !== 200) throw new Error(`sandbox page ${pageUrl}: ${page.status}`);
  const html = await page.text();
  if (!html.includes('value="approve"')) throw new Error('no Approve button');
  const response = await fetch(pageUrl, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ decision }),
  });
  if (response.status !== 303) throw new Error(`sandbox decision: ${response.status} ${await response.text()}`);
  return response.headers.get('location')!;
}
