// Privacy rights on a real database (docs/decisions/054-privacy-rights.md): the data export
// covers every table holding a user id (read from the Drizzle schema, so a new one fails here
// until it is exported or excluded with a reason), leaves secrets out and is recorded; deleting
// an account needs the password, is refused while an order is open, ends every session, erases
// the personal data and keeps the orders with the names and addresses they were placed with;
// consents are recorded with their version for users and visitors; staff see the requests.
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { and, eq, is } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COOKIE_NOTICE_VERSION } from '../../../common/compliance/consent';
import { PRIVACY_MESSAGES } from '../../../common/compliance/privacy';
import { schema } from '../../db/schema';
import { addresses, users } from '../accounts/accounts.tables';
import { hashPassword } from '../accounts/passwords';
import { ADDRESS, createCustomer, createVariant, readyCheckout, seedZones, type Customer } from '../checkout/checkout.fixtures';
import { checkouts } from '../checkout/checkout.tables';
import { orderAddresses, orders } from '../orders/orders.tables';
import { savedCards } from '../payments/saved-cards.tables';
import { pushSubscriptions } from '../push/push.tables';
import { reviews } from '../reviews/reviews.tables';
import { staffPermissions } from '../system/staff-access.tables';
import { watchlist } from '../watchlist/watchlist.tables';
import { createTestApi, type TestApi } from '../../testing/test-api';
import { consents } from './consent.tables';
import { latestConsent } from './consent.service';
import { ERASURE } from './privacy-erasure.service';
import { PERSONAL_DATA_TABLES, type PersonalData } from './privacy-export.service';
import { privacyRequests } from './privacy.tables';

const PASSWORD = 'tahimik-na-gabi-42';

let t: TestApi;
let variantId: number;
let productId: number;
let staff: Customer;

beforeAll(async () => {
  t = await createTestApi();
  await seedZones(t.db);
  variantId = await createVariant(t.db, { price: 1_500_00, stock: 100 });
  productId = (await t.db.query.productVariants.findFirst({ where: (v, { eq: is }) => is(v.id, variantId) }))!.productId;
  staff = await createCustomer(t);
  await t.db.update(users).set({ isStaff: true }).where(eq(users.id, staff.user.id));
  await t.db.insert(staffPermissions).values({ userId: staff.user.id, permission: 'MANAGE_ORDERS' });
});
afterAll(() => t?.close());

/** A customer with a password, an address, a review, a watched product, a saved card and a push subscription. */
async function richCustomer(): Promise<Customer> {
  const customer = await createCustomer(t);
  const id = customer.user.id;
  await t.db.update(users).set({ passwordHash: await hashPassword(PASSWORD), middleName: 'Santos', birthday: '1990-05-01' }).where(eq(users.id, id));
  await t.db.insert(addresses).values({ ...ADDRESS, userId: id });
  await t.db.insert(reviews).values({ userId: id, productId, rating: 5, note: 'Sulit!' });
  await t.db.insert(watchlist).values({ userId: id, productId });
  await t.db.insert(savedCards).values({ userId: id, customerId: 'cus-1', cardTokenId: `tok-secret-card-${id}`, brand: 'visa', last4: '4242', state: 'VERIFIED' });
  await t.db.insert(pushSubscriptions).values({ userId: id, endpoint: `https://push.example/${id}`, p256dh: 'secret-p256dh', auth: 'secret-auth' });
  return customer;
}

async function placeOrder(customer: Customer): Promise<number> {
  const checkoutId = await readyCheckout(customer, [{ variantId, quantity: 1 }], { delivery: true });
  const placed = await t.gql<{ checkoutComplete: { order: { id: string } | null; errors: { message: string }[] } }>(
    'mutation($c: ID!) { checkoutComplete(checkoutId: $c) { order { id } errors { message } } }',
    { c: String(checkoutId) },
    { token: customer.token },
  );
  expect(placed.data?.checkoutComplete.errors).toEqual([]);
  const [order] = await t.db.select().from(orders).where(eq(orders.userId, customer.user.id));
  return order!.id;
}

const EXPORT = 'mutation { personalDataExport { json fileName errors { field message } } }';
const DELETE = 'mutation($p: String!) { accountDelete(password: $p) { deleted errors { field message } } }';
const CONSENT = 'mutation($v: String!, $id: String) { consentRecord(purpose: COOKIES, version: $v, visitorId: $id) { consent { purpose version granted recordedAt } errors { field message } } }';
const ME = '{ me { id email } }';

type Export = { personalDataExport: { json: string | null; fileName: string | null; errors: { message: string }[] } };
type Delete = { accountDelete: { deleted: boolean | null; errors: { field: string | null; message: string }[] } };

/** The SQL name of a column declared without one (the database client maps camelCase to snake_case). */
const snakeCase = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

