// The checkout's first two steps in the browser, for journeys about the payment step (checkout,
// payments-cards): a cart of one chosen variant, a shipping method, the saved addresses, and the
// payment step open.
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { apiQuery as gql, dismissOverlays, hydrated } from './catalogue-helpers';

export type PricedVariant = { id: string; price: number; productName: string; isInstallmentReady: boolean };

/** The first in-stock variant of a product (not a voucher, not a pre-order) that `pick` accepts. */
export async function findVariant(pick: (v: PricedVariant) => boolean): Promise<PricedVariant> {
  const { products } = await gql<{
    products: {
      edges: {
        node: {
          name: string;
          isPreOrder: boolean;
          isInstallmentReady: boolean | null;
          productType: { name: string } | null;
          variants: { id: string; stockQuantity: number | null; pricing: { price: { gross: { amount: number } } | null } | null }[] | null;
        };
      }[];
    };
  }>('{ products(first: 100) { edges { node { name isPreOrder isInstallmentReady productType { name } variants { id stockQuantity pricing { price { gross { amount } } } } } } } }');
  const found = products.edges
    .filter((e) => !e.node.isPreOrder && e.node.productType?.name !== 'Voucher')
    .flatMap((e) =>
      (e.node.variants ?? [])
        .filter((v) => (v.stockQuantity ?? 0) >= 3)
        .map((v) => ({ id: v.id, price: v.pricing?.price?.gross.amount ?? 0, productName: e.node.name, isInstallmentReady: e.node.isInstallmentReady ?? false })),
    )
    .find((v) => v.price > 0 && pick(v));
  expect(found, 'a matching variant in the demo catalogue').toBeTruthy();
  return found!;
}

/** Fills the cart with one unit of `variantId`, opens /checkout and goes on to the payment step. */
export async function openPaymentStep(page: Page, variantId: string, shipping: 'Pickup' | 'Delivery'): Promise<void> {
  await page.goto('/');
  const added = await page.request.post('/cart', { form: { intent: 'addToCart', variantId, quantity: '1' }, headers: { accept: 'application/json' } });
  expect(added.ok()).toBe(true);
  await page.goto('/checkout');
  await hydrated(page);
  await dismissOverlays(page);
  await page.getByRole('radio', { name: new RegExp(shipping) }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  // The saved addresses are filled in: go on.
  await page.locator('#billing-firstName').waitFor();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Review Checkout' }).waitFor();
}

/** The card form's fields, as the payment step's new card and the pay-now dialog show them. */
export async function fillCard(page: Page, number: string): Promise<void> {
  await page.getByLabel('Card Number').fill(number);
  await page.getByLabel('Month (MM)').fill('12');
  await page.getByLabel('Year (YYYY)').selectOption(String(new Date().getFullYear() + 2));
  await page.getByLabel('CVV').fill('123');
}
