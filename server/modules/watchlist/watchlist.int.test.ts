// The watchlist through the API on a real database: add and remove, one entry per product,
// ownership, visitors, Product.isInWatchlist per user (batched), and the back-in-stock email
// sent exactly once per return to stock.
import { encodeGlobalID } from '@pothos/plugin-relay';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../accounts/accounts.tables';
import { signSessionToken } from '../accounts/session';
import { products, productVariants } from '../catalogue/catalogue.tables';
import { createCustomer, createVariant, readyCheckout, seedZones, type Customer } from '../checkout/checkout.fixtures';
import { completeCheckout } from '../checkout/place-order.service';
import { listEmails } from '../notifications/notifications.service';
import { applyOrderEvent } from '../orders/order-transitions.service';
import { createTestApi, type TestApi } from '../../testing/test-api';
import { sendBackInStockAlerts } from './watchlist.service';
import { watchlist } from './watchlist.tables';

let t: TestApi;
let alice: Customer;
let bob: Customer;
let staff: Customer;
beforeAll(async () => {
  t = await createTestApi();
  await seedZones(t.db);
  alice = await createCustomer(t);
  bob = await createCustomer(t);
  const s = await createCustomer(t);
  staff = { ...s, ctx: t.serviceContext({ ...s.user, isStaff: true }) };
});
afterAll(async () => {
  await t?.close();
});

/** A published product with one variant: its ids and global id. */
async function newProduct(stock = 10) {
  const variantId = await createVariant(t.db, { price: 1_000_00, stock });
  const [variant] = await t.db.select().from(productVariants).where(eq(productVariants.id, variantId));
  const productId = variant!.productId;
  return { variantId, productId, gid: encodeGlobalID('Product', productId) };
}

type Payload = { watchlist: { id: string; product: { id: string; isInWatchlist: boolean } } | null; errors: { field: string | null; message: string }[] };

const ADD = `mutation($productId: ID!) {
  addToWatchlist(productId: $productId) { watchlist { id product { id isInWatchlist } } errors { field message } }
}`;
const REMOVE = `mutation($watchlistId: ID, $productId: ID) {
  removeFromWatchlist(watchlistId: $watchlistId, productId: $productId) { watchlist { id product { id isInWatchlist } } errors { field message } }
}`;
const MY_WATCHLIST = `query($first: Int) { me { watchlist(first: $first) { totalCount edges { node { id created product { id name } } } } } }`;
const IS_WATCHED = `query($id: ID!) { product(id: $id) { isInWatchlist } }`;

async function add(customer: Customer | null, productId: string) {
  const result = await t.gql<{ addToWatchlist: Payload }>(ADD, { productId }, { token: customer?.token });
  expect(result.errors).toBeUndefined();
  return result.data!.addToWatchlist;
}

async function remove(customer: Customer | null, variables: { watchlistId?: string; productId?: string }) {
  const result = await t.gql<{ removeFromWatchlist: Payload }>(REMOVE, variables, { token: customer?.token });
  expect(result.errors).toBeUndefined();
  return result.data!.removeFromWatchlist;
}

async function myWatchlist(customer: Customer) {
  const result = await t.gql<{ me: { watchlist: { totalCount: number; edges: { node: { id: string; product: { id: string } } }[] } } }>(
    MY_WATCHLIST,
    { first: 99 },
    { token: customer.token },
  );
  expect(result.errors).toBeUndefined();
  return result.data!.me.watchlist;
}

async function isWatched(customer: Customer | null, productGid: string) {
  const result = await t.gql<{ product: { isInWatchlist: boolean } }>(IS_WATCHED, { id: productGid }, { token: customer?.token });
  expect(result.errors).toBeUndefined();
  return result.data!.product.isInWatchlist;
}

