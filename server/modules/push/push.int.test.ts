// Web Push through the API on a real database, against a fake push service on loopback:
// authorizeDevice stores one row per browser, visitors are refused, a status change sends one
// encrypted, VAPID-signed message per browser, 404/410 forget the browser, and a failing push
// service never fails the transition (docs/decisions/014-web-push.md).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_STATUS_DISPLAY } from '../../../common/orders/order-status';
import { createCustomer, createVariant, readyCheckout, seedZones, type Customer } from '../checkout/checkout.fixtures';
import { completeCheckout } from '../checkout/place-order.service';
import { listEmails } from '../notifications/notifications.service';
import { applyOrderEvent } from '../orders/order-transitions.service';
import { orders } from '../orders/orders.tables';
import { capturedLogger } from '../../testing/captured-logger';
import { createTestApi, type TestApi } from '../../testing/test-api';
import { decryptPush, startFakePushService, verifyVapid, type FakeBrowser } from './fake-push-service';
import { PUSH_MESSAGES } from './push-subscription';
import { startJobRunner } from '../../jobs/job-runner';
import { JOB_SCHEMA } from '../../jobs/job-sql';
import { sleep, waitFor } from '../../jobs/job-testing';
import { retryPushJob } from './push-retry.service';
import { MAX_DEVICES_PER_USER } from './push.service';
import { pushSubscriptions } from './push.tables';

let t: TestApi;
let push: Awaited<ReturnType<typeof startFakePushService>>;
let staff: Customer;
let variantId: number;

beforeAll(async () => {
  t = await createTestApi();
  await seedZones(t.db);
  push = await startFakePushService();
  const s = await createCustomer(t);
  staff = { ...s, ctx: t.serviceContext({ ...s.user, isStaff: true }) };
  variantId = await createVariant(t.db, { price: 500_00, stock: 100 });
});
afterAll(async () => {
  await push?.close();
  await t?.close();
});

type DevicePayload = { isSuccessful: boolean | null; errors: { field: string | null; message: string }[] };

const AUTHORIZE = `mutation($registrationId: String!) {
  authorizeDevice(registrationId: $registrationId, type: WEB) { isSuccessful errors { field message } }
}`;
const UNAUTHORIZE = `mutation($registrationId: String!) {
  unauthorizeDevice(registrationId: $registrationId) { isSuccessful errors { field message } }
}`;

async function authorize(customer: Customer | null, registrationId: string) {
  const result = await t.gql<{ authorizeDevice: DevicePayload }>(AUTHORIZE, { registrationId }, { token: customer?.token });
  expect(result.errors).toBeUndefined();
  return result.data!.authorizeDevice;
}

async function unauthorize(customer: Customer | null, registrationId: string) {
  const result = await t.gql<{ unauthorizeDevice: DevicePayload }>(UNAUTHORIZE, { registrationId }, { token: customer?.token });
  expect(result.errors).toBeUndefined();
  return result.data!.unauthorizeDevice;
}

async function endpointsOf(customer: Customer) {
  const result = await t.gql<{ me: { webPushEndpoints: string[] } }>('{ me { webPushEndpoints } }', {}, { token: customer.token });
  expect(result.errors).toBeUndefined();
  return result.data!.me.webPushEndpoints;
}

const rowsFor = (endpoint: string) => t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));

async function placeOrder(customer: Customer) {
  return (await completeCheckout(customer.ctx, await readyCheckout(customer, [{ variantId, quantity: 1 }]))).order;
}

/** A customer with these browsers turned on. */
async function customerWith(...browsers: FakeBrowser[]) {
  const customer = await createCustomer(t);
  for (const b of browsers) expect((await authorize(customer, b.registrationId)).isSuccessful).toBe(true);
  return customer;
}

describe('webPushPublicKey', () => {
  it('answers anyone the VAPID public key browsers subscribe with', async () => {
    const result = await t.gql<{ webPushPublicKey: string }>('{ webPushPublicKey }');
    expect(result.data?.webPushPublicKey).toBe(t.config.vapid.publicKey);
    expect(Buffer.from(result.data!.webPushPublicKey, 'base64url')).toHaveLength(65);
  });
});

