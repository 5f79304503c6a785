// The buying journey: a verified customer of its own adds two products through the /cart
// add-to-cart endpoint, changes quantities in the cart, applies a demo promo code, chooses
// delivery with insurance, confirms the addresses, picks Bank Deposit, places the order and
// lands on the orders page; axe finds nothing serious on /cart and /checkout. A COD fee lookup
// still pending when the shopper leaves the checkout is never asked.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, launchBrowser, newPage, expectNoSeriousViolations } from './browser';
import { apiQuery as gql, dismissOverlays, hydrated, logIn } from './catalogue-helpers';
import { newCustomer } from './customers';
import { findVariant, openPaymentStep } from './checkout-helpers';
import { productDisplayName } from '../common/catalogue/pricing';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});



type Variant = { id: string; name: string; stockQuantity: number | null; pricing: { price: { gross: { amount: number } } } | null };

/**
 * Two in-stock variants of two different products, each under ₱60,000 (COD and totals stay simple),
 * with each product's name as its page shows it (brand first), which the cart and checkout use too.
 */
async function twoVariants(): Promise<{ product: string; variant: Variant }[]> {
  const { products } = await gql<{
    products: { edges: { node: { name: string; brand: { name: string } | null; productType: { name: string } | null; variants: Variant[] | null } }[] };
  }>('{ products(first: 40) { edges { node { name brand { name } productType { name } variants { id name stockQuantity pricing { price { gross { amount } } } } } } } }');
  const picked: { product: string; variant: Variant }[] = [];
  for (const { node } of products.edges) {
    if (node.productType?.name === 'Voucher') continue;
    const variant = node.variants?.find((v) => (v.stockQuantity ?? 0) >= 5 && (v.pricing?.price.gross.amount ?? 0) > 0);
    if (variant && (variant.pricing?.price.gross.amount ?? 0) < 60_000) picked.push({ product: productDisplayName(node.name, node.brand?.name), variant });
    if (picked.length === 2) break;
  }
  expect(picked).toHaveLength(2);
  return picked;
}

async function addToCart(page: Page, variantId: string, quantity: number) {
  const response = await page.request.post('/cart', {
    form: { intent: 'addToCart', variantId, quantity: String(quantity) },
    headers: { accept: 'application/json' },
  });
  expect(response.ok()).toBe(true);
}


async function expectNoHorizontalOverflow(page: Page) {
  await page.setViewportSize({ width: 320, height: 720 });
  // Polled: right after a resize (and while the cart drawer closes) the layout may not have
  // settled yet on a busy machine; an overflow that stays fails after 5 s.
  const overflow = await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth), { timeout: 5000 })
    .toBe(false)
    .then(() => false, () => true);
  // The elements that reach past the viewport's right edge name the cause of a failure.
  const wide = overflow
    ? await page.evaluate(() =>
        [...document.querySelectorAll('body *')]
          .filter((e) => e.getBoundingClientRect().right > window.innerWidth + 1)
          .slice(-5)
          .map((e) => `${e.tagName.toLowerCase()}.${String(e.className).slice(0, 60)} "${(e.textContent ?? '').trim().slice(0, 60)}" ${Math.round(e.getBoundingClientRect().right)}px`),
      )
    : [];
  await page.setViewportSize({ width: 1280, height: 900 });
  expect(wide).toEqual([]);
  expect(overflow).toBe(false);
}

const cartQuantities = async (page: Page) =>
  page.getByTestId('cart-line').evaluateAll((lines) =>
    lines.map((line) => Number((line.querySelector('input[aria-label^="Quantity of"]') as HTMLInputElement).value)),
  );