describe('adding and removing', () => {
  it('adds a product, lists it newest first, and removes it by its id', async () => {
    const customer = await createCustomer(t);
    const first = await newProduct();
    const second = await newProduct();
    const added = await add(customer, first.gid);
    expect(added.errors).toEqual([]);
    expect(added.watchlist!.product).toEqual({ id: first.gid, isInWatchlist: true });
    await add(customer, second.gid);

    const list = await myWatchlist(customer);
    expect(list.totalCount).toBe(2);
    expect(list.edges.map((e) => e.node.product.id)).toEqual([second.gid, first.gid]);

    const removed = await remove(customer, { watchlistId: added.watchlist!.id });
    expect(removed.errors).toEqual([]);
    expect(removed.watchlist).toEqual({ id: added.watchlist!.id, product: { id: first.gid, isInWatchlist: false } });
    expect((await myWatchlist(customer)).edges.map((e) => e.node.product.id)).toEqual([second.gid]);

    const again = await remove(customer, { watchlistId: added.watchlist!.id });
    expect(again.errors).toEqual([{ field: 'watchlistId', message: 'Watchlist item not found.' }]);
  });

  it('keeps one entry per customer and product', async () => {
    const customer = await createCustomer(t);
    const product = await newProduct();
    const [a, b] = await Promise.all([add(customer, product.gid), add(customer, product.gid)]);
    const c = await add(customer, product.gid);
    expect([a.errors, b.errors, c.errors]).toEqual([[], [], []]);
    expect(new Set([a.watchlist!.id, b.watchlist!.id, c.watchlist!.id]).size).toBe(1);
    const rows = await t.db.select().from(watchlist).where(eq(watchlist.userId, customer.user.id));
    expect(rows).toHaveLength(1);
  });

  it('removes by product (the product page toggle)', async () => {
    const customer = await createCustomer(t);
    const product = await newProduct();
    await add(customer, product.gid);
    const removed = await remove(customer, { productId: product.gid });
    expect(removed.errors).toEqual([]);
    expect(removed.watchlist!.product.isInWatchlist).toBe(false);
    expect((await remove(customer, { productId: product.gid })).errors).toEqual([
      { field: 'watchlistId', message: 'Watchlist item not found.' },
    ]);
  });

  it('refuses unknown and unpublished products', async () => {
    const customer = await createCustomer(t);
    const hiddenVariant = await createVariant(t.db, { price: 100_00, isPublished: false });
    const [hidden] = await t.db.select().from(productVariants).where(eq(productVariants.id, hiddenVariant));
    for (const productId of [encodeGlobalID('Product', 987654), encodeGlobalID('Product', hidden!.productId), 'nonsense', encodeGlobalID('Order', 1)]) {
      const result = await add(customer, productId);
      expect(result).toEqual({ watchlist: null, errors: [{ field: 'productId', message: 'Product not found.' }] });
    }
    expect((await myWatchlist(customer)).totalCount).toBe(0);
  });
});

describe('ownership and visitors', () => {
  it("refuses to remove, read or list another customer's entry", async () => {
    const product = await newProduct();
    const entry = (await add(alice, product.gid)).watchlist!;

    expect((await remove(bob, { watchlistId: entry.id })).errors).toEqual([
      { field: 'watchlistId', message: 'Watchlist item not found.' },
    ]);
    expect((await remove(bob, { productId: product.gid })).errors).toEqual([
      { field: 'watchlistId', message: 'Watchlist item not found.' },
    ]);
    expect((await myWatchlist(alice)).edges.map((e) => e.node.id)).toContain(entry.id);
    expect((await myWatchlist(bob)).edges.map((e) => e.node.id)).not.toContain(entry.id);

    const node = await t.gql<{ node: { id: string } | null }>(`query($id: ID!) { node(id: $id) { id } }`, { id: entry.id }, { token: bob.token });
    expect(node.data?.node ?? null).toBeNull();
    const own = await t.gql<{ node: { id: string } | null }>(`query($id: ID!) { node(id: $id) { id } }`, { id: entry.id }, { token: alice.token });
    expect(own.data?.node).toEqual({ id: entry.id });
    // Staff can see a user, but not their watchlist.
    const asStaff = await t.gql<{ node: { watchlist: { totalCount: number } } }>(
      `query($id: ID!) { node(id: $id) { ... on User { watchlist(first: 5) { totalCount } } } }`,
      { id: encodeGlobalID('User', alice.user.id) },
      { token: await staffToken() },
    );
    expect(asStaff.data?.node?.watchlist.totalCount ?? 0).toBe(0);
  });

  it('refuses visitors', async () => {
    const product = await newProduct();
    const added = await add(null, product.gid);
    expect(added).toEqual({ watchlist: null, errors: [{ field: null, message: 'Please signup/login to continue.' }] });
    const removed = await remove(null, { productId: product.gid });
    expect(removed.errors).toEqual([{ field: null, message: 'Please signup/login to continue.' }]);
    expect(await isWatched(null, product.gid)).toBe(false);
  });
});

async function staffToken() {
  await t.db.update(users).set({ isStaff: true }).where(eq(users.id, staff.user.id));
  const [row] = await t.db.select().from(users).where(eq(users.id, staff.user.id));
  return signSessionToken(row!, t.config.jwtSecret);
}

describe('Product.isInWatchlist', () => {
  it('answers per user', async () => {
    const product = await newProduct();
    await add(alice, product.gid);
    expect(await isWatched(alice, product.gid)).toBe(true);
    expect(await isWatched(bob, product.gid)).toBe(false);
    expect(await isWatched(null, product.gid)).toBe(false);
  });

  it('costs one watchlist statement for a listing of 20 products', async () => {
    const customer = await createCustomer(t);
    const listed = await Promise.all(Array.from({ length: 20 }, () => newProduct()));
    for (const p of listed.filter((_, i) => i % 3 === 0)) await add(customer, p.gid);
    const ids = listed.map((p) => p.gid);
    const statements = watchStatements(t);
    const result = await t.gql<{ nodes: { id: string; isInWatchlist: boolean }[] }>(
      `query($ids: [ID!]!) { nodes(ids: $ids) { ... on Product { id isInWatchlist } } }`,
      { ids },
      { token: customer.token },
    );
    const watchlistQueries = statements.stop();
    expect(result.errors).toBeUndefined();
    expect(result.data!.nodes.map((n) => n.isInWatchlist)).toEqual(listed.map((_, i) => i % 3 === 0));
    expect(watchlistQueries).toBe(1);
  });
});

