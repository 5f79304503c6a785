// Web Push from the profile (docs/decisions/014-web-push.md): a new customer turns on "Order
// notifications on this device", the browser registers /sw.js, staff confirm an order, and the
// push service receives one encrypted message leading to the order; the service worker shows
// a pushed message as a notification; turning the switch off forgets the browser.
// Headless Chromium has no push service of its own (subscribing needs Google's servers), so
// the page's PushManager answers with a subscription to a fake push service on loopback, which
// the demo shop (not live) accepts. Everything else is the real browser and the real shop.
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decryptPush, startFakePushService, type FakeBrowser } from '../server/modules/push/fake-push-service';
import { baseURL, launchBrowser, newPage, seriousA11yViolations } from './browser';
import { apiQuery, hydrated, sessionToken as signIn } from './catalogue-helpers';
import { newCustomer } from './customers';

const STAFF = { email: 'staff@example.com', password: 'staff123' };
const SWITCH = 'Order notifications on this device';

let browser: Browser;
let push: Awaited<ReturnType<typeof startFakePushService>>;
beforeAll(async () => {
  browser = await launchBrowser();
  push = await startFakePushService();
});
afterAll(async () => {
  await browser?.close();
  await push?.close();
});


/**
 * Makes the page's PushManager subscribe to the fake push service: the subscription a browser
 * would hand over (endpoint and keys), kept in localStorage across reloads like a real one.
 */
async function fakePushManager(context: BrowserContext, subscription: FakeBrowser) {
  await context.grantPermissions(['notifications'], { origin: baseURL() });
  await context.addInitScript((sub: { endpoint: string; keys: { p256dh: string; auth: string } }) => {
    const STORE = 'e2e-push-subscription-key';
    const make = (key: number[]) => ({
      endpoint: sub.endpoint,
      expirationTime: null,
      options: { userVisibleOnly: true, applicationServerKey: new Uint8Array(key).buffer },
      toJSON: () => ({ endpoint: sub.endpoint, expirationTime: null, keys: sub.keys }),
      unsubscribe: async () => (localStorage.removeItem(STORE), true),
    });
    PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
      const key = Array.from(new Uint8Array(options!.applicationServerKey as Uint8Array));
      localStorage.setItem(STORE, JSON.stringify(key));
      return make(key) as unknown as PushSubscription;
    };
    PushManager.prototype.getSubscription = async function () {
      const stored = localStorage.getItem(STORE);
      return stored ? (make(JSON.parse(stored) as number[]) as unknown as PushSubscription) : null;
    };
  }, { endpoint: subscription.endpoint, keys: subscription.keys });
}

const myEndpoints = async (token: string) =>
  (await apiQuery<{ me: { webPushEndpoints: string[] } }>('{ me { webPushEndpoints } }', {}, token)).me.webPushEndpoints;

/** Buys one unit of any product in stock (Bank Deposit, pickup) through the API. */
async function placeOrder(token: string): Promise<{ id: string; number: string }> {
  const { products } = await apiQuery<{ products: { edges: { node: { productType: { name: string } | null; variants: { id: string; stockQuantity: number | null }[] | null } }[] } }>(
    '{ products(first: 60) { edges { node { productType { name } variants { id stockQuantity } } } } }',
  );
  const variant = products.edges
    .filter((e) => e.node.productType?.name !== 'Voucher')
    .flatMap((e) => e.node.variants ?? [])
    .find((v) => (v.stockQuantity ?? 0) >= 3)!;
  const { me } = await apiQuery<{ me: { checkout: { id: string; lines: { id: string }[] } | null } }>('{ me { checkout { id lines { id } } } }', {}, token);
  for (const line of me.checkout?.lines ?? []) {
    await apiQuery('mutation($c: ID!, $l: ID!) { checkoutLineDelete(checkoutId: $c, lineId: $l) { errors { message } } }', { c: me.checkout!.id, l: line.id }, token);
  }
  const { checkoutCreate } = await apiQuery<{ checkoutCreate: { checkout: { id: string; availableShippingMethods: { id: string; type: string }[] } } }>(
    'mutation($input: CheckoutCreateInput!) { checkoutCreate(input: $input) { checkout { id availableShippingMethods { id type } } errors { message } } }',
    { input: { lines: [{ variantId: variant.id, quantity: 1 }] } },
    token,
  );
  const c = checkoutCreate.checkout.id;
  const address = { firstName: 'Juan', lastName: 'Dela Cruz', streetAddress1: '123 Rizal Street', cityArea: 'Poblacion', city: 'Makati City', countryArea: 'Metro Manila', postalCode: '1210', phone: '9171234567' };
  const pickup = checkoutCreate.checkout.availableShippingMethods.find((m) => m.type === 'PICKUP')!;
  await apiQuery('mutation($c: ID!, $a: AddressInput!) { checkoutBillingAddressUpdate(checkoutId: $c, billingAddress: $a) { errors { message } } }', { c, a: address }, token);
  await apiQuery('mutation($c: ID!, $m: ID!) { checkoutShippingMethodUpdate(checkoutId: $c, shippingMethodId: $m) { errors { message } } }', { c, m: pickup.id }, token);
  await apiQuery('mutation($c: ID!, $i: PaymentInput!) { checkoutPaymentCreate(checkoutId: $c, input: $i) { errors { message } } }', { c, i: { gateway: 'Bank Deposit', token: 'not-charged' } }, token);
  const { checkoutComplete } = await apiQuery<{ checkoutComplete: { order: { id: string; number: string } | null; errors: { message: string }[] } }>(
    'mutation($c: ID!) { checkoutComplete(checkoutId: $c) { order { id number } errors { message } } }',
    { c },
    token,
  );
  expect(checkoutComplete.errors).toEqual([]);
  return checkoutComplete.order!;
}

