// Entity fields the schema lacked (ADR 044), each asked through the
// real endpoint with the data behind it: Product.descriptionJson, ProductType.variantAttributes,
// productAttributes and meta (staff set it), Category.variantStyling (staff set it),
// Payment.paymayaCard (owner and staff only), OrderStatusLog.trackingPage, User.reviews (the
// user only), the watchlist entry's date and the province's key.
import { encodeGlobalID } from '@pothos/plugin-relay';
import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../testing/test-api';
import { users } from '../modules/accounts/accounts.tables';
import { createTestProduct } from '../modules/catalogue/catalogue.fixtures';
import { categories, products } from '../modules/catalogue/catalogue.tables';
import { createCustomer, createVariant, readyCheckout, seedZones, type Customer } from '../modules/checkout/checkout.fixtures';
import { completeCheckout } from '../modules/checkout/place-order.service';
import { orders, orderStatusLogs } from '../modules/orders/orders.tables';
import { payments } from '../modules/payments/payments.tables';
import { seedSavedCards } from '../modules/payments/saved-cards/saved-cards.seed';
import { savedCards } from '../modules/payments/saved-cards.tables';
import { reviews } from '../modules/reviews/reviews.tables';
import { staffPermissions } from '../modules/system/staff-access.tables';

let api: TestApi;
let owner: Customer;
let other: Customer;
let productsStaff: Customer;
let ordersStaff: Customer;

async function staffWith(permission: 'MANAGE_PRODUCTS' | 'MANAGE_ORDERS'): Promise<Customer> {
  const staff = await createCustomer(api);
  await api.db.update(users).set({ isStaff: true }).where(eq(users.id, staff.user.id));
  await api.db.insert(staffPermissions).values({ userId: staff.user.id, permission });
  return staff;
}

beforeAll(async () => {
  api = await createTestApi();
  await seedZones(api.db);
  [owner, other] = [await createCustomer(api), await createCustomer(api)];
  productsStaff = await staffWith('MANAGE_PRODUCTS');
  ordersStaff = await staffWith('MANAGE_ORDERS');
});
afterAll(() => api.close());

type Errors = { field: string | null; message: string }[];