describe('back-in-stock alerts', () => {
  async function placeOrder(customer: Customer, variantId: number, quantity: number) {
    const checkoutId = await readyCheckout(customer, [{ variantId, quantity }]);
    return (await completeCheckout(customer.ctx, checkoutId)).order;
  }
  const alertsTo = async (customer: Customer) =>
    (await listEmails(t.db, { to: customer.user.email })).filter((e) => e.template === 'back_in_stock');

  it('emails each watcher once per return to stock', async () => {
    const watcher = await createCustomer(t);
    const other = await createCustomer(t);
    const leaver = await createCustomer(t);
    const buyer = await createCustomer(t);
    const product = await newProduct(2);
    await add(watcher, product.gid);
    await add(other, product.gid);
    const leaving = (await add(leaver, product.gid)).watchlist!;

    // Sold out, then one unit back: one alert to each watcher.
    const first = await placeOrder(buyer, product.variantId, 1);
    const second = await placeOrder(buyer, product.variantId, 1);
    await applyOrderEvent(staff.ctx, first.id, 'reject', 'staff');
    const [alert] = await alertsTo(watcher);
    expect(await alertsTo(watcher)).toHaveLength(1);
    expect(await alertsTo(other)).toHaveLength(1);
    expect(alert!.subject).toMatch(/^Back in stock: Phone product-/);
    expect(alert!.html).toContain(`/product/${encodeURIComponent(product.gid)}`);
    expect(alert!.text).toContain('is back in stock');

    // More stock while it is in stock, and a second delivery run: nothing new.
    await applyOrderEvent(staff.ctx, second.id, 'reject', 'staff');
    expect(await sendBackInStockAlerts(t.serviceContext())).toBe(0);
    expect(await alertsTo(watcher)).toHaveLength(1);
    expect(await alertsTo(buyer)).toHaveLength(0);

    // Sold out again and back again: a second alert, not to someone who stopped watching.
    await remove(leaver, { watchlistId: leaving.id });
    const third = await placeOrder(buyer, product.variantId, 2);
    await applyOrderEvent(staff.ctx, third.id, 'reject', 'staff');
    expect(await alertsTo(watcher)).toHaveLength(2);
    expect(await alertsTo(other)).toHaveLength(2);
    expect(await alertsTo(leaver)).toHaveLength(1);
    const rows = await t.db.select().from(watchlist).where(eq(watchlist.productId, product.productId));
    expect(rows.every((r) => r.backInStockAt === null && r.alertedAt !== null)).toBe(true);
  });

  it('sends an owed alert once when deliveries race, and escapes the product name', async () => {
    const watcher = await createCustomer(t);
    const product = await newProduct(0);
    await t.db.update(products).set({ name: 'Phone <b>"Bold"</b> & Co' }).where(eq(products.id, product.productId));
    await add(watcher, product.gid);
    // A restock whose delivery never ran (a crash after commit): the mark waits in the table.
    await t.db.update(watchlist).set({ backInStockAt: new Date() }).where(eq(watchlist.productId, product.productId));
    const sent = await Promise.all([0, 1, 2].map(() => sendBackInStockAlerts(t.serviceContext())));
    expect(sent.reduce((a, b) => a + b, 0)).toBe(1);
    const [alert, ...more] = await alertsTo(watcher);
    expect(more).toHaveLength(0);
    expect(alert!.html).toContain('Phone &lt;b&gt;&quot;Bold&quot;&lt;/b&gt; &amp; Co');
    expect(alert!.html).not.toContain('<b>"Bold"</b>');
  });
});

/** Counts statements that read or write the watchlist table from now until stop(). */
function watchStatements(testApi: TestApi) {
  // Both drivers expose the underlying client as $client (PGlite or a pg Pool); drizzle sends
  // every statement through its query().
  const client = (testApi.db as unknown as { $client: Record<string, unknown> }).$client;
  let n = 0;
  const originals: [string, unknown][] = [];
  for (const method of ['query', 'exec']) {
    const original = client[method];
    if (typeof original !== 'function') continue;
    originals.push([method, original]);
    client[method] = function (this: unknown, ...args: unknown[]) {
      const first = args[0];
      const text = typeof first === 'string' ? first : ((first as { text?: string } | undefined)?.text ?? '');
      if (text.includes('"watchlist"')) n++;
      return (original as (...a: unknown[]) => unknown).apply(this, args);
    };
  }
  return {
    stop() {
      for (const [method, original] of originals) client[method] = original;
      return n;
    },
  };
}