describe('authorizeDevice', () => {
  it('stores the browser once per endpoint, whatever the number of calls', async () => {
    const browser = push.browser();
    const alice = await customerWith(browser);
    expect(await authorize(alice, browser.registrationId)).toEqual({ isSuccessful: true, errors: [] });
    // The browser renewed its keys: the same row, the new keys.
    const renewed = push.browser(new URL(browser.endpoint).pathname);
    expect((await authorize(alice, renewed.registrationId)).isSuccessful).toBe(true);
    const rows = await rowsFor(browser.endpoint);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ userId: alice.user.id, type: 'WEB', p256dh: renewed.keys.p256dh, auth: renewed.keys.auth });
    expect(await endpointsOf(alice)).toEqual([browser.endpoint]);
  });

  it('gives a browser to whoever turned it on last', async () => {
    const browser = push.browser();
    const alice = await customerWith(browser);
    const bob = await customerWith(browser);
    expect(await endpointsOf(alice)).toEqual([]);
    expect(await endpointsOf(bob)).toEqual([browser.endpoint]);
    expect(await rowsFor(browser.endpoint)).toHaveLength(1);
  });

  it('refuses visitors and stores nothing', async () => {
    const browser = push.browser();
    const answer = await authorize(null, browser.registrationId);
    expect(answer.isSuccessful).toBe(false);
    expect(answer.errors.length).toBeGreaterThan(0);
    expect(await rowsFor(browser.endpoint)).toHaveLength(0);
    expect((await unauthorize(null, browser.registrationId)).errors.length).toBeGreaterThan(0);
  });

  it('refuses what is not a usable subscription', async () => {
    const alice = await createCustomer(t);
    const good = push.browser();
    const bad = [
      'not json',
      JSON.stringify({ endpoint: good.endpoint }),
      JSON.stringify({ endpoint: good.endpoint, keys: { p256dh: 'abc', auth: good.keys.auth } }),
      JSON.stringify({ endpoint: good.endpoint, keys: { p256dh: good.keys.p256dh, auth: 'AAAA' } }),
      // Not a push service: the shop must not post wherever a customer points it.
      JSON.stringify({ ...JSON.parse(good.registrationId), endpoint: 'https://internal.example.com/push/1' }),
      JSON.stringify({ ...JSON.parse(good.registrationId), endpoint: 'http://fcm.googleapis.com/fcm/send/x' }),
      JSON.stringify({ ...JSON.parse(good.registrationId), endpoint: 'https://10.0.0.1/push' }),
    ];
    for (const registrationId of bad) {
      expect(await authorize(alice, registrationId), registrationId).toEqual({
        isSuccessful: false,
        errors: [{ field: 'registrationId', message: PUSH_MESSAGES.invalidRegistration }],
      });
    }
    expect(await endpointsOf(alice)).toEqual([]);
  });

  it(`keeps the ${MAX_DEVICES_PER_USER} most recently authorized browsers of a customer`, async () => {
    const browsers = Array.from({ length: MAX_DEVICES_PER_USER + 2 }, () => push.browser());
    const alice = await customerWith(...browsers);
    const kept = await endpointsOf(alice);
    expect(kept).toHaveLength(MAX_DEVICES_PER_USER);
    expect(kept).not.toContain(browsers[0]!.endpoint);
    expect(kept).toContain(browsers.at(-1)!.endpoint);
  });
});

describe('unauthorizeDevice', () => {
  it('turns off the customer\'s own browser only, by its subscription or its endpoint', async () => {
    const [phone, laptop] = [push.browser(), push.browser()];
    const alice = await customerWith(phone, laptop);
    const bob = await createCustomer(t);
    // Bob knowing Alice's endpoint changes nothing of hers.
    expect((await unauthorize(bob, phone.registrationId)).isSuccessful).toBe(true);
    expect(await endpointsOf(alice)).toHaveLength(2);
    expect(await unauthorize(alice, phone.registrationId)).toEqual({ isSuccessful: true, errors: [] });
    expect(await unauthorize(alice, laptop.endpoint)).toEqual({ isSuccessful: true, errors: [] });
    expect(await endpointsOf(alice)).toEqual([]);
    // Turning off what is already off is no error.
    expect((await unauthorize(alice, phone.registrationId)).isSuccessful).toBe(true);
  });
});