describe('checkout journey', () => {
  it('refuses add to cart without a session, with the rulebook message and reason', async () => {
    const response = await fetch(`${baseURL()}/cart.data`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ intent: 'addToCart', variantId: 'x', quantity: '1' }),
    });
    const text = await response.text();
    expect(text).toContain('Please signup/login to unlock add to cart');
    expect(text).toContain('login');
  });

  it('asks for addresses before add to cart and stops an unverified customer at checkout', async () => {
    const { context, page } = await newPage(browser);
    const email = `e2e.unverified.${Date.now()}@example.com`;
    const password = 'Tamang-Pass-123';
    await gql('mutation($input: AccountRegisterInput!) { accountRegister(input: $input) { errors { message } } }', {
      input: { email, password, firstName: 'Ana', lastName: 'Reyes' },
    });
    const token = await logIn(context, email, password);
    const [first] = await twoVariants();
    await page.goto('/');

    const post = () =>
      page.request.post('/cart.data', { form: { intent: 'addToCart', variantId: first!.variant.id, quantity: '1' } });
    const refused = await (await post()).text();
    expect(refused).toContain('Please add your billing and shipping address to add this item to your cart.');
    expect(refused).toContain('address');

    const address = {
      firstName: 'Ana',
      lastName: 'Reyes',
      streetAddress1: '5 Luna Street',
      cityArea: 'Poblacion',
      city: 'Makati City',
      countryArea: 'Metro Manila',
      postalCode: '1210',
      phone: '9171112222',
    };
    for (const type of ['SHIPPING', 'BILLING']) {
      await gql(
        'mutation($input: AddressInput!, $type: AddressTypeEnum) { accountAddressCreate(input: $input, type: $type) { errors { message } } }',
        { input: address, type },
        token,
      );
    }
    expect(await (await post()).text()).toContain('cartCount');

    await page.goto('/checkout');
    const dialog = page.getByRole('dialog', { name: 'Verify your email' });
    await dialog.getByText('Your email is not verified! Please verify your email to continue checkout.').waitFor();
    await expect(dialog.getByRole('link', { name: 'Verify Email Address' }).getAttribute('href')).resolves.toBe('/verify?redirect=checkout');
    await context.close();
  });

  it('takes a verified customer with saved addresses from two products to a placed Bank Deposit order', async () => {
    const { context, page } = await newPage(browser, { viewport: { width: 1280, height: 900 } });
    const { token } = await newCustomer('checkout', { context });
    const [first, second] = await twoVariants();

    // Add to cart: the product page's endpoint. The second add of the same variant adds up.
    await page.goto('/');
    await addToCart(page, first!.variant.id, 1);
    await addToCart(page, second!.variant.id, 1);
    const { me } = await gql<{ me: { checkout: { quantity: number; lines: { quantity: number }[] } | null } }>(
      '{ me { checkout { quantity lines { quantity } } } }',
      {},
      token,
    );
    expect(me.checkout?.lines.map((l) => l.quantity)).toEqual([1, 1]);

    // The cart: two lines, header badge = sum of quantities.
    await page.goto('/cart');
    await page.getByRole('heading', { name: 'Your Cart' }).waitFor();
    expect(await page.getByTestId('cart-line').count()).toBe(2);
    // Each line named as its product page names it, brand first.
    await page.getByTestId('cart-line').getByText(first!.product, { exact: true }).waitFor();
    await expect(page.getByRole('button', { name: /^Cart ?, ?2 items$/ }).first().isVisible()).resolves.toBe(true);
    await expectNoSeriousViolations(page);
    await expectNoHorizontalOverflow(page);

    // Change quantities: plus on the first line, type 3 on the second. The cart saves them by
    // itself (Update Cart stays for a 0 or an emptied field): the badge follows.
    await hydrated(page);
    await page.getByRole('button', { name: `Increase quantity of ${first!.product}` }).click();
    await page.getByRole('textbox', { name: `Quantity of ${second!.product}` }).fill('3');
    await page.getByRole('button', { name: /^Cart ?, ?5 items$/ }).first().waitFor();
    await page.reload();
    expect(await cartQuantities(page)).toEqual([2, 3]);
    await expect(page.getByRole('button', { name: /^Cart ?, ?5 items$/ }).first().isVisible()).resolves.toBe(true);

    // The header panel lists the lines and offers the checkout.
    await page.getByRole('button', { name: /^Cart ?, ?5 items$/ }).first().click();
    const panel = page.getByRole('dialog', { name: 'Your Cart' });
    await panel.getByRole('link', { name: 'VIEW CART' }).waitFor();
    await panel.getByRole('link', { name: 'CHECKOUT' }).click();
    await page.waitForURL(/\/checkout$/);

    // Checkout: steps 1 and 2 locked until the previous one is saved.
    await page.getByRole('heading', { name: 'Checkout' }).waitFor();
    await expect(page.getByRole('button', { name: /Billing and Shipping Address/ }).isDisabled()).resolves.toBe(true);
    await expect(page.getByRole('button', { name: /Payment/ }).isDisabled()).resolves.toBe(true);
    await expectNoSeriousViolations(page);
    await expectNoHorizontalOverflow(page);

    // Continue without a method: the rulebook's message.
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText('Please select a shipping method').waitFor();

    // Promo code (a demo voucher: ₱100 off orders of ₱1,000 or more). The customer was not
    // referred, so no first-purchase voucher of their own sits on the cart.
    await expect(page.getByTestId('applied-promo').count()).resolves.toBe(0);
    // The promo code's field fits a 320 px screen (its own width once set the summary's).
    await expectNoHorizontalOverflow(page);
    const apply = page.getByRole('button', { name: 'Apply' });
    await expect(apply.isDisabled()).resolves.toBe(true);
    await page.getByLabel('Promo Code').fill('SUKI100');
    await apply.click();
    await page.getByTestId('applied-promo').waitFor();
    await page.getByText('Discount').first().waitFor();

    // Delivery with insurance.
    await page.getByRole('radio', { name: /Delivery/ }).check();
    await page.getByRole('checkbox', { name: 'Add Shipping Insurance' }).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('checkbox', { name: 'Ship to the same address' }).waitFor();
    await page.getByText('Shipping Insurance').first().waitFor();

    // Addresses: the saved ones are prefilled; enter a new street and ship to the same address.
    await expect(page.locator('#billing-firstName').inputValue()).resolves.not.toBe('');
    await page.locator('#billing-streetAddress1').fill('12 Mabini Street');
    await page.getByRole('checkbox', { name: 'Ship to the same address' }).check();
    await expect(page.locator('#shipping-streetAddress1').inputValue()).resolves.toBe('12 Mabini Street');
    await page.getByRole('button', { name: 'Continue' }).click();

    // Payment: Bank Deposit shows the account to pay into.
    await page.getByRole('radio', { name: 'Bank Deposit' }).check();
    await page.getByText('Account Number').waitFor();
    await page.getByRole('button', { name: 'Review Checkout' }).click();
    const review = page.getByRole('dialog', { name: 'Review Checkout' });
    await review.getByText(first!.product).first().waitFor();
    await review.getByText('Bank Deposit').waitFor();
    expect(await review.getByText('12 Mabini Street').count()).toBe(2);
    await review.getByRole('button', { name: 'Place Order' }).click();

    await page.waitForURL(/\/account\/orders\?status=success&method=Bank(%20|\+)Deposit/, { timeout: 30_000 });
    // Local storage is cleared after success.
    expect(await page.evaluate(() => window.localStorage.length)).toBe(0);

    // The order exists and the cart is gone.
    const after = await gql<{ me: { checkout: { lines: unknown[] } | null } }>('{ me { checkout { lines { id } } } }', {}, token);
    expect(after.me.checkout?.lines.length ?? 0).toBe(0);

    // Opening checkout with an empty cart: the alert, then home.
    await page.goto('/checkout');
    await page.getByText('You have no more items in your cart Redirecting you to home....').waitFor();
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto('/cart');
    await page.getByText('NO PRODUCT IN CART').waitFor();
    await context.close();
  });
  it('lists the payment methods in groups with their marks, the unavailable ones disabled with the reason, fees on choice and every amount in ₱', async () => {
    const { context, page } = await newPage(browser, { viewport: { width: 1280, height: 900 } });
    await newCustomer('chooser', { context });
    // Over the e-wallets' ₱10,000 and under COD's ₱50,000, and not installment-ready.
    const variant = await findVariant((v) => v.price > 10_500 && v.price < 40_000 && !v.isInstallmentReady);
    await openPaymentStep(page, variant.id, 'Delivery');

    // The groups, most used first; GCash first among the e-wallets.
    const groups = page.locator('[data-testid^="payment-group-"]');
    expect(await groups.locator('legend').allInnerTexts()).toEqual(['E-WALLETS', 'CARDS', 'PAY ON DELIVERY OR AT THE BANK', 'ONLINE BANKING', 'PAY LATER']);
    const wallets = page.getByTestId('payment-group-wallets').getByRole('radio');
    expect(await wallets.first().getAttribute('value')).toBe('GCash');
    // One card choice, not two identical ones.
    expect(await page.getByRole('radio', { name: 'Debit/Credit Card', exact: true }).count()).toBe(1);
    // Every method but the card choice (its own network badges) shows its mark, and each mark loads.
    const marks = page.locator('img[src^="/gateways/"]');
    expect(await marks.count()).toBe((await groups.getByRole('radio').count()) - 1);
    await marks.last().scrollIntoViewIfNeeded();
    await expect
      .poll(() => marks.evaluateAll((imgs) => imgs.every((i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth > 0)), { timeout: 10_000 })
      .toBe(true);

    // Unavailable: in its place, disabled, its reason read with it.
    const gcash = page.getByRole('radio', { name: 'GCash' });
    await expect(gcash.isDisabled()).resolves.toBe(true);
    await expect(gcash.evaluate((el) => document.getElementById(el.getAttribute('aria-describedby') ?? '')?.textContent)).resolves.toBe(
      'GCash is available for orders up to ₱10,000.00.',
    );
    await expect(page.getByRole('radio', { name: 'GrabPay' }).isDisabled()).resolves.toBe(true);
    await expect(page.getByRole('radio', { name: 'BillEase' }).isDisabled()).resolves.toBe(true);
    await page.getByText('BillEase needs every item in your cart to be installment-ready.').waitFor();
    // The old loose list of sentences is gone.
    expect(await page.getByRole('list', { name: 'Payment methods not available' }).count()).toBe(0);

    // Cash on delivery: its fee beside it, and in the summary and total as soon as it is chosen.
    const cod = page.getByRole('radio', { name: 'Cash on Delivery' });
    const codNote = await cod.evaluate((el) => document.getElementById(el.getAttribute('aria-describedby') ?? '')?.textContent ?? '');
    expect(codNote).toMatch(/^Adds a fee of ₱[\d,]+\.\d\d\.$/);
    const fee = codNote.replace(/^Adds a fee of /, '').replace(/\.$/, '');
    const totals = page.getByTestId('order-totals');
    const totalBefore = await page.getByTestId('order-total').innerText();
    await cod.check();
    await totals.getByText('Cash on Delivery Fee').waitFor();
    await expect(totals.getByText(fee, { exact: true }).isVisible()).resolves.toBe(true);
    // The total is the server's: it follows once the choice is stored on the checkout.
    await expect.poll(() => page.getByTestId('order-total').innerText(), { timeout: 15_000 }).not.toBe(totalBefore);
    await expect(page.getByRole('radio', { name: 'Cash on Delivery' }).isChecked()).resolves.toBe(true);

    // Every amount in ₱: no 'PHP' left on the page (the shipping line read 'PHP 100.00').
    expect(await page.locator('main').innerText()).not.toContain('PHP');
    expect(await totals.innerText()).toMatch(/Shipping\s+(FREE|₱)/);

    await expectNoSeriousViolations(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoSeriousViolations(page);
    await expectNoHorizontalOverflow(page);
    await context.close();
  });

  it('drops the pending COD fee lookup when the shopper leaves the checkout before it is asked', async () => {
    const { context, page } = await newPage(browser, { viewport: { width: 1280, height: 900 } });
    await newCustomer('leaver', { context });
    const variant = await findVariant((v) => v.price > 1_000 && v.price < 40_000);
    const lookups: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && /intent=codFee/.test(request.postData() ?? '')) lookups.push(request.url());
    });
    await page.goto('/');
    const added = await page.request.post('/cart', { form: { intent: 'addToCart', variantId: variant.id, quantity: '1' }, headers: { accept: 'application/json' } });
    expect(added.ok()).toBe(true);
    await page.goto('/checkout');
    await hydrated(page);
    await dismissOverlays(page);
    await page.getByRole('radio', { name: /Delivery/ }).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.locator('#billing-firstName').waitFor();
    // The page's clock paused: the lookup, asked 800 ms after the addresses are saved, waits for
    // the test to run the clock, however slow the machine.
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 1_000);
    const review = page.getByRole('button', { name: 'Review Checkout' });

    // Staying on the checkout: asked once the 800 ms have passed.
    await page.getByRole('button', { name: 'Continue' }).click();
    await review.waitFor();
    expect(lookups).toEqual([]);
    await page.clock.runFor(1_000);
    await expect.poll(() => lookups.length, { timeout: 10_000 }).toBe(1);

    // The addresses saved again, then the shop opened within the 800 ms: never asked.
    await page.getByRole('button', { name: /Billing and Shipping Address/ }).click();
    await page.locator('#billing-firstName').waitFor();
    // The payment step closed, so its button coming back means this save has landed.
    await review.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Continue' }).click();
    await review.waitFor();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Shop' }).click();
    await page.waitForURL(/\/shop$/);
    // React commits the next page on timers of its own, held too: the clock moves in small steps,
    // with real time between them for the next page's code and data, until the checkout has left
    // the screen, well before the lookup's 800 ms are due.
    // At most 700 ms of the page's time, over up to 14 s of real time (a busy CI machine).
    for (let step = 0; step < 140 && (await review.count()) > 0; step++) {
      await page.clock.runFor(5);
      await page.waitForTimeout(100);
    }
    expect(await review.count(), 'the checkout left the screen before its lookup was due').toBe(0);
    await page.clock.runFor(2_000);
    await page.waitForTimeout(500);
    expect(lookups).toHaveLength(1);
    await context.close();
  });
});
