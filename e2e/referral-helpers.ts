// The Commissioner journeys' shared steps (referrals.test.ts, staff-payouts.test.ts): verify a new
// account from its email, buy enough for 500 points, and move the order as staff.
import { expect } from 'vitest';
import { baseURL } from './browser';
import { apiQuery as gql, sessionToken } from './catalogue-helpers';
import type { ADDRESS } from './order-helpers';

/** Verifies the account with the code and tokens of the newest verification email. */
export async function verifyByEmail(email: string) {
  for (let attempt = 0; attempt < 40; attempt++) {
    const list = await (await fetch(`${baseURL()}/dev/mailbox?to=${encodeURIComponent(email)}`)).text();
    for (const id of [...list.matchAll(/href="\/dev\/mailbox\/(\d+)"/g)].map((m) => m[1])) {
      const html = await (await fetch(`${baseURL()}/dev/mailbox/${id}/html`)).text();
      const href = /href="([^"]*\/verify\?[^"]*)"/.exec(html)?.[1];
      if (!href) continue;
      const url = new URL(href.replace(/&amp;/g, '&'));
      const { verifyEmail } = await gql<{ verifyEmail: { errors: { message: string }[] } }>(
        'mutation($k: String!, $t: String, $u: String) { verifyEmail(confirmationKey: $k, token: $t, uid: $u) { errors { message } } }',
        { k: url.searchParams.get('confirmation_key'), t: url.searchParams.get('token'), u: url.searchParams.get('uid') },
      );
      expect(verifyEmail.errors).toEqual([]);
      return;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no verification email to ${email}`);
}

/**
 * A patron's order: enough units of one product for 5% of the subtotal to reach 500 points, cash
 * on delivery. `pick` chooses the first or last candidate, so two journeys on one shop buy
 * different products.
 */
export async function buyForTenThousand(
  token: string,
  address: typeof ADDRESS,
  pick: 'first' | 'last' = 'first',
): Promise<{ number: string; subtotal: number }> {
  type Variant = { id: string; stockQuantity: number | null; pricing: { price: { gross: { amount: number } } | null } | null };
  const { products } = await gql<{ products: { edges: { node: { productType: { name: string } | null; variants: Variant[] | null } }[] } }>(
    '{ products(first: 60) { edges { node { productType { name } variants { id stockQuantity pricing { price { gross { amount } } } } } } } }',
  );
  const candidates = products.edges
    .filter((e) => e.node.productType?.name !== 'Voucher')
    .flatMap((e) => e.node.variants ?? [])
    .map((v) => {
      const price = v.pricing?.price?.gross.amount ?? 0;
      return { id: v.id, price, quantity: price > 0 ? Math.ceil(10_000 / price) : Infinity, stock: v.stockQuantity ?? 0 };
    })
    .filter((v) => v.quantity <= v.stock && v.price * v.quantity <= 40_000);
  const variant = pick === 'first' ? candidates[0]! : candidates.at(-1)!;
  expect(variant, 'a product to buy ₱10,000 of').toBeTruthy();
  const { checkoutCreate } = await gql<{ checkoutCreate: { checkout: { id: string; availableShippingMethods: { id: string; type: string }[] } } }>(
    'mutation($input: CheckoutCreateInput!) { checkoutCreate(input: $input) { checkout { id availableShippingMethods { id type } } errors { message } } }',
    { input: { lines: [{ variantId: variant.id, quantity: variant.quantity }] } },
    token,
  );
  const c = checkoutCreate.checkout.id;
  const delivery = checkoutCreate.checkout.availableShippingMethods.find((m) => m.type === 'DELIVERY')!;
  await gql('mutation($c: ID!, $a: AddressInput!) { checkoutBillingAddressUpdate(checkoutId: $c, billingAddress: $a) { errors { message } } }', { c, a: address }, token);
  await gql('mutation($c: ID!, $a: AddressInput!) { checkoutShippingAddressUpdate(checkoutId: $c, shippingAddress: $a) { errors { message } } }', { c, a: address }, token);
  await gql('mutation($c: ID!, $m: ID!) { checkoutShippingMethodUpdate(checkoutId: $c, shippingMethodId: $m) { errors { message } } }', { c, m: delivery.id }, token);
  const payment = await gql<{ checkoutPaymentCreate: { errors: { message: string }[] } }>(
    'mutation($c: ID!, $i: PaymentInput!) { checkoutPaymentCreate(checkoutId: $c, input: $i) { errors { message } } }',
    { c, i: { gateway: 'Cash on Delivery', token: 'cod' } },
    token,
  );
  expect(payment.checkoutPaymentCreate.errors).toEqual([]);
  const { checkoutComplete } = await gql<{ checkoutComplete: { order: { number: string } | null; errors: { message: string }[] } }>(
    'mutation($c: ID!) { checkoutComplete(checkoutId: $c) { order { number } errors { message } } }',
    { c },
    token,
  );
  expect(checkoutComplete.errors).toEqual([]);
  return { number: checkoutComplete.order!.number, subtotal: variant.price * variant.quantity };
}

/** A staff order event through /dev/orders (the demo superuser), with a tracking number to fulfil. */
export async function staffEvent(orderNumber: string, event: 'confirm' | 'fulfil', trackingNumber: string) {
  const response = await fetch(`${baseURL()}/dev/orders/${orderNumber}/${event}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${await sessionToken('staff@example.com', 'staff123')}` },
    body: JSON.stringify(event === 'fulfil' ? { trackingNumber } : {}),
  });
  expect(response.status).toBe(200);
}

/**
 * The shop's payout withholding as staff set it on the settings screen (a new shop's is 0%): the
 * payout journeys take 10%, the rule's rate for a commissioner without a sworn declaration.
 * Through the staff API, which keeps the configured hold on rewards (REFERRAL_HOLD_DAYS).
 */
export async function setShopWithholding(percentage: number) {
  const data = await gql<{ referralSettingsUpdate: { errors: { message: string }[] } }>(
    'mutation($p: Float) { referralSettingsUpdate(input: { payoutTaxPercentage: $p }) { errors { message } } }',
    { p: percentage },
    await sessionToken('staff@example.com', 'staff123'),
  );
  expect(data.referralSettingsUpdate.errors).toEqual([]);
}
