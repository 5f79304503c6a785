// Pins the SQL statements of each checkout call the storefront (and bench/checkout.ts) makes, so
// repeated reads of the checkout cannot creep back (checkout at 5.8/s, goal 60/s).
import { encodeGlobalID } from '@pothos/plugin-relay';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../../testing/test-api';
import { testDriver } from '../../testing/test-database';
import { ADDRESS, createCustomer, createVariant, seedZones } from './checkout.fixtures';

let api: TestApi;

beforeAll(async () => {
  // With the per-process settings cache, as the shop runs (db/table-cache.ts).
  api = await createTestApi({}, { tableCache: true, sessionCache: true });
  await seedZones(api.db);
});
afterAll(async () => api?.close());

/** The bench's documents, word for word (bench/checkout.ts). */
const CALLS = {
  create:
    'mutation($input: CheckoutCreateInput!) { checkoutCreate(input: $input) { checkout { id availableShippingMethods { id type } } errors { message } } }',
  billing:
    'mutation($c: ID!, $a: AddressInput!) { checkoutBillingAddressUpdate(checkoutId: $c, billingAddress: $a) { errors { message } } }',
  shipping:
    'mutation($c: ID!, $a: AddressInput!) { checkoutShippingAddressUpdate(checkoutId: $c, shippingAddress: $a) { errors { message } } }',
  method:
    'mutation($c: ID!, $m: ID!) { checkoutShippingMethodUpdate(checkoutId: $c, shippingMethodId: $m) { errors { message } } }',
  payment:
    'mutation($c: ID!, $i: PaymentInput!) { checkoutPaymentCreate(checkoutId: $c, input: $i) { errors { message } } }',
  complete: 'mutation($c: ID!) { checkoutComplete(checkoutId: $c) { order { id } errors { message } } }',
} as const;

/**
 * The statements each call runs on PGlite, counted on a customer's second checkout (the first also
 * creates the job queues and fills the settings cache). Exact, so a saving is recorded here too;
 * raise one only with a reason in bench/README.md ("Changes and their effect").
 */
/** Transactions per call (the confirmation email is one statement after the order's). */
const TRANSACTIONS: Record<keyof typeof CALLS, number> = { create: 1, billing: 0, shipping: 0, method: 0, payment: 0, complete: 1 };

// Shipping methods, checkout and gateway settings and the rate table come from the process's
// table cache (db/table-cache.ts), and the customer's session from the session cache
// (accounts/session-cache.ts, change 80: one statement less per call): none of them is counted
// below. Was 18/4/4/4/15/31 (change 10), 10/3/3/2/9/17 (change 30), 9/2/2/1/8/16 (change 80),
// 7/1/1/1/3/14 (change 143).
const LIMITS: Record<keyof typeof CALLS, number> = {
  // upsert-and-lock, lines, variants (with their image), line write, referral voucher, touch;
  // then the view the client asked for, in the same transaction: its lines, addresses and
  // payment in one statement (the variants are those just read).
  create: 7,
  // one statement: touch-and-lock the owner's checkout and upsert the address (a Metro Manila
  // address: nothing to read first); no transaction. The view is not asked for.
  billing: 1,
  shipping: 1,
  // one update of the owner's checkout.
  method: 1,
  // the view the rules need (the checkout with its lines, addresses and payment in one
  // statement; variants), then one statement: deactivate, insert, touch; no transaction.
  payment: 3,
  // The order's one transaction (lock, view: lines, addresses and payment in one statement,
  // variants; stock, the order with its lines, addresses and status log in one statement,
  // origin, payment, the two payment-window jobs in one, delete) and after commit the
  // confirmation email.
  complete: 10,
};

describe('checkout SQL statements per call', () => {
  it('stays within the pinned count for each of the six calls', async () => {
    const customer = await createCustomer(api);
    const variantId = encodeGlobalID('ProductVariant', await createVariant(api.db, { price: 1000_00, stock: 50 }));
    const counts: Record<string, number>[] = [];
    for (let round = 0; round < 2; round++) {
      const count: Record<string, number> = {};
      const call = async (name: keyof typeof CALLS, variables: Record<string, unknown>) => {
        const before = api.database.statementCount();
        const answer = await api.gql<Record<string, { errors?: { message: string }[] }>>(CALLS[name], variables, { token: customer.token });
        count[name] = api.database.statementCount() - before;
        expect(answer.errors).toBeUndefined();
        const payload = Object.values(answer.data ?? {})[0];
        expect(payload?.errors ?? []).toEqual([]);
        return answer.data!;
      };
      const created = (await call('create', { input: { lines: [{ variantId, quantity: 1 }] } })) as unknown as {
        checkoutCreate: { checkout: { id: string; availableShippingMethods: { id: string; type: string }[] } };
      };
      const c = created.checkoutCreate.checkout.id;
      const pickup = created.checkoutCreate.checkout.availableShippingMethods.find((m) => m.type === 'PICKUP')!;
      await call('billing', { c, a: ADDRESS });
      await call('shipping', { c, a: ADDRESS });
      await call('method', { c, m: pickup.id });
      await call('payment', { c, i: { gateway: 'Bank Deposit', token: 'not-charged' } });
      await call('complete', { c });
      counts.push(count);
    }
    // node-postgres sends a transaction's BEGIN and COMMIT as statements of their own; PGlite's
    // transaction() does not count them.
    const perTransaction = testDriver() === 'postgres' ? 2 : 0;
    const expected = Object.fromEntries(
      Object.entries(LIMITS).map(([name, n]) => [name, n + perTransaction * TRANSACTIONS[name as keyof typeof CALLS]]),
    );
    expect(counts[1]).toEqual(expected);
  });
});