describe('order status pushes', () => {
  it('sends each browser of the customer one encrypted, VAPID-signed message', async () => {
    const [phone, laptop, strangers] = [push.browser(), push.browser(), push.browser()];
    const alice = await customerWith(phone, laptop);
    await customerWith(strangers);
    const order = await placeOrder(alice);
    const before = push.posts.length;
    await applyOrderEvent(staff.ctx, order.id, 'confirm', 'staff');

    expect(push.posts.length - before).toBe(2);
    expect(push.postsTo(strangers)).toHaveLength(0);
    for (const browser of [phone, laptop]) {
      const posts = push.postsTo(browser);
      expect(posts).toHaveLength(1);
      const post = posts[0]!;
      expect(post.headers['content-encoding']).toBe('aes128gcm');
      expect(post.headers['content-type']).toBe('application/octet-stream');
      expect(Number(post.headers.ttl)).toBeGreaterThan(0);
      expect(post.headers.urgency).toBe('normal');
      expect(post.headers.topic).toBe(`order-${order.id}`);
      const vapid = await verifyVapid(post, push.origin);
      expect(vapid.publicKey).toBe(t.config.vapid.publicKey);
      expect(vapid.claims.sub).toBe(t.config.vapid.subject);
      // The body is ciphertext: only the browser's keys open it.
      expect(post.body.toString('utf8')).not.toContain(order.referenceKey);
      const status = ORDER_STATUS_DISPLAY.UNFULFILLED_ORDER_CONFIRMED;
      expect(JSON.parse(decryptPush(browser, post.body))).toEqual({
        title: `Order ${order.referenceKey}: ${status}`,
        body: `The status of your order ${order.referenceKey} is now: ${status}.`,
        url: `/account/order-details/${order.id}`,
        tag: `order-${order.id}`,
      });
    }
  });

  it('forgets a browser the push service answers 410 or 404 for, and keeps the others', async () => {
    const [gone, notFound, fine] = [push.browser(), push.browser(), push.browser()];
    push.answer(new URL(gone.endpoint).pathname, 410);
    push.answer(new URL(notFound.endpoint).pathname, 404);
    const alice = await customerWith(gone, notFound, fine);
    await applyOrderEvent(staff.ctx, (await placeOrder(alice)).id, 'confirm', 'staff');
    expect(push.postsTo(gone)).toHaveLength(1);
    expect(await rowsFor(gone.endpoint)).toHaveLength(0);
    expect(await rowsFor(notFound.endpoint)).toHaveLength(0);
    expect(await rowsFor(fine.endpoint)).toHaveLength(1);
  });

  it('never fails the transition when push services fail, and logs no subscription', async () => {
    const broken = push.browser();
    push.answer(new URL(broken.endpoint).pathname, 500);
    // A push service that is down: a port nobody listens on.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const down = { ...push.browser(), endpoint: `http://127.0.0.1:${port}/push/down` };
    down.registrationId = JSON.stringify({ endpoint: down.endpoint, keys: down.keys });

    const alice = await customerWith(broken, down);
    const order = await placeOrder(alice);
    const captured = capturedLogger();
    const updated = await applyOrderEvent({ ...staff.ctx, log: captured.log }, order.id, 'confirm', 'staff');

    expect(updated.status).toBe('UNFULFILLED_ORDER_CONFIRMED');
    const [stored] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(stored!.status).toBe('UNFULFILLED_ORDER_CONFIRMED');
    expect((await listEmails(t.db, { to: alice.user.email })).some((e) => e.template === 'order_status')).toBe(true);
    // Failures keep the subscriptions (the next change may get through) and are logged...
    expect(await rowsFor(broken.endpoint)).toHaveLength(1);
    expect(await rowsFor(down.endpoint)).toHaveLength(1);
    const warnings = captured.records().filter((r) => r.msg === 'web push not sent');
    expect(warnings).toHaveLength(2);
    expect(warnings.map((w) => w.status).sort()).toEqual([500, null].sort());
    // ...without the endpoints' paths or keys, which address the customer's browser.
    for (const secret of [new URL(broken.endpoint).pathname, '/push/down', broken.keys.p256dh, broken.keys.auth, down.keys.auth]) {
      expect(captured.text()).not.toContain(secret);
    }
  });

  it('retries a push the push service failed with 5xx by a job, until it is delivered', async () => {
    const flaky = push.browser();
    push.answer(new URL(flaky.endpoint).pathname, 503);
    const alice = await customerWith(flaky);
    const order = await placeOrder(alice);
    await applyOrderEvent(staff.ctx, order.id, 'confirm', 'staff');
    expect(push.postsTo(flaky)).toHaveLength(1);

    push.answer(new URL(flaky.endpoint).pathname, 201);
    const runner = await startJobRunner({ database: t.database, config: { ...t.config, jobsPollSeconds: 0.5 }, log: capturedLogger().log, jobs: [retryPushJob] });
    try {
      // The first retry waits 30 s or more; bring it forward instead of waiting.
      await t.database.executeSql(`UPDATE ${JOB_SCHEMA}.job SET start_after = now() WHERE name = $1`, [retryPushJob.name]);
      await waitFor(() => push.postsTo(flaky).length === 2, 10_000, 'the retried push');
      const status = ORDER_STATUS_DISPLAY.UNFULFILLED_ORDER_CONFIRMED;
      expect(JSON.parse(decryptPush(flaky, push.postsTo(flaky)[1]!.body)).title).toBe(`Order ${order.referenceKey}: ${status}`);
      await sleep(1500);
      expect(push.postsTo(flaky)).toHaveLength(2);
    } finally {
      await runner.stop(1000);
    }
  });
});
