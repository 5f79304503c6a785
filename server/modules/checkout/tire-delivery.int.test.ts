// Tires are delivered within Metro Manila only (a tire shipped to Cebu City for
// ₱620): refused at the address step and again when the order is placed; pickup stays open.
import { encodeGlobalID } from '@pothos/plugin-relay';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tireOutsideMetroManilaMessage } from '../../../common/catalogue/tire-search';
import { productVariants, products } from '../catalogue/catalogue.tables';
import { orders } from '../orders/orders.tables';
import { tires } from '../tires/tires.tables';
import { createTestApi, type TestApi } from '../../testing/test-api';
import { ADDRESS, CEBU_ADDRESS, createCustomer, createVariant, DELIVERY_ID, PICKUP_ID, seedZones, type Customer } from './checkout.fixtures';
import { setAddress, setShippingMethod } from './checkout-delivery.service';
import { createCheckout, updateLines } from './checkout-lines.service';
import { createPayment } from './checkout-payment.service';

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
  await seedZones(t.db);
});
afterAll(async () => t?.close());

/** A tire product (it has a size) with one variant; its name as the shop shows it. */
async function createTire() {
  const variantId = await createVariant(t.db, { price: 5_499_00, stock: 20, weightGrams: 9000 });
  const [row] = await t.db
    .select({ productId: productVariants.productId, name: products.name })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(eq(productVariants.id, variantId));
  await t.db.update(products).set({ name: 'Primacy 4 205/55 R16' }).where(eq(products.id, row!.productId));
  await t.db.insert(tires).values({ productId: row!.productId, width: 205, aspectRatio: 55, rimDiameter: 16 });
  return { variantId, name: 'Suki Primacy 4 205/55 R16' };
}

const SHIPPING = `mutation($id: ID!, $address: AddressInput!) {
  checkoutShippingAddressUpdate(checkoutId: $id, shippingAddress: $address) { checkout { shippingAddress { city } } errors { field message } } }`;
const COMPLETE = `mutation($id: ID!) { checkoutComplete(checkoutId: $id) { order { id } errors { field message } } }`;
type ShippingAnswer = { checkoutShippingAddressUpdate: { checkout: { shippingAddress: { city: string } | null } | null; errors: { field: string; message: string }[] } };

async function deliveryCheckout(customer: Customer, variantIds: number[]) {
  const view = await createCheckout(customer.ctx, { lines: variantIds.map((variantId) => ({ variantId, quantity: 1 })) });
  await setAddress(customer.ctx, view.row.id, 'BILLING', ADDRESS);
  await setShippingMethod(customer.ctx, view.row.id, DELIVERY_ID);
  return { id: view.row.id, gid: encodeGlobalID('Checkout', view.row.id) };
}

describe('tires within Metro Manila only', () => {
  it('refuses a Cebu City shipping address for a tire at the address step, and takes a Makati one', async () => {
    const customer = await createCustomer(t);
    const tire = await createTire();
    const phone = await createVariant(t.db, { price: 9_999_00 });
    const checkout = await deliveryCheckout(customer, [tire.variantId, phone]);

    const refused = await t.gql<ShippingAnswer>(SHIPPING, { id: checkout.gid, address: CEBU_ADDRESS }, { token: customer.token });
    expect(refused.errors).toBeUndefined();
    expect(refused.data!.checkoutShippingAddressUpdate.errors).toEqual([
      { field: 'shippingAddress.countryArea', message: tireOutsideMetroManilaMessage([tire.name], { city: 'Cebu City', province: 'Cebu' }) },
    ]);
    expect(refused.data!.checkoutShippingAddressUpdate.errors[0]!.message).toBe(
      'We deliver tires within Metro Manila only, and Cebu City, Cebu is outside it. Ship to a Metro Manila address, choose store pickup, or remove Suki Primacy 4 205/55 R16 from your cart.',
    );

    const taken = await t.gql<ShippingAnswer>(SHIPPING, { id: checkout.gid, address: ADDRESS }, { token: customer.token });
    expect(taken.data!.checkoutShippingAddressUpdate.errors).toEqual([]);
    expect(taken.data!.checkoutShippingAddressUpdate.checkout!.shippingAddress!.city).toBe('Makati City');
  });

  it('ships anything else to Cebu City, and lets a tire be picked up by a Cebu customer', async () => {
    const customer = await createCustomer(t);
    const phone = await createVariant(t.db, { price: 9_999_00 });
    const phoneOnly = await deliveryCheckout(customer, [phone]);
    const shipped = await t.gql<ShippingAnswer>(SHIPPING, { id: phoneOnly.gid, address: CEBU_ADDRESS }, { token: customer.token });
    expect(shipped.data!.checkoutShippingAddressUpdate.errors).toEqual([]);

    const buyer = await createCustomer(t);
    const tire = await createTire();
    const view = await createCheckout(buyer.ctx, { lines: [{ variantId: tire.variantId, quantity: 4 }] });
    await setAddress(buyer.ctx, view.row.id, 'BILLING', CEBU_ADDRESS);
    // Pickup sends the billing address as the contact address (the checkout screen's address step).
    await setAddress(buyer.ctx, view.row.id, 'SHIPPING', CEBU_ADDRESS);
    await setShippingMethod(buyer.ctx, view.row.id, PICKUP_ID);
    await createPayment(buyer.ctx, view.row.id, { gateway: 'Bank Deposit', token: 'not-charged' });
    const placed = await t.gql<{ checkoutComplete: { order: { id: string } | null; errors: unknown[] } }>(COMPLETE, { id: encodeGlobalID('Checkout', view.row.id) }, { token: buyer.token });
    expect(placed.data!.checkoutComplete.errors).toEqual([]);
    expect(placed.data!.checkoutComplete.order).not.toBeNull();
  });

  it('refuses to place the order when a tire joined the cart after a Cebu City address was saved', async () => {
    const customer = await createCustomer(t);
    const phone = await createVariant(t.db, { price: 9_999_00 });
    const tire = await createTire();
    const checkout = await deliveryCheckout(customer, [phone]);
    await setAddress(customer.ctx, checkout.id, 'SHIPPING', CEBU_ADDRESS);
    await updateLines(customer.ctx, checkout.id, [{ variantId: tire.variantId, quantity: 2 }]);
    await createPayment(customer.ctx, checkout.id, { gateway: 'Bank Deposit', token: 'not-charged' });
    const stockBefore = (await t.db.select({ n: productVariants.stockQuantity }).from(productVariants).where(eq(productVariants.id, tire.variantId)))[0]!.n;

    const placed = await t.gql<{ checkoutComplete: { order: { id: string } | null; errors: { field: string; message: string }[] } }>(
      COMPLETE,
      { id: checkout.gid },
      { token: customer.token },
    );
    expect(placed.data!.checkoutComplete.order).toBeNull();
    expect(placed.data!.checkoutComplete.errors).toEqual([
      { field: 'shippingAddress', message: tireOutsideMetroManilaMessage([tire.name], { city: 'Cebu City', province: 'Cebu' }) },
    ]);
    expect(await t.db.select().from(orders).where(eq(orders.userId, customer.user.id))).toEqual([]);
    expect((await t.db.select({ n: productVariants.stockQuantity }).from(productVariants).where(eq(productVariants.id, tire.variantId)))[0]!.n).toBe(stockBefore);
  });
});
