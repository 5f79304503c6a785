// Reviews after purchase: a new customer's order is moved to FULFILLED by staff (through the
// state machine, /dev/orders), the customer writes a review from the order details, sees it on
// the product page's Reviews tab, then updates it. axe finds nothing serious or critical.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, launchBrowser, newPage, expectNoSeriousViolations } from './browser';
import { apiQuery as gql, hydrated, sessionToken as signIn } from './catalogue-helpers';
import { newCustomer } from './customers';
import { ADDRESS } from './order-helpers';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});



type Product = { id: string; name: string; reviewCount: number; productType: { name: string } | null; variants: { id: string; stockQuantity: number | null }[] | null };

/** Buys one unit of a product nobody reviewed yet (Bank Deposit, pickup) through the API. */
async function buyUnreviewedProduct(token: string): Promise<{ order: { number: string; referenceKey: string }; product: Product }> {
  const { me } = await gql<{ me: { checkout: { id: string; lines: { id: string }[] } | null } }>('{ me { checkout { id lines { id } } } }', {}, token);
  for (const line of me.checkout?.lines ?? []) {
    await gql('mutation($c: ID!, $l: ID!) { checkoutLineDelete(checkoutId: $c, lineId: $l) { errors { message } } }', { c: me.checkout!.id, l: line.id }, token);
  }
  const { products } = await gql<{ products: { edges: { node: Product }[] } }>(
    '{ products(first: 60) { edges { node { id name reviewCount productType { name } variants { id stockQuantity } } } } }',
  );
  const product = products.edges
    .map((e) => e.node)
    .find((p) => p.productType?.name !== 'Voucher' && p.reviewCount === 0 && (p.variants ?? []).some((v) => (v.stockQuantity ?? 0) >= 3))!;
  expect(product).toBeTruthy();
  const variant = product.variants!.find((v) => (v.stockQuantity ?? 0) >= 3)!;
  const { checkoutCreate } = await gql<{ checkoutCreate: { checkout: { id: string; availableShippingMethods: { id: string; type: string }[] } } }>(
    'mutation($input: CheckoutCreateInput!) { checkoutCreate(input: $input) { checkout { id availableShippingMethods { id type } } errors { message } } }',
    { input: { lines: [{ variantId: variant.id, quantity: 1 }] } },
    token,
  );
  const c = checkoutCreate.checkout.id;
  const pickup = checkoutCreate.checkout.availableShippingMethods.find((m) => m.type === 'PICKUP')!;
  await gql('mutation($c: ID!, $a: AddressInput!) { checkoutBillingAddressUpdate(checkoutId: $c, billingAddress: $a) { errors { message } } }', { c, a: ADDRESS }, token);
  await gql('mutation($c: ID!, $a: AddressInput!) { checkoutShippingAddressUpdate(checkoutId: $c, shippingAddress: $a) { errors { message } } }', { c, a: ADDRESS }, token);
  await gql('mutation($c: ID!, $m: ID!) { checkoutShippingMethodUpdate(checkoutId: $c, shippingMethodId: $m) { errors { message } } }', { c, m: pickup.id }, token);
  await gql('mutation($c: ID!, $i: PaymentInput!) { checkoutPaymentCreate(checkoutId: $c, input: $i) { errors { message } } }', { c, i: { gateway: 'Bank Deposit', token: 'not-charged' } }, token);
  const { checkoutComplete } = await gql<{ checkoutComplete: { order: { number: string; referenceKey: string } | null; errors: { message: string }[] } }>(
    'mutation($c: ID!) { checkoutComplete(checkoutId: $c) { order { number referenceKey } errors { message } } }',
    { c },
    token,
  );
  expect(checkoutComplete.errors).toEqual([]);
  return { order: checkoutComplete.order!, product };
}

/** Staff move the order along the state machine (the back office's confirm and fulfil). */
async function staffEvent(staffToken: string, orderNumber: string, event: 'confirm' | 'fulfil') {
  const response = await fetch(`${baseURL()}/dev/orders/${orderNumber}/${event}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${staffToken}` },
    body: JSON.stringify(event === 'fulfil' ? { trackingNumber: 'LBC-2026-0001' } : {}),
  });
  expect(response.status).toBe(200);
}


