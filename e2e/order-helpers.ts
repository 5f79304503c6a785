// Orders for the end-to-end journeys, placed through the API the checkout screen uses: a Bank
// Deposit pickup order (orders, staff, payments-cards, no-dead-ends), and a pickup order of a
// chosen product paid with any gateway (payments, payments-cards, no-dead-ends).
import { expect } from 'vitest';
import { apiQuery as gql } from './catalogue-helpers';

/** The demo shopper's address, as the checkout's address form sends it. */
export const ADDRESS = {
  firstName: 'Juan',
  lastName: 'Dela Cruz',
  streetAddress1: '123 Rizal Street',
  cityArea: 'Poblacion',
  city: 'Makati City',
  countryArea: 'Metro Manila',
  postalCode: '1210',
  phone: '9171234567',
};

export type Placed = { id: string; number: string; referenceKey: string; variantId: string };

/** Places a Bank Deposit pickup order through the API the checkout screen uses. */
export async function placeBankDepositOrder(token: string): Promise<Placed> {
  const { me } = await gql<{ me: { checkout: { id: string; lines: { id: string }[] } | null } }>(
    '{ me { checkout { id lines { id } } } }',
    {},
    token,
  );
  for (const line of me.checkout?.lines ?? []) {
    await gql(
      'mutation($c: ID!, $l: ID!) { checkoutLineDelete(checkoutId: $c, lineId: $l) { errors { message } } }',
      { c: me.checkout!.id, l: line.id },
      token,
    );
  }
  const { products } = await gql<{
    products: { edges: { node: { productType: { name: string } | null; variants: { id: string; stockQuantity: number | null }[] | null } }[] };
  }>('{ products(first: 40) { edges { node { productType { name } variants { id stockQuantity } } } } }');
  const variant = products.edges
    .filter((e) => e.node.productType?.name !== 'Voucher')
    .flatMap((e) => e.node.variants ?? [])
    .find((v) => (v.stockQuantity ?? 0) >= 3)!;
  const { checkoutCreate } = await gql<{ checkoutCreate: { checkout: { id: string; availableShippingMethods: { id: string; type: string }[] } } }>(
    'mutation($input: CheckoutCreateInput!) { checkoutCreate(input: $input) { checkout { id availableShippingMethods { id type } } errors { message } } }',
    { input: { lines: [{ variantId: variant.id, quantity: 1 }] } },
    token,
  );
  const checkoutId = checkoutCreate.checkout.id;
  const pickup = checkoutCreate.checkout.availableShippingMethods.find((m) => m.type === 'PICKUP')!;
  await gql('mutation($c: ID!, $a: AddressInput!) { checkoutBillingAddressUpdate(checkoutId: $c, billingAddress: $a) { errors { message } } }', { c: checkoutId, a: ADDRESS }, token);
  await gql('mutation($c: ID!, $a: AddressInput!) { checkoutShippingAddressUpdate(checkoutId: $c, shippingAddress: $a) { errors { message } } }', { c: checkoutId, a: ADDRESS }, token);
  await gql('mutation($c: ID!, $m: ID!) { checkoutShippingMethodUpdate(checkoutId: $c, shippingMethodId: $m) { errors { message } } }', { c: checkoutId, m: pickup.id }, token);
  await gql(
    'mutation($c: ID!, $i: PaymentInput!) { checkoutPaymentCreate(checkoutId: $c, input: $i) { errors { message } } }',
    { c: checkoutId, i: { gateway: 'Bank Deposit', token: 'not-charged' } },
    token,
  );
  const { checkoutComplete } = await gql<{ checkoutComplete: { order: Omit<Placed, 'variantId'> | null; errors: { message: string }[] } }>(
    'mutation($c: ID!) { checkoutComplete(checkoutId: $c) { order { id number referenceKey } errors { message } } }',
    { c: checkoutId },
    token,
  );
  expect(checkoutComplete.errors).toEqual([]);
  return { ...checkoutComplete.order!, variantId: variant.id };
}

type CatalogueVariant = { id: string; stockQuantity: number | null; pricing: { price: { gross: { amount: number } } | null } | null };
/** What a journey may choose a product by. */
export type Candidate = { isPreOrder: boolean; type: string | null; variant: CatalogueVariant };

