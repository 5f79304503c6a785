// "Data that must be kept right", as shoppers and staff see it: a phone number typed
// the Filipino way and a barangay spelt as the PSGC list spells it are saved as they should be;
// the cart's totals follow a changed quantity at once and Checkout never goes on with an old
// one; staff see the whole ship-to address with the phone number, as a courier needs it.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productDisplayName } from '../common/catalogue/pricing';
import { formatPeso } from '../common/money';
import { expectNoSeriousViolations, launchBrowser, newPage } from './browser';
import { apiQuery as gql, dismissOverlays, hydrated, logIn } from './catalogue-helpers';
import { newCustomer } from './customers';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A courier's address in Quezon City, its barangay spelt with a hyphen, its phone typed with dashes. */
const QC_ADDRESS = {
  firstName: 'Maria',
  lastName: 'Santos',
  streetAddress1: '12 Mabini Street',
  streetAddress2: 'Unit 3',
  cityArea: 'Bagong Pag-asa',
  city: 'Quezon City',
  countryArea: 'Metro Manila',
  postalCode: '1105',
  phone: '0917-555-0142',
};

type Variant = { id: string; product: string; price: number };

/**
 * Two in-stock variants of two products (not vouchers), each under ₱60,000, with their unit prices
 * in centavos and each product's name as its page (and the cart) shows it, brand first.
 */
async function twoVariants(): Promise<Variant[]> {
  const { products } = await gql<{
    products: { edges: { node: { name: string; brand: { name: string } | null; productType: { name: string } | null; variants: { id: string; stockQuantity: number | null; pricing: { price: { gross: { amount: number } } } | null }[] | null } }[] };
  }>('{ products(first: 40) { edges { node { name brand { name } productType { name } variants { id stockQuantity pricing { price { gross { amount } } } } } } } }');
  const picked: Variant[] = [];
  for (const { node } of products.edges) {
    if (node.productType?.name === 'Voucher') continue;
    const v = node.variants?.find((x) => (x.stockQuantity ?? 0) >= 5 && (x.pricing?.price.gross.amount ?? 0) > 0 && (x.pricing?.price.gross.amount ?? 0) < 60_000);
    if (v) picked.push({ id: v.id, product: productDisplayName(node.name, node.brand?.name), price: Math.round(v.pricing!.price.gross.amount * 100) });
    if (picked.length === 2) break;
  }
  expect(picked).toHaveLength(2);
  return picked;
}

async function savedQuantities(token: string): Promise<Record<string, number>> {
  const { me } = await gql<{ me: { checkout: { lines: { quantity: number; variant: { id: string } }[] } | null } }>(
    '{ me { checkout { lines { quantity variant { id } } } } }',
    {},
    token,
  );
  return Object.fromEntries((me.checkout?.lines ?? []).map((l) => [l.variant.id, l.quantity]));
}

const subtotalText = (page: Page) => page.getByTestId('cart-subtotal').textContent();

