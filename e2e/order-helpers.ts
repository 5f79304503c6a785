// Orders for the end-to-end journeys: a Bank Deposit pickup order placed through the API the
// checkout screen uses (orders.test.ts, staff.test.ts).
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