describe('reviews', () => {
  it('a customer reviews a product of a FULFILLED order, sees it on the product page, then updates it', async () => {
    const { context, page } = await newPage(browser, { viewport: { width: 1280, height: 900 } });
    const { token } = await newCustomer('reviews', { context });
    const staffToken = await signIn('staff@example.com', 'staff123');
    const { order, product } = await buyUnreviewedProduct(token);

    // Not before the order is FULFILLED.
    await page.goto(`/account/order-details/${order.number}`);
    await page.getByRole('heading', { name: `Order# ${order.referenceKey}` }).waitFor();
    expect(await page.getByRole('button', { name: /Write a Review/ }).count()).toBe(0);

    await staffEvent(staffToken, order.number, 'confirm');
    await staffEvent(staffToken, order.number, 'fulfil');
    await page.goto(`/account/order-details/${order.number}`);
    await page.locator('dl').first().getByText('Fulfilled').waitFor();

    // Write a Review: the rating is required.
    await page.getByRole('button', { name: /^Write a Review/ }).click();
    const write = page.getByRole('dialog', { name: 'Write a Review' });
    await write.getByRole('button', { name: 'Write a Review' }).click();
    await write.getByText('Your rating should be at least 1.').waitFor();
    await expectNoSeriousViolations(page);
    await write.getByRole('radio', { name: '4 stars' }).check({ force: true });
    await write.getByLabel('Note (optional)').fill('Legit and sealed. Picked up at the store the next day.');
    await write.getByRole('button', { name: 'Write a Review' }).click();
    await page.getByRole('status').getByText('Thank you for your review!').waitFor();
    await write.waitFor({ state: 'detached' });
    // Reviewed: the line now offers Update Review, here and on the order's card.
    await page.getByRole('button', { name: /^Update Review/ }).waitFor();
    await page.goto('/account/orders');
    await page.getByRole('article', { name: `Order# ${order.referenceKey}` }).getByRole('button', { name: /^Update Review/ }).waitFor();
    await expectNoSeriousViolations(page);

    // The product page's Reviews tab shows it.
    await page.goto(`/product/${encodeURIComponent(product.id)}`);
    // The tabs switch in the browser: once the page has hydrated (after the first paint, ADR 059).
    await hydrated(page);
    await page.getByRole('tab', { name: 'Reviews' }).click();
    const reviews = page.getByRole('tabpanel');
    await reviews.getByText('Legit and sealed. Picked up at the store the next day.').waitFor();
    await reviews.getByText('Juan Dela Cruz').waitFor();
    await reviews.getByRole('img', { name: 'Rated 4.0 out of 5' }).waitFor();

    // Update Review: the dialog opens with the saved review.
    await page.goto(`/account/order-details/${order.number}`);
    // The button opens a dialog: it answers once the page has hydrated (after the first paint, ADR 059).
    await hydrated(page);
    await page.getByRole('button', { name: /^Update Review/ }).click();
    const update = page.getByRole('dialog', { name: 'Update Review' });
    expect(await update.getByRole('radio', { name: '4 stars' }).isChecked()).toBe(true);
    const note = update.getByLabel('Note (optional)');
    expect(await note.inputValue()).toBe('Legit and sealed. Picked up at the store the next day.');
    await update.getByRole('radio', { name: '5 stars' }).check({ force: true });
    await note.fill('Still working perfectly after a month.');
    await update.getByRole('button', { name: 'Update Review' }).click();
    await page.getByRole('status').getByText('Review Updated! Thank you for your review!').waitFor();

    await page.goto(`/product/${encodeURIComponent(product.id)}`);
    await hydrated(page);
    await page.getByRole('tab', { name: 'Reviews' }).click();
    await page.getByRole('tabpanel').getByText('Still working perfectly after a month.').waitFor();
    expect(await page.getByRole('tabpanel').getByText('Legit and sealed.').count()).toBe(0);
    await page.getByRole('tabpanel').getByRole('img', { name: 'Rated 5.0 out of 5' }).waitFor();
    await context.close();
  });
});