describe('web push', () => {
  it('turns order notifications on, pushes a status change, shows it, and turns them off', async () => {
    const device = push.browser();
    const { context, page } = await newPage(browser);
    await fakePushManager(context, device);
    const { token } = await newCustomer('web-push', { context });
    const { webPushPublicKey } = await apiQuery<{ webPushPublicKey: string }>('{ webPushPublicKey }');

    await page.goto('/account/profile');
    await hydrated(page);
    const toggle = page.getByRole('switch', { name: SWITCH });
    await expect(toggle.isChecked()).resolves.toBe(false);
    // A controlled switch: it turns on once the browser subscribed and the shop stored it.
    await page.getByText(SWITCH).click();
    await page.waitForFunction(() => document.querySelector<HTMLInputElement>('input[role="switch"]')?.checked === true && !document.querySelector<HTMLInputElement>('input[role="switch"]')?.disabled);
    expect(await myEndpoints(token)).toContain(device.endpoint);
    // The page subscribed with the shop's key and registered the service worker at /sw.js.
    const subscribedKey = await page.evaluate(() => localStorage.getItem('e2e-push-subscription-key'));
    expect(Buffer.from(JSON.parse(subscribedKey!) as number[]).toString('base64url')).toBe(webPushPublicKey);
    const workerUrl = await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL);
    expect(workerUrl).toBe(`${baseURL()}/sw.js`);
    expect((await seriousA11yViolations(page)).map((v) => `${v.id}: ${v.help}`)).toEqual([]);

    // Staff confirm a new order: the push service gets one message for this browser.
    const order = await placeOrder(token);
    const response = await fetch(`${baseURL()}/dev/orders/${order.number}/confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${await signIn(STAFF.email, STAFF.password)}` },
      body: '{}',
    });
    expect(response.status).toBe(200);
    const posts = push.postsTo(device);
    expect(posts).toHaveLength(1);
    expect(posts[0]!.headers['content-encoding']).toBe('aes128gcm');
    const message = JSON.parse(decryptPush(device, posts[0]!.body)) as { title: string; body: string; url: string };
    expect(message.url).toMatch(/^\/account\/order-details\/\d+$/);
    expect(message.title).toContain('Order ');

    // The service worker shows such a message as a notification (delivered through DevTools,
    // as the push service would).
    const cdp = await context.newCDPSession(page);
    const registered = new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const found = registrations.find((r) => r.scopeURL === `${baseURL()}/`);
        if (found) resolve(found.registrationId);
      });
    });
    await cdp.send('ServiceWorker.enable');
    const registrationId = await registered;
    await cdp.send('ServiceWorker.deliverPushMessage', { origin: baseURL(), registrationId, data: JSON.stringify(message) });
    const notifications = () =>
      page.evaluate(async () =>
        (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({ title: n.title, body: n.body, url: (n.data as { url: string }).url })),
      );
    let shown = await notifications();
    for (let i = 0; shown.length === 0 && i < 50; i++) {
      await page.waitForTimeout(100);
      shown = await notifications();
    }
    expect(shown).toContainEqual({ title: message.title, body: message.body, url: `${baseURL()}${message.url}` });

    // After a reload the switch is still on; turning it off forgets this browser.
    await page.reload();
    await hydrated(page);
    await page.waitForFunction(() => document.querySelector<HTMLInputElement>('input[role="switch"]')?.checked === true);
    await page.getByText(SWITCH).click();
    await page.waitForFunction(() => document.querySelector<HTMLInputElement>('input[role="switch"]')?.checked === false && !document.querySelector<HTMLInputElement>('input[role="switch"]')?.disabled);
    expect(await myEndpoints(token)).not.toContain(device.endpoint);
    await context.close();
  });

  it('shows no switch where the browser cannot receive pushes', async () => {
    const { context, page } = await newPage(browser);
    await context.addInitScript(() => {
      delete (window as { PushManager?: unknown }).PushManager;
    });
    await newCustomer('web-push-none', { context, addresses: false });
    await page.goto('/account/profile');
    await hydrated(page);
    await expect(page.getByRole('heading', { name: 'Profile' }).isVisible()).resolves.toBe(true);
    await expect(page.getByRole('switch', { name: SWITCH }).count()).resolves.toBe(0);
    await context.close();
  });
});