describe('catalogue', () => {
  it('Product.descriptionJson: the HTML description as blocks', async () => {
    const { product } = await createTestProduct(api.db, { basePrice: 10_000_00, variants: [{}] });
    await api.db.update(products).set({ description: '<h3>Highlights</h3><p>A <strong>bright</strong> screen.</p><ul><li>5G</li><li>NFC</li></ul>' }).where(eq(products.id, product.id));
    const res = await api.gql<{ product: { description: string; descriptionJson: string } }>('query ($id: ID!) { product(id: $id) { description descriptionJson } }', {
      id: encodeGlobalID('Product', product.id),
    });
    expect(res.errors).toBeUndefined();
    expect(JSON.parse(res.data!.product.descriptionJson)).toEqual({
      blocks: [
        { type: 'header', data: { text: 'Highlights', level: 3 } },
        { type: 'paragraph', data: { text: 'A <strong>bright</strong> screen.' } },
        { type: 'list', data: { style: 'unordered', items: ['5G', 'NFC'] } },
      ],
    });
  });

  it("ProductType.variantAttributes and productAttributes: what the type's published products have", async () => {
    const { product } = await createTestProduct(api.db, {
      basePrice: 30_000_00,
      variants: [{ color: 'Black', memory: '128GB' }, { color: 'Blue', memory: '256GB', coverWarranty: 12 }],
    });
    await api.db.update(products).set({ attributes: [{ name: 'Display', values: ['6.1" OLED'] }, { name: 'Chipset', values: ['A17'] }] }).where(eq(products.id, product.id));
    // A second, unpublished product of the same type: its specification names stay private.
    const { product: hidden } = await createTestProduct(api.db, { basePrice: 1_000_00, variants: [{}] });
    await api.db.update(products).set({ productTypeId: product.productTypeId, isPublished: false, attributes: [{ name: 'Secret', values: ['x'] }] }).where(eq(products.id, hidden.id));

    const QUERY = 'query ($id: ID!) { product(id: $id) { productType { variantAttributes { name slug } productAttributes { name slug } meta { key value } } } }';
    type Type = { product: { productType: { variantAttributes: { name: string; slug: string }[]; productAttributes: { name: string; slug: string }[]; meta: { key: string; value: string }[] } } };
    const res = await api.gql<Type>(QUERY, { id: encodeGlobalID('Product', product.id) });
    expect(res.errors).toBeUndefined();
    expect(res.data!.product.productType).toEqual({
      variantAttributes: [
        { name: 'Color', slug: 'color' },
        { name: 'Memory', slug: 'memory' },
        { name: 'Exchange Warranty', slug: 'exchange-warranty' },
      ],
      productAttributes: [
        { name: 'Display', slug: 'display' },
        { name: 'Chipset', slug: 'chipset' },
      ],
      meta: [],
    });

    // A type without variant options or specifications answers empty lists.
    const { product: plain } = await createTestProduct(api.db, { basePrice: 500_00, variants: [{}] });
    const bare = await api.gql<Type>(QUERY, { id: encodeGlobalID('Product', plain.id) });
    expect(bare.data!.product.productType).toEqual({ variantAttributes: [], productAttributes: [], meta: [] });
  });

  it('ProductType.meta: staff with MANAGE_PRODUCTS set it, in words when wrong; nobody else can', async () => {
    const { product } = await createTestProduct(api.db, { basePrice: 2_000_00, variants: [{}] });
    const typeId = encodeGlobalID('ProductType', product.productTypeId);
    const UPDATE = 'mutation ($id: ID!, $input: ProductTypeInput!) { productTypeUpdate(id: $id, input: $input) { productType { meta { key value } } errors { field message } } }';
    type Update = { productTypeUpdate: { productType: { meta: { key: string; value: string }[] } | null; errors: Errors } | null };
    const metadata = [{ key: 'warrantyProvider', value: 'Official PH warranty' }, { key: 'ageGate', value: 'none' }];

    const set = await api.gql<Update>(UPDATE, { id: typeId, input: { metadata } }, { token: productsStaff.token });
    expect(set.data!.productTypeUpdate).toEqual({
      productType: { meta: [{ key: 'ageGate', value: 'none' }, { key: 'warrantyProvider', value: 'Official PH warranty' }] },
      errors: [],
    });
    // Visitors read it on the product page.
    const read = await api.gql<{ product: { productType: { meta: { key: string }[] } } }>('query ($id: ID!) { product(id: $id) { productType { meta { key } } } }', {
      id: encodeGlobalID('Product', product.id),
    });
    expect(read.data!.product.productType.meta.map((m) => m.key)).toEqual(['ageGate', 'warrantyProvider']);

    const duplicate = await api.gql<Update>(UPDATE, { id: typeId, input: { metadata: [{ key: 'a', value: '1' }, { key: 'a', value: '2' }] } }, { token: productsStaff.token });
    expect(duplicate.data!.productTypeUpdate!.errors).toEqual([
      { field: 'metadata', message: 'Give each metadata entry a key (up to 100 characters, each key once) and a value (up to 255), at most 50 entries.' },
    ]);
    const missing = await api.gql<Update>(UPDATE, { id: encodeGlobalID('ProductType', 999_999), input: { metadata } }, { token: productsStaff.token });
    expect(missing.data!.productTypeUpdate!.errors).toEqual([{ field: 'id', message: 'Product type not found.' }]);
    for (const token of [undefined, owner.token, ordersStaff.token]) {
      const refused = await api.gql<Update>(UPDATE, { id: typeId, input: { metadata: [] } }, token ? { token } : {});
      expect(refused.data?.productTypeUpdate ?? null).toBeNull();
    }
    const cleared = await api.gql<Update>(UPDATE, { id: typeId, input: { metadata: [] } }, { token: productsStaff.token });
    expect(cleared.data!.productTypeUpdate!.productType!.meta).toEqual([]);
  });

  it('Category.variantStyling: set and cleared by staff, read by everyone', async () => {
    const CREATE = 'mutation ($input: CategoryInput!) { categoryCreate(input: $input) { category { id variantStyling { name } } errors { field message } } }';
    const made = await api.gql<{ categoryCreate: { category: { id: string; variantStyling: { name: string } | null } } }>(
      CREATE,
      { input: { name: 'Foldables', variantStyling: 'Mobile phones' } },
      { token: productsStaff.token },
    );
    const { id, variantStyling } = made.data!.categoryCreate.category;
    expect(variantStyling).toEqual({ name: 'Mobile phones' });
    const read = async () =>
      (await api.gql<{ category: { variantStyling: { name: string } | null } }>('query ($id: ID!) { category(id: $id) { variantStyling { name } } }', { id })).data!.category.variantStyling;
    expect(await read()).toEqual({ name: 'Mobile phones' });

    const UPDATE = 'mutation ($id: ID!, $input: CategoryInput!) { categoryUpdate(id: $id, input: $input) { category { variantStyling { name } } errors { field message } } }';
    type Update = { categoryUpdate: { category: { variantStyling: { name: string } | null } | null; errors: Errors } | null };
    const tooLong = await api.gql<Update>(UPDATE, { id, input: { variantStyling: 'x'.repeat(61) } }, { token: productsStaff.token });
    expect(tooLong.data!.categoryUpdate!.errors).toEqual([{ field: 'variantStyling', message: 'Variant styling must be at most 60 characters.' }]);
    const refused = await api.gql<Update>(UPDATE, { id, input: { variantStyling: 'Tablets' } }, { token: ordersStaff.token });
    expect(refused.data?.categoryUpdate ?? null).toBeNull();
    // Renaming leaves the styling; an empty value clears it.
    expect((await api.gql<Update>(UPDATE, { id, input: { name: 'Flip phones' } }, { token: productsStaff.token })).data!.categoryUpdate!.category!.variantStyling).toEqual({ name: 'Mobile phones' });
    expect((await api.gql<Update>(UPDATE, { id, input: { variantStyling: '' } }, { token: productsStaff.token })).data!.categoryUpdate!.category!.variantStyling).toBeNull();
    expect(await read()).toBeNull();
  });

  it("migration 0026 styled the shop's phone and tablet categories as the product page treats them", async () => {
    // The migration's own statement, as it ran on a shop that had these categories.
    const [phones] = await api.db.insert(categories).values({ name: 'Mobile Phones', slug: `mobile-phones-${Date.now()}` }).returning();
    const [tablets] = await api.db.insert(categories).values({ name: 'Tablets', slug: `tablets-${Date.now()}` }).returning();
    const [laptops] = await api.db.insert(categories).values({ name: 'Laptops', slug: `laptops-${Date.now()}` }).returning();
    const backfill = readFileSync('server/db/migrations/0026_category_styling_and_type_metadata.sql', 'utf8').split('--> statement-breakpoint').at(-1)!;
    await api.db.execute(sql.raw(backfill.replace(/--[^\n]*\n/g, '')));
    const styling = async (id: number) => (await api.db.select({ s: categories.variantStyling }).from(categories).where(eq(categories.id, id)))[0]!.s;
    expect([await styling(phones!.id), await styling(tablets!.id), await styling(laptops!.id)]).toEqual(['Mobile phones', 'Tablets', null]);
  });

  it("Province.key: the key cities(province:) takes", async () => {
    const res = await api.gql<{ provinces: { key: string; code: string; name: string; region: string }[] }>('{ provinces { key code name region } }');
    const metro = res.data!.provinces.find((p) => p.name === 'Metro Manila')!;
    expect(metro.key).toBe(metro.code);
    expect(res.data!.provinces.every((p) => /^\d{10}$/.test(p.key))).toBe(true);
    const cities = await api.gql<{ cities: { name: string }[] }>('query ($p: String!) { cities(province: $p) { name } }', { p: metro.key });
    expect(cities.data!.cities.map((c) => c.name)).toContain('Quezon City');
  });
});

