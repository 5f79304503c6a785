// Staff setting a variant's stock: MANAGE_PRODUCTS only, logged, and a return to stock alerts
// the product's watchers once.
import { encodeGlobalID } from '@pothos/plugin-relay';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { users } from '../accounts/accounts.tables';
import { createCustomer, createVariant, type Customer } from '../checkout/checkout.fixtures';
import { listEmails } from '../notifications/notifications.service';
import { staffActions, staffPermissions } from '../system/staff-access.tables';
import { createTestApi, type TestApi } from '../../testing/test-api';
import { productVariants } from './catalogue.tables';

let t: TestApi;
let watcher: Customer;
let productsStaff: Customer;
let ordersStaff: Customer;

async function staffWith(permission: 'MANAGE_PRODUCTS' | 'MANAGE_ORDERS'): Promise<Customer> {
  const c = await createCustomer(t);
  await t.db.update(users).set({ isStaff: true }).where(eq(users.id, c.user.id));
  await t.db.insert(staffPermissions).values({ userId: c.user.id, permission });
  return c;
}

beforeAll(async () => {
  t = await createTestApi();
  watcher = await createCustomer(t);
  productsStaff = await staffWith('MANAGE_PRODUCTS');
  ordersStaff = await staffWith('MANAGE_ORDERS');
});
afterAll(async () => {
  await t?.close();
});

const SET = `mutation($id: ID!, $n: Int!) { productVariantStocksUpdate(variantId: $id, stockQuantity: $n) { productVariant { stockQuantity } errors { field message } } }`;
type Set = { productVariantStocksUpdate: { productVariant: { stockQuantity: number } | null; errors: { field: string | null; message: string }[] } | null };

it('sets the stock, alerts the watchers when it comes back, and refuses other staff', async () => {
  const variantId = await createVariant(t.db, { price: 1_000_00, stock: 0 });
  const [variant] = await t.db.select().from(productVariants).where(eq(productVariants.id, variantId));
  const productGid = encodeGlobalID('Product', variant!.productId);
  const added = await t.gql('mutation($p: ID!) { addToWatchlist(productId: $p) { errors { message } } }', { p: productGid }, { token: watcher.token });
  expect(added.errors).toBeUndefined();
  const id = encodeGlobalID('ProductVariant', variantId);
  const alerts = async () => (await listEmails(t.db, { to: watcher.user.email })).filter((e) => e.template === 'back_in_stock');

  const refused = await t.gql<Set>(SET, { id, n: 5 }, { token: ordersStaff.token });
  expect(refused.data?.productVariantStocksUpdate ?? null).toBeNull();

  const set = await t.gql<Set>(SET, { id, n: 5 }, { token: productsStaff.token });
  expect(set.data?.productVariantStocksUpdate).toEqual({ productVariant: { stockQuantity: 5 }, errors: [] });
  expect(await alerts()).toHaveLength(1);
  // More stock while in stock: no second alert.
  await t.gql<Set>(SET, { id, n: 8 }, { token: productsStaff.token });
  expect(await alerts()).toHaveLength(1);

  const invalid = await t.gql<Set>(SET, { id, n: -1 }, { token: productsStaff.token });
  expect(invalid.data?.productVariantStocksUpdate?.errors).toEqual([{ field: 'stockQuantity', message: 'Stock must be a whole number from 0 to 1,000,000.' }]);
  const logged = await t.db.select().from(staffActions).where(eq(staffActions.subjectId, variantId));
  expect(logged.map((l) => l.note)).toEqual(['0 -> 5', '5 -> 8']);
});