describe('data kept right', () => {
  it('saves a phone typed 0917 123 4567 and the barangay "Bagong Pag-asa" picked from the PSGC suggestions', async () => {
    const { context, page } = await newPage(browser, { viewport: { width: 390, height: 844 }, cookies: 'accepted' });
    const { token } = await newCustomer('address-psgc', { context, addresses: false });
    await page.goto('/account/addresses');
    await hydrated(page);
    await dismissOverlays(page);
    const form = page.getByRole('form', { name: 'Shipping Address' });
    await form.getByLabel('First Name').fill('Maria');
    await form.getByLabel('Last Name').fill('Santos');
    await form.getByLabel('Street Address', { exact: true }).fill('12 Mabini Street');
    await form.getByLabel('Province').selectOption('Metro Manila');
    await expect.poll(() => form.getByLabel('City').locator('option', { hasText: 'Quezon City' }).count()).toBe(1);
    await form.getByLabel('City').selectOption('Quezon City');
    // The suggestions are the PSGC's own spellings, never "Bagong Pag asa".
    const suggestions = page.locator('#shipping-barangays option');
    await expect.poll(() => suggestions.count(), { timeout: 10_000 }).toBeGreaterThan(100);
    const names = await suggestions.evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
    expect(names).toContain('Bagong Pag-asa');
    expect(names).not.toContain('Bagong Pag asa');
    await form.getByLabel('Barangay').fill('Bagong Pag-asa');
    await form.getByLabel('Postal Code').fill('1105');
    // The whole number stays in the field: nothing is cut at 10 characters.
    const phone = form.getByLabel('Phone');
    await phone.fill('0917 123 4567');
    expect(await phone.inputValue()).toBe('0917 123 4567');
    await form.getByRole('button', { name: 'Save Shipping Address' }).click();
    await form.getByText('Shipping Address saved!').waitFor();
    const { me } = await gql<{ me: { defaultShippingAddress: { phone: string; cityArea: string } | null } }>(
      '{ me { defaultShippingAddress { phone cityArea } } }',
      {},
      token,
    );
    expect(me.defaultShippingAddress).toEqual({ phone: '+639171234567', cityArea: 'Bagong Pag-asa' });
    await context.close();
  });

  it('follows a changed quantity with the totals at once and saves it before Checkout goes on', async () => {
    const { context, page } = await newPage(browser, { viewport: { width: 390, height: 844 }, cookies: 'accepted' });
    const { token } = await newCustomer('cart-totals', { context });
    const [first, second] = await twoVariants();
    await page.goto('/');
    for (const v of [first!, second!]) {
      const response = await page.request.post('/cart', { form: { intent: 'addToCart', variantId: v.id, quantity: '1' }, headers: { accept: 'application/json' } });
      expect(response.ok()).toBe(true);
    }
    await page.goto('/cart');
    await hydrated(page);
    await dismissOverlays(page);
    expect(await subtotalText(page)).toBe(formatPeso(first!.price + second!.price));

    // Plus: the subtotal follows at once, and the new quantity is saved without pressing Update Cart.
    await page.getByRole('button', { name: `Increase quantity of ${first!.product}` }).click();
    await expect.poll(() => subtotalText(page), { timeout: 2_000 }).toBe(formatPeso(2 * first!.price + second!.price));
    await expect.poll(() => savedQuantities(token), { timeout: 10_000 }).toEqual({ [first!.id]: 2, [second!.id]: 1 });
    await expectNoSeriousViolations(page);

    // A typed quantity changes the totals at once too; Checkout, pressed straight away, saves it first.
    await page.getByRole('textbox', { name: `Quantity of ${second!.product}` }).fill('3');
    await expect.poll(() => subtotalText(page), { timeout: 2_000 }).toBe(formatPeso(2 * first!.price + 3 * second!.price));
    await page.getByRole('link', { name: 'Checkout', exact: true }).click();
    await page.waitForURL(/\/checkout$/);
    expect(await savedQuantities(token)).toEqual({ [first!.id]: 2, [second!.id]: 3 });
    await context.close();
  });

  it('shows staff the whole ship-to address with the phone number, in the orders table and on the order', async () => {
    const { token } = await newCustomer('ship-to');
    const [variant] = await twoVariants();
    const { checkoutCreate } = await gql<{ checkoutCreate: { checkout: { id: string; availableShippingMethods: { id: string; type: string }[] } } }>(
      'mutation($input: CheckoutCreateInput!) { checkoutCreate(input: $input) { checkout { id availableShippingMethods { id type } } errors { message } } }',
      { input: { lines: [{ variantId: variant!.id, quantity: 1 }] } },
      token,
    );
    const checkoutId = checkoutCreate.checkout.id;
    const delivery = checkoutCreate.checkout.availableShippingMethods.find((m) => m.type === 'DELIVERY')!;
    for (const mutation of [
      'mutation($c: ID!, $a: AddressInput!) { r: checkoutBillingAddressUpdate(checkoutId: $c, billingAddress: $a) { errors { message } } }',
      'mutation($c: ID!, $a: AddressInput!) { r: checkoutShippingAddressUpdate(checkoutId: $c, shippingAddress: $a) { errors { message } } }',
    ]) {
      const { r } = await gql<{ r: { errors: { message: string }[] } }>(mutation, { c: checkoutId, a: QC_ADDRESS }, token);
      expect(r.errors).toEqual([]);
    }
    await gql('mutation($c: ID!, $m: ID!) { checkoutShippingMethodUpdate(checkoutId: $c, shippingMethodId: $m) { errors { message } } }', { c: checkoutId, m: delivery.id }, token);
    await gql('mutation($c: ID!, $i: PaymentInput!) { checkoutPaymentCreate(checkoutId: $c, input: $i) { errors { message } } }', { c: checkoutId, i: { gateway: 'Bank Deposit', token: 'not-charged' } }, token);
    const { checkoutComplete } = await gql<{ checkoutComplete: { order: { referenceKey: string } | null; errors: { message: string }[] } }>(
      'mutation($c: ID!) { checkoutComplete(checkoutId: $c) { order { referenceKey } errors { message } } }',
      { c: checkoutId },
      token,
    );
    expect(checkoutComplete.errors).toEqual([]);
    const ref = checkoutComplete.order!.referenceKey;

    const { context, page } = await newPage(browser, { viewport: { width: 1366, height: 900 }, cookies: 'accepted' });
    await logIn(context, 'staff@example.com', 'staff123');
    await page.goto(`/staff/orders?search=${ref}`);
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: ref }) });
    await row.waitFor();
    const shipTo = row.getByTestId('ship-to');
    await expect(shipTo.textContent()).resolves.toContain('Maria Santos');
    await expect(shipTo.textContent()).resolves.toContain('12 Mabini Street, Unit 3, Bagong Pag-asa, Quezon City, Metro Manila 1105');
    await expect(shipTo.textContent()).resolves.toContain('+63 917 555 0142');
    await expectNoSeriousViolations(page);

    await row.getByRole('link', { name: ref }).click();
    await page.getByRole('heading', { name: `Order ${ref}` }).waitFor();
    const address = page.getByRole('region', { name: 'Ship to' });
    const lines = await address.locator('address').innerText();
    expect(lines.split('\n').map((l) => l.trim())).toEqual([
      'Maria Santos',
      '12 Mabini Street',
      'Unit 3',
      'Bagong Pag-asa, Quezon City',
      'Metro Manila 1105',
      '+63 917 555 0142',
    ]);
    await expect(address.getByRole('link', { name: '+63 917 555 0142' }).getAttribute('href')).resolves.toBe('tel:+639175550142');
    await expectNoSeriousViolations(page);
    await context.close();
  });
});
