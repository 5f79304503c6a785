// The SQL statements of a signed-in page's personal questions, asked as its loaders ask them
// through one in-process client: the root's viewer, footer and header cart, then the route's own
// (app/root.tsx, app/routes/cart.tsx, account.tsx, account-dashboard.tsx). The page's personal
// queries share one GraphQL context (in-process.ts): its data loaders and per-request memos.
import { encodeGlobalID } from '@pothos/plugin-relay';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Operation, OperationResult } from '../../common/graphql-operation';
import { ProfileQuery } from '../../app/graphql/accounts-profile';
import { CartPageQuery, CartSummaryQuery } from '../../app/graphql/checkout';
import { OrdersPageQuery } from '../../app/graphql/orders';
import { ReferralPanelQuery } from '../../app/graphql/referrals';
import { SellerFooterQuery } from '../../app/graphql/seller-details';
import { ViewerQuery } from '../../app/graphql/viewer';
import { ADDRESS, createCustomer, createVariant, type Customer } from '../modules/checkout/checkout.fixtures';
import { createTestApi, type TestApi } from '../testing/test-api';
import { createInProcessClient } from './in-process';

type Ask = <T, V>(op: Operation<T, V>, variables?: V) => Promise<OperationResult<T>>;
type Page = (ask: Ask) => Promise<unknown[]>;

let api: TestApi;
/** With both default addresses and an empty cart (the bench's customer has no cart). */
let customer: Customer;
/** The same with one line in the cart. */
let buyer: Customer;

beforeAll(async () => {
  // As the shop runs: checked sessions and checkout settings kept per process.
  api = await createTestApi({}, { sessionCache: true, tableCache: true });
  customer = await createCustomer(api);
  buyer = await createCustomer(api);
  for (const who of [customer, buyer]) {
    for (const type of ['SHIPPING', 'BILLING']) {
      const created = await api.gql(
        `mutation ($input: AddressInput!, $type: AddressTypeEnum) { accountAddressCreate(input: $input, type: $type) { errors { message } } }`,
        { input: ADDRESS, type },
        { token: who.token },
      );
      expect(created.errors).toBeUndefined();
    }
  }
  const variantId = encodeGlobalID('ProductVariant', await createVariant(api.db, { price: 1_000_00 }));
  const cart = await api.gql(
    `mutation ($input: CheckoutCreateInput!) { checkoutCreate(input: $input) { errors { message } } }`,
    { input: { lines: [{ variantId, quantity: 1 }] } },
    { token: buyer.token },
  );
  expect(cart.errors).toBeUndefined();
});
afterAll(() => api.close());

/** The root loader: the viewer and the footer, then the header's cart for a signed-in viewer. */
const root: Page = async (ask) => {
  const [viewer, footer] = await Promise.all([ask(ViewerQuery), ask(SellerFooterQuery)]);
  return [viewer, footer, await ask(CartSummaryQuery)];
};
const cartPage: Page = async (ask) => (await Promise.all([root(ask), ask(ViewerQuery).then(() => ask(CartPageQuery))])).flat();
const accountPage: Page = async (ask) =>
  (
    await Promise.all([
      root(ask),
      ask(ViewerQuery),
      ask(ProfileQuery),
      ask(OrdersPageQuery, { first: 3 }),
      ask(ReferralPanelQuery, { first: 5 }),
    ])
  ).flat();

const clientOf = (who: Customer) => createInProcessClient(api.api, { cookie: `token=${who.token}`, requestId: 'page-statements' }).execute as unknown as Ask;

/** The statements and answers of one page, asked through one client as React Router's loaders do. */
async function onePage(who: Customer, page: Page): Promise<{ statements: number; answers: unknown[] }> {
  // The session is checked and kept by an earlier page, as for a shopper browsing.
  await page(clientOf(who));
  const before = api.database.statementCount();
  const answers = await page(clientOf(who));
  return { statements: api.database.statementCount() - before, answers };
}

/** The same questions, each through a client of its own (each its own context and loaders). */
async function eachAlone(who: Customer, page: Page): Promise<unknown[]> {
  return page((op, variables) => clientOf(who)(op, variables));
}

describe("a signed-in page's personal questions", () => {
  it('/cart reads the checkout once: the header and the page ask one operation', async () => {
    expect(CartPageQuery).toBe(CartSummaryQuery);
    const page = await onePage(customer, cartPage);
    // The unread orders' count and the checkout row (none).
    expect(page.statements).toBe(2);
    expect(page.answers).toEqual(await eachAlone(customer, cartPage));
  });

  it('/cart with lines costs what the header cart alone costs, plus the unread count', async () => {
    const page = await onePage(buyer, cartPage);
    const header = await onePage(buyer, async (ask) => [await ask(CartSummaryQuery)]);
    expect(page.statements).toBe(header.statements + 1);
    expect(page.answers).toEqual(await eachAlone(buyer, cartPage));
  });

  it('/account reads the user row with the session only, the addresses together and the referral figures once', async () => {
    const page = await onePage(customer, accountPage);
    // Unread count, checkout; profile: both addresses, bank details; recent orders and their
    // count; referral figures (level 1 and 2 counts, points), the rewards log and its count.
    expect(page.statements).toBe(9);
    expect(page.answers).toEqual(await eachAlone(customer, accountPage));
  });

  it('/account with a cart adds only the header cart', async () => {
    const page = await onePage(buyer, accountPage);
    const header = await onePage(buyer, async (ask) => [await ask(CartSummaryQuery)]);
    expect(page.statements).toBe(9 - 1 + header.statements);
    expect(page.answers).toEqual(await eachAlone(buyer, accountPage));
  });
});