describe('every table holding a user id', () => {
  const userTables = Object.values(schema as Record<string, unknown>)
    .filter((table): table is PgTable => is(table, PgTable))
    .map((table) => getTableConfig(table))
    .filter((config) => config.columns.some((column) => snakeCase(column.name) === 'user_id'))
    .map((config) => config.name)
    .sort();

  it('is exported or excluded with a reason', () => {
    expect(userTables.length).toBeGreaterThan(15);
    expect(userTables.filter((name) => !(name in PERSONAL_DATA_TABLES)), 'add the table to PERSONAL_DATA_TABLES (privacy-export.service.ts)').toEqual([]);
  });

  it('has its fate on erasure written down', () => {
    expect(userTables.filter((name) => !(name in ERASURE)), 'add the table to ERASURE (privacy-erasure.service.ts)').toEqual([]);
  });
});

describe('the personal data export', () => {
  it('holds the account, addresses, orders with lines and payments, reviews, watchlist, cart, cards, push, consents; no secrets', async () => {
    const customer = await richCustomer();
    await placeOrder(customer);
    await readyCheckout(customer, [{ variantId, quantity: 2 }]); // a cart again after the order
    await t.gql(CONSENT, { v: COOKIE_NOTICE_VERSION }, { token: customer.token });

    const answer = await t.gql<Export>(EXPORT, {}, { token: customer.token });
    expect(answer.errors).toBeUndefined();
    expect(answer.data!.personalDataExport.errors).toEqual([]);
    const json = answer.data!.personalDataExport.json!;
    const data = JSON.parse(json) as PersonalData;
    expect(answer.data!.personalDataExport.fileName).toMatch(new RegExp(`^suki-personal-data-${customer.user.id}-\\d{4}-\\d{2}-\\d{2}\\.json$`));
    expect(data.account).toMatchObject({ id: customer.user.id, email: customer.user.email, middleName: 'Santos', birthday: '1990-05-01' });
    expect(data.addresses).toHaveLength(1);
    expect(data.orders).toHaveLength(1);
    expect(data.orders[0]!.lines).toHaveLength(1);
    expect(data.orders[0]!.addresses.length).toBeGreaterThan(0);
    expect(data.orders[0]!.payments).toHaveLength(1);
    expect(data.cart?.lines).toHaveLength(1);
    expect(data.reviews).toHaveLength(1);
    expect(data.watchlist).toHaveLength(1);
    expect(data.savedCards.cards).toMatchObject([{ brand: 'visa', last4: '4242' }]);
    expect(data.pushSubscriptions).toMatchObject([{ endpoint: `https://push.example/${customer.user.id}` }]);
    expect(data.consents).toMatchObject([{ purpose: 'COOKIES', version: COOKIE_NOTICE_VERSION }]);
    expect(data.referrals.referralCode).toBe(data.account.referralCode);
    expect(data.sessions.stored).toBe('none');

    for (const secret of ['passwordHash', 'tokenVersion', 'tok-secret-card', 'secret-p256dh', 'secret-auth', 'cardTokenId', 'returnNonce', 'scrypt$']) expect(json).not.toContain(secret);

    const [recorded] = await t.db.select().from(privacyRequests).where(and(eq(privacyRequests.userId, customer.user.id), eq(privacyRequests.kind, 'EXPORT')));
    expect(recorded).toMatchObject({ status: 'COMPLETED' });
  });

  it('is refused to a visitor', async () => {
    const answer = await t.gql<Export>(EXPORT);
    expect(answer.data?.personalDataExport ?? null).toBeNull();
    expect(answer.errors?.[0]?.message).toBeTruthy();
  });
});