describe('account and orders', () => {
  it("User.reviews: the user's own reviews, newest first; nobody else's", async () => {
    const { product: first } = await createTestProduct(api.db, { basePrice: 1_000_00, variants: [{}] });
    const { product: second } = await createTestProduct(api.db, { basePrice: 2_000_00, variants: [{}] });
    await api.db.insert(reviews).values([
      { productId: first.id, userId: owner.user.id, rating: 4, note: 'Good value', createdAt: new Date('2026-01-05T02:00:00Z') },
      { productId: second.id, userId: owner.user.id, rating: 5, note: 'Fast delivery', createdAt: new Date('2026-02-05T02:00:00Z') },
      { productId: first.id, userId: other.user.id, rating: 1, note: 'Not mine', createdAt: new Date('2026-03-05T02:00:00Z') },
    ]);
    type Me = { me: { reviews: { totalCount: number; edges: { node: { note: string; rating: number; date: string; product: { name: string } } }[] } } };
    const QUERY = '{ me { reviews(first: 10) { totalCount edges { node { note rating date product { name } } } } } }';
    const mine = await api.gql<Me>(QUERY, {}, { token: owner.token });
    expect(mine.errors).toBeUndefined();
    expect(mine.data!.me.reviews.totalCount).toBe(2);
    expect(mine.data!.me.reviews.edges.map((e) => [e.node.note, e.node.rating, e.node.product.name])).toEqual([
      ['Fast delivery', 5, second.name],
      ['Good value', 4, first.name],
    ]);
    // The user seen by someone else (staff may load any user through node) shows no reviews; a visitor has no me.
    const USER = 'query ($id: ID!) { node(id: $id) { ... on User { reviews(first: 10) { totalCount edges { node { note } } } } } }';
    const asStaff = await api.gql<{ node: { reviews: { totalCount: number; edges: unknown[] } } | null }>(USER, { id: encodeGlobalID('User', owner.user.id) }, { token: ordersStaff.token });
    expect(asStaff.data!.node!.reviews).toEqual({ totalCount: 0, edges: [] });
    const asOther = await api.gql(USER, { id: encodeGlobalID('User', owner.user.id) }, { token: other.token });
    expect(JSON.stringify(asOther)).not.toContain('Good value');
    expect((await api.gql<{ me: null }>(QUERY)).data?.me ?? null).toBeNull();
  });

  it("the watchlist entry's date, beside created", async () => {
    const { product } = await createTestProduct(api.db, { basePrice: 3_000_00, variants: [{}] });
    const added = await api.gql<{ addToWatchlist: { watchlist: { date: string; created: string } } }>(
      'mutation ($p: ID!) { addToWatchlist(productId: $p) { watchlist { date created } } }',
      { p: encodeGlobalID('Product', product.id) },
      { token: owner.token },
    );
    const entry = added.data!.addToWatchlist.watchlist;
    expect(entry.date).toBe(entry.created);
    expect(Math.abs(Date.parse(entry.date) - Date.now())).toBeLessThan(60_000);
    const listed = await api.gql<{ me: { watchlist: { edges: { node: { date: string } }[] } } }>('{ me { watchlist(first: 99) { edges { node { date } } } } }', {}, { token: owner.token });
    expect(listed.data!.me.watchlist.edges.map((e) => e.node.date)).toContain(entry.date);
  });

  it('Payment.paymayaCard and OrderStatusLog.trackingPage on an order, for its owner and staff only', async () => {
    await seedSavedCards(api.db, owner.user.id);
    const [card] = await api.db.select().from(savedCards).where(eq(savedCards.userId, owner.user.id));
    const variantId = await createVariant(api.db, { price: 1_500_00, stock: 5 });
    const placed = await completeCheckout(owner.ctx, await readyCheckout(owner, [{ variantId, quantity: 1 }], { gateway: 'Paymaya Vault', token: String(card!.id) }));
    const orderId = encodeGlobalID('Order', placed.order.id);
    // Shipped by staff: the courier's link typed without a scheme, as couriers hand it out.
    await api.db.update(orders).set({ status: 'FULFILLED', trackingNumber: 'LBC123', trackingLink: 'www.lbcexpress.com/track/LBC123' }).where(eq(orders.id, placed.order.id));
    await api.db.insert(orderStatusLogs).values({ orderId: placed.order.id, status: 'FULFILLED', event: 'fulfil', note: 'Tracking number: LBC123' });

    const QUERY = 'query ($id: ID!) { order(id: $id) { payments { gateway paymayaCard { id name cardType ccLastDigits verificationUrl } } statusLogs { status trackingPage } } }';
    type Order = {
      order: {
        payments: { gateway: string; paymayaCard: { id: string; name: string; cardType: string; ccLastDigits: string; verificationUrl: string | null } | null }[];
        statusLogs: { status: string; trackingPage: string | null }[];
      } | null;
    };
    const card4242 = { id: encodeGlobalID('PaymayaCard', card!.id), name: 'VISA •••• 4242', cardType: 'VISA', ccLastDigits: '4242', verificationUrl: null };
    const mine = await api.gql<Order>(QUERY, { id: orderId }, { token: owner.token });
    expect(mine.errors).toBeUndefined();
    expect(mine.data!.order!.payments).toEqual([{ gateway: 'Paymaya Vault', paymayaCard: card4242 }]);
    expect(mine.data!.order!.statusLogs).toEqual([
      { status: 'UNFULFILLED', trackingPage: null },
      { status: 'FULFILLED', trackingPage: 'https://www.lbcexpress.com/track/LBC123' },
    ]);

    const asStaff = await api.gql<Order>(QUERY, { id: orderId }, { token: ordersStaff.token });
    expect(asStaff.data!.order!.payments[0]!.paymayaCard).toEqual(card4242);
    for (const token of [other.token, undefined]) {
      const refused = await api.gql<Order>(QUERY, { id: orderId }, token ? { token } : {});
      expect(refused.data?.order ?? null).toBeNull();
      expect(JSON.stringify(refused)).not.toContain('4242');
    }

    // Another gateway has no card; a deleted card is no longer shown.
    await api.db.update(payments).set({ gateway: 'Bank Deposit' }).where(eq(payments.orderId, placed.order.id));
    expect((await api.gql<Order>(QUERY, { id: orderId }, { token: owner.token })).data!.order!.payments[0]!.paymayaCard).toBeNull();
    await api.db.update(payments).set({ gateway: 'Paymaya Vault' }).where(eq(payments.orderId, placed.order.id));
    await api.db.delete(savedCards).where(eq(savedCards.id, card!.id));
    expect((await api.gql<Order>(QUERY, { id: orderId }, { token: owner.token })).data!.order!.payments[0]!.paymayaCard).toBeNull();
  });
});
