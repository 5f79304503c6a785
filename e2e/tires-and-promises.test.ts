// What a shopper is told before and after adding: a tire's product
// page says where tires go and who installs them; ADD TO CART slides the cart in (focus inside,
// Escape closes it, focus back on the button); checkout refuses a tire for a Cebu City address
// and takes a Metro Manila one; the FAQ and terms promise delivery as checkout does; the
// installment box names BillEase's terms; a request naming no variant is answered.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TIRE_DELIVERY_NOTICE, TIRE_INSTALLATION_NOTICE } from '../common/catalogue/tire-search';
import { DELIVERY_PROMISE } from '../common/checkout/delivery-promise';
import { expectNoSeriousViolations, launchBrowser, newPage } from './browser';
import { apiQuery, dismissOverlays, hydrated } from './catalogue-helpers';
import { newCustomer } from './customers';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const MAKATI = {
  firstName: 'Juan',
  lastName: 'Dela Cruz',
  streetAddress1: '8 Jupiter Street',
  cityArea: 'Bel Air',
  city: 'Makati City',
  countryArea: 'Metro Manila',
  postalCode: '1209',
  phone: '9171234567',
};
const CEBU = { ...MAKATI, streetAddress1: '45 Osmeña Boulevard', cityArea: 'Poblacion', city: 'Cebu City', countryArea: 'Cebu', postalCode: '6000' };

/** A tire in stock, as the catalogue lists it. */
async function aTire() {
  const { tires } = await apiQuery<{ tires: { edges: { node: { product: { id: string; name: string; variants: { id: string; isAvailable: boolean; stockQuantity: number }[] } } }[] } }>(
    '{ tires(first: 20, filter: { width: 205, aspectRatio: 55, rimDiameter: 16 }) { edges { node { product { id name variants { id isAvailable stockQuantity } } } } } }',
  );
  const tire = tires.edges.map((e) => e.node.product).find((p) => p.variants.some((v) => v.isAvailable && v.stockQuantity >= 2));
  expect(tire, 'a 205/55 R16 tire in stock').toBeTruthy();
  return tire!;
}

describe('tires, the cart slide-in and the delivery promise', () => {
  it('a tire: told before adding, the cart slides in, and checkout refuses Cebu City but delivers to Makati', async () => {
    const { context, page } = await newPage(browser, { viewport: { width: 1280, height: 900 } });
    const customer = await newCustomer('tires', { context, addresses: false });
    // Bills to Makati, ships to Cebu City by default: the address step starts with Cebu.
    for (const [type, address] of [
      ['BILLING', MAKATI],
      ['SHIPPING', CEBU],
    ] as const) {
      const { accountAddressCreate } = await apiQuery<{ accountAddressCreate: { errors: { message: string }[] } }>(
        'mutation($a: AddressInput!, $t: AddressTypeEnum) { accountAddressCreate(input: $a, type: $t) { errors { message } } }',
        { a: address, t: type },
        customer.token,
      );
      expect(accountAddressCreate.errors).toEqual([]);
    }

    const tire = await aTire();
    await page.goto(`/product/${encodeURIComponent(tire.id)}`);
    await hydrated(page);
    await dismissOverlays(page);
    const notice = page.getByTestId('tire-notice');
    await notice.getByText(TIRE_DELIVERY_NOTICE).waitFor();
    await notice.getByText(TIRE_INSTALLATION_NOTICE).waitFor();

    // ADD TO CART: the cart slides in with the tire, focus inside; Escape closes it and focus
    // returns to the button.
    const add = page.getByRole('button', { name: 'ADD TO CART' });
    await add.click();
    const slideIn = page.getByRole('dialog', { name: 'Added to cart' });
    await slideIn.waitFor();
    await slideIn.getByTestId('cart-slide-in-line').filter({ hasText: tire.name }).waitFor();
    expect(await slideIn.getByRole('link', { name: 'Checkout' }).getAttribute('href')).toBe('/checkout');
    expect(await slideIn.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await expectNoSeriousViolations(page);
    await page.keyboard.press('Escape');
    await slideIn.waitFor({ state: 'hidden' });
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('ADD TO CART');

    // Checkout: delivery promised as the FAQ promises it; Cebu City refused at the address step.
    await page.goto('/checkout');
    await hydrated(page);
    await page.getByText(`Delivery in ${DELIVERY_PROMISE}.`).waitFor();
    await page.getByRole('radio', { name: /Delivery/ }).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    const same = page.getByRole('checkbox', { name: 'Ship to the same address' });
    await same.waitFor();
    expect(await same.isChecked()).toBe(false);
    expect(await page.locator('#shipping-city').inputValue()).toBe('Cebu City');
    await page.getByRole('button', { name: 'Continue' }).click();
    const refused = page.getByRole('dialog', { name: 'Shipping Error' });
    await refused.getByText('We deliver tires within Metro Manila only, and Cebu City, Cebu is outside it.', { exact: false }).waitFor();
    await expectNoSeriousViolations(page);
    await refused.getByRole('button', { name: 'Close', exact: true }).last().click();

    // Shipping to the Makati billing address is taken: the payment step opens.
    await same.check();
    await page.getByRole('button', { name: 'Continue' }).click();
    const shippingCity = async () =>
      (await apiQuery<{ me: { checkout: { shippingAddress: { city: string } | null } } }>('{ me { checkout { shippingAddress { city } } } }', {}, customer.token)).me
        .checkout.shippingAddress?.city;
    await expect.poll(shippingCity, { timeout: 15_000 }).toBe('Makati City');
    await expect.poll(() => refused.isVisible()).toBe(false);
    await context.close();
  });

  it('the FAQ and the terms promise delivery in the words checkout uses', async () => {
    const { context, page } = await newPage(browser);
    for (const path of ['/faqs', '/terms-conditions']) {
      await page.goto(path);
      await page.locator('main').getByText(DELIVERY_PROMISE, { exact: false }).first().waitFor();
      expect(await page.locator('main').textContent(), path).not.toMatch(/1 to 3 days|3 to 7 days/);
    }
    await context.close();
  });

  it("names BillEase's terms beside the installment calculators", async () => {
    const { products } = await apiQuery<{ products: { edges: { node: { id: string; isInstallmentReady: boolean } }[] } }>(
      '{ products(first: 60) { edges { node { id isInstallmentReady } } } }',
    );
    const ready = products.edges.map((e) => e.node).find((p) => p.isInstallmentReady);
    expect(ready, 'an installment-ready product').toBeTruthy();
    const { context, page } = await newPage(browser);
    await page.goto(`/product/${encodeURIComponent(ready!.id)}`);
    await page.getByText('BillEase: 1/3 upfront, rest over up to 12 months, approval under 5 minutes.').waitFor();
    await context.close();
  });

  it("answers an add to cart that names no variant with 'Please enter a variant'", async () => {
    const { context, page } = await newPage(browser);
    await newCustomer('enter-variant', { context, addresses: false });
    await page.goto('/');
    const answer = await page.evaluate(async () => {
      const body = new FormData();
      body.set('intent', 'addToCart');
      body.set('quantity', '1');
      const response = await fetch('/cart.data', { method: 'POST', body });
      return response.text();
    });
    expect(answer).toContain('Please enter a variant');
    await context.close();
  });
});