/** In stock, not a voucher, not a pre-order, and under ₱9,000 (every wallet's limit is ₱10,000). */
export const walletPayable = (c: Candidate) =>
  !c.isPreOrder && c.type !== 'Voucher' && (c.variant.stockQuantity ?? 0) >= 3 && (c.variant.pricing?.price?.gross.amount ?? Infinity) <= 9_000;

export type PlacedPickup = { id: string; number: string; referenceKey: string; redirectUrl: string | null; qrCode: string | null };

/**
 * A pickup order of one unit of the first product `pick` accepts, paid with `payment.gateway`
 * (a saved card's id for Paymaya Vault), placed through the API the checkout screen uses.
 */
export async function placePickupOrder(
  token: string,
  payment: { gateway: string; paymayaCardId?: string },
  pick: (candidate: Candidate) => boolean = walletPayable,
): Promise<PlacedPickup> {
  const { me } = await gql<{ me: { checkout: { id: string; lines: { id: string }[] } | null } }>('{ me { checkout { id lines { id } } } }', {}, token);
  for (const line of me.checkout?.lines ?? []) {
    await gql('mutation($c: ID!, $l: ID!) { checkoutLineDelete(checkoutId: $c, lineId: $l) { errors { message } } }', { c: me.checkout!.id, l: line.id }, token);
  }
  const { products } = await gql<{ products: { edges: { node: { isPreOrder: boolean; productType: { name: string } | null; variants: CatalogueVariant[] | null } }[] } }>(
    '{ products(first: 100) { edges { node { isPreOrder productType { name } variants { id stockQuantity pricing { price { gross { amount } } } } } } } }',
  );
  const variant = products.edges
    .flatMap((e) => (e.node.variants ?? []).map((v) => ({ isPreOrder: e.node.isPreOrder, type: e.node.productType?.name ?? null, variant: v })))
    .find(pick)?.variant;
  expect(variant, 'a matching product in the demo catalogue').toBeTruthy();
  const { checkoutCreate } = await gql<{ checkoutCreate: { checkout: { id: string; availableShippingMethods: { id: string; type: string }[] } } }>(
    'mutation($input: CheckoutCreateInput!) { checkoutCreate(input: $input) { checkout { id availableShippingMethods { id type } } errors { message } } }',
    { input: { lines: [{ variantId: variant!.id, quantity: 1 }] } },
    token,
  );
  const c = checkoutCreate.checkout.id;
  const pickup = checkoutCreate.checkout.availableShippingMethods.find((m) => m.type === 'PICKUP')!;
  await gql('mutation($c: ID!, $a: AddressInput!) { checkoutBillingAddressUpdate(checkoutId: $c, billingAddress: $a) { errors { message } } }', { c, a: ADDRESS }, token);
  await gql('mutation($c: ID!, $m: ID!) { checkoutShippingMethodUpdate(checkoutId: $c, shippingMethodId: $m) { errors { message } } }', { c, m: pickup.id }, token);
  const { checkoutPaymentCreate } = await gql<{ checkoutPaymentCreate: { errors: { message: string }[] } }>(
    'mutation($c: ID!, $i: PaymentInput!) { checkoutPaymentCreate(checkoutId: $c, input: $i) { errors { message } } }',
    { c, i: { gateway: payment.gateway, token: 'not-charged', paymayaCardId: payment.paymayaCardId ?? null } },
    token,
  );
  expect(checkoutPaymentCreate.errors).toEqual([]);
  const { checkoutComplete } = await gql<{
    checkoutComplete: { order: { id: string; number: string; referenceKey: string } | null; redirectUrl: string | null; qrCode: string | null; errors: { message: string }[] };
  }>('mutation($c: ID!) { checkoutComplete(checkoutId: $c) { order { id number referenceKey } redirectUrl qrCode errors { message } } }', { c }, token);
  expect(checkoutComplete.errors).toEqual([]);
  return { ...checkoutComplete.order!, redirectUrl: checkoutComplete.redirectUrl, qrCode: checkoutComplete.qrCode };
}
