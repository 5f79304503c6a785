// Test harness for payments: a test API whose PUBLIC_URL is a loopback server hosting the
// webhooks router and the sandbox pages, so the sandbox's webhooks really travel over HTTP
// (as durable jobs, worked by a job runner of the harness).
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { encodeGlobalID } from '@pothos/plugin-relay';
import { eq } from 'drizzle-orm';
import express from 'express';
import pino from 'pino';
import { expect } from 'vitest';
import { startJobRunner, type JobRunner } from '../jobs/job-runner';
import { deliverWebhookJob } from '../jobs/webhook-delivery';
import { createTestApi, type TestApi } from './test-api';
import { createCustomer, createVariant, readyCheckout, seedZones, type Customer } from '../modules/checkout/checkout.fixtures';
import { completeCheckout } from '../modules/checkout/place-order.service';
import { createCardReturnRouter, createMayaSandboxRouter } from '../modules/payments/saved-cards/saved-cards.http';
import { createSandboxRouter } from '../modules/payments/sandbox/sandbox.router';
import { createWebhooksRouter } from '../modules/payments/webhooks/webhooks.router';
import { paymentEvents, payments } from '../modules/payments/payments.tables';
import { users } from '../modules/accounts/accounts.tables';
import { startFake } from '../modules/payments/providers/fake-server';
import { createPaypalFake } from '../modules/payments/providers/paypal/fake';

export type PaymentsHarness = {
  t: TestApi;
  base: string;
  /** The process's job runner (the sandbox's webhooks are its jobs); null while stopped. */
  runner: JobRunner | null;
  startRunner: () => Promise<void>;
  stopRunner: () => Promise<void>;
  close: () => Promise<void>;
};

export type PaymentsHarnessOptions = {
  /** Start without a job runner (a shop that is down), to start one later. Default true. */
  runJobs?: boolean;
  /** Sees each request to /webhooks first (e.g. to fail some, as a shop that is down). */
  beforeWebhooks?: express.RequestHandler;
};

export async function createPaymentsHarness(options: PaymentsHarnessOptions = {}): Promise<PaymentsHarness> {
  const app = express();
  const server: Server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const t = await createTestApi({ publicUrl: base, jobsPollSeconds: 0.5 });
  const log = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
  if (options.beforeWebhooks) app.use('/webhooks', options.beforeWebhooks);
  app.use('/webhooks', createWebhooksRouter({ db: t.db, config: t.config, log }));
  app.use('/sandbox/maya', createMayaSandboxRouter(t.config));
  app.use('/sandbox', createSandboxRouter({ db: t.db, config: t.config, log }));
  app.use('/payments', createCardReturnRouter({ db: t.db, config: t.config, log }));
  await seedZones(t.db);
  const harness: PaymentsHarness = {
    t,
    base,
    runner: null,
    // The sandbox's webhooks are durable jobs: the runner works them, as the shop's does.
    startRunner: async () => {
      harness.runner ??= await startJobRunner({ database: t.database, config: t.config, log, jobs: [deliverWebhookJob] });
    },
    stopRunner: async () => {
      await harness.runner?.stop(1000);
      harness.runner = null;
    },
    close: async () => {
      await harness.stopRunner();
      await new Promise((resolve) => server.close(resolve));
      await t.close();
    },
  };
  if (options.runJobs !== false) await harness.startRunner();
  return harness;
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
export async function decide(pageUrl: string, decision: 'approve' | 'decline' | 'cancel', fields: Record<string, string> = {}): Promise<string> {
  const page = await fetch(pageUrl);
  if (page.status !== 200) throw new Error(`sandbox page ${pageUrl}: ${page.status}`);
  const html = await page.text();
  if (!html.includes('value="approve"')) throw new Error('no Approve button');
  const response = await fetch(pageUrl, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...fields, decision }),
  });
  if (response.status !== 303) throw new Error(`sandbox decision: ${response.status} ${await response.text()}`);
  return response.headers.get('location')!;
}

export type PaypalFake = ReturnType<typeof createPaypalFake>;

/** A Paypal Checkout order approved at PayPal's fake and captured by the shop (FULLY_CHARGED). */
export async function paidPaypalOrder(t: TestApi, paypalFake: PaypalFake): Promise<PlacedPayment & { captureId: string }> {
  const placed = await placeOrder(t, 'Paypal Checkout');
  const token = new URL(placed.redirectUrl!).searchParams.get('token')!;
  paypalFake.approve(token);
  const captured = await t.gql<{ capturePaypalTransaction: { order: { paymentStatus: string } | null } }>(
    'mutation($t: String!) { capturePaypalTransaction(paypalTransactionId: $t) { order { paymentStatus } errors { message } } }',
    { t: token },
    { token: placed.customer.token },
  );
  expect(captured.data!.capturePaypalTransaction.order!.paymentStatus).toBe('FULLY_CHARGED');
  return { ...placed, captureId: paypalFake.orders.get(token)!.captureId! };
}
export const PAYPAL_TEST_WEBHOOK_ID = 'WH-SUKI';

/**
 * A payments harness whose PayPal client talks to PayPal's local fake, and a superuser to act
 * as staff (the refund tests).
 */
export async function createPaypalStaffHarness(): Promise<{
  h: PaymentsHarness;
  staff: Customer;
  paypalFake: PaypalFake;
  close(): Promise<void>;
}> {
  const credentials = { clientId: 'pp-id', clientSecret: 'pp-secret' };
  let fakeUrl = '';
  const paypalFake = createPaypalFake({ ...credentials, publicUrl: () => fakeUrl });
  const h = await createPaymentsHarness();
  const fake = await startFake(paypalFake.handler);
  fakeUrl = fake.url;
  h.t.config.providers = {
    ...h.t.config.providers,
    paypal: { ...credentials, webhookId: PAYPAL_TEST_WEBHOOK_ID, baseUrl: fake.url },
  };
  const c = await createCustomer(h.t);
  await h.t.db.update(users).set({ isStaff: true, isSuperuser: true }).where(eq(users.id, c.user.id));
  const user = { ...c.user, isStaff: true, isSuperuser: true };
  const staff = { ...c, user, ctx: h.t.serviceContext(user) };
  return {
    h,
    staff,
    paypalFake,
    close: async () => {
      await fake.close();
      await h.close();
    },
  };
}

/** A customer made superuser staff, with a service context that acts as them. */
export async function createStaffCustomer(t: TestApi): Promise<Customer> {
  const c = await createCustomer(t);
  await t.db.update(users).set({ isStaff: true, isSuperuser: true }).where(eq(users.id, c.user.id));
  const user = { ...c.user, isStaff: true, isSuperuser: true };
  return { ...c, user, ctx: t.serviceContext(user) };
}