describe('deleting an account', () => {
  it('needs the right password', async () => {
    const customer = await richCustomer();
    for (const [password, message] of [
      ['', PRIVACY_MESSAGES.passwordRequired],
      ['not-my-password', PRIVACY_MESSAGES.wrongPassword],
    ] as const) {
      const answer = await t.gql<Delete>(DELETE, { p: password }, { token: customer.token });
      expect(answer.data!.accountDelete).toEqual({ deleted: false, errors: [{ field: 'password', message }] });
    }
    expect((await t.gql<{ me: { id: string } | null }>(ME, {}, { token: customer.token })).data!.me).not.toBeNull();
  });

  it('is refused while an order is open (recorded for staff), then erases the personal data, ends every session and keeps the order as placed', async () => {
    const customer = await richCustomer();
    const orderId = await placeOrder(customer);
    await readyCheckout(customer, [{ variantId, quantity: 1 }]);
    const email = customer.user.email;

    const refused = await t.gql<Delete>(DELETE, { p: PASSWORD }, { token: customer.token });
    expect(refused.data!.accountDelete).toEqual({ deleted: false, errors: [{ field: null, message: PRIVACY_MESSAGES.openOrders }] });
    expect((await t.gql<{ me: { id: string } | null }>(ME, {}, { token: customer.token })).data!.me).not.toBeNull();

    await t.db.update(orders).set({ status: 'FULFILLED' }).where(eq(orders.id, orderId));
    const deleted = await t.gql<Delete>(DELETE, { p: PASSWORD }, { token: customer.token });
    expect(deleted.data!.accountDelete).toEqual({ deleted: true, errors: [] });

    // Every session ends: the token signed before no longer signs anyone in.
    expect((await t.gql<{ me: { id: string } | null }>(ME, {}, { token: customer.token })).data!.me).toBeNull();

    const id = customer.user.id;
    const [user] = await t.db.select().from(users).where(eq(users.id, id));
    expect(user).toMatchObject({ email: `deleted-user-${id}@deleted.invalid`, firstName: '', middleName: '', lastName: '', birthday: null, passwordHash: null, isActive: false });
    for (const table of [addresses, reviews, watchlist, savedCards, pushSubscriptions, checkouts]) {
      expect(await t.db.select().from(table).where(eq(table.userId, id)), getTableConfig(table).name).toEqual([]);
    }

    // Kept as placed: the order with its email, and the name and address it was issued to.
    const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({ userId: id, userEmail: email, status: 'FULFILLED' });
    const kept = await t.db.select().from(orderAddresses).where(eq(orderAddresses.orderId, orderId));
    expect(kept.length).toBeGreaterThan(0);
    expect(kept[0]).toMatchObject({ firstName: ADDRESS.firstName, lastName: ADDRESS.lastName, streetAddress1: ADDRESS.streetAddress1 });

    // Staff see both requests, newest first; a customer may not.
    const list = await t.gql<{ privacyRequests: { userId: number; kind: string; status: string; note: string; email: string }[] }>(
      '{ privacyRequests { userId kind status note email requestedAt completedAt } }',
      {},
      { token: staff.token },
    );
    expect(list.errors).toBeUndefined();
    const mine = list.data!.privacyRequests.filter((r) => r.userId === id);
    expect(mine.map((r) => [r.kind, r.status])).toEqual([
      ['ERASURE', 'COMPLETED'],
      ['ERASURE', 'REFUSED'],
    ]);
    expect(mine[1]!.note).toBe(PRIVACY_MESSAGES.openOrders);
    expect(mine[0]!.email).toBe(`deleted-user-${id}@deleted.invalid`);
    const other = await createCustomer(t);
    expect((await t.gql('{ privacyRequests { id } }', {}, { token: other.token })).errors?.[0]?.message).toMatch(/not authori[sz]ed|permission/i);
  });

  it('refuses a staff account', async () => {
    const answer = await t.gql<Delete>(DELETE, { p: PASSWORD }, { token: staff.token });
    expect(answer.data!.accountDelete.errors[0]?.message).toBe(PRIVACY_MESSAGES.staffAccount);
  });
});

describe('consents', () => {
  it("records the cookie notice's version for a visitor's random id and for a signed-in user", async () => {
    const visitorId = crypto.randomUUID();
    const visitor = await t.gql<{ consentRecord: { consent: { version: string; granted: boolean } | null; errors: unknown[] } }>(CONSENT, { v: COOKIE_NOTICE_VERSION, id: visitorId });
    expect(visitor.data!.consentRecord).toMatchObject({ consent: { version: COOKIE_NOTICE_VERSION, granted: true }, errors: [] });
    const customer = await createCustomer(t);
    await t.gql(CONSENT, { v: COOKIE_NOTICE_VERSION, id: visitorId }, { token: customer.token });

    const ctx = t.serviceContext();
    expect(await latestConsent(ctx, 'COOKIES', { visitorId })).toMatchObject({ userId: customer.user.id, version: COOKIE_NOTICE_VERSION });
    const rows = await t.db.select().from(consents).where(eq(consents.visitorId, visitorId));
    expect(rows.map((r) => r.userId)).toEqual([null, customer.user.id]);
    expect(rows.every((r) => r.recordedAt instanceof Date)).toBe(true);
  });

  it('refuses an old version, a malformed visitor id, and a visitor without one', async () => {
    const cases = [
      { v: '2020-01-01', id: crypto.randomUUID() },
      { v: COOKIE_NOTICE_VERSION, id: 'not-a-uuid' },
      { v: COOKIE_NOTICE_VERSION, id: null },
    ];
    for (const variables of cases) {
      const answer = await t.gql<{ consentRecord: { consent: unknown; errors: unknown[] } }>(CONSENT, variables);
      expect(answer.data!.consentRecord.consent).toBeNull();
      expect(answer.data!.consentRecord.errors).toHaveLength(1);
    }
  });
});
