// Shared steps of the catalogue journeys.
import type { Page } from 'playwright-core';

/** Closes the home page's announcement and accepts the cookie notice, so both stay out of the way. */
export async function dismissOverlays(page: Page): Promise<void> {
  const announcement = page.getByRole('button', { name: 'Close announcement' });
  if (await announcement.isVisible().catch(() => false)) {
    await announcement.click();
    await announcement.waitFor({ state: 'detached' });
  }
  const cookies = page.getByRole('button', { name: 'I Understand' });
  if (await cookies.isVisible().catch(() => false)) await cookies.click();
}

/** Waits until React has hydrated the page (client handlers are attached). */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const root = document.querySelector('#main');
    return root != null && Object.keys(root).some((k) => k.startsWith('__react'));
  });
}

/** Product cards' prices as numbers (the first price of each card). */
export async function cardPrices(page: Page): Promise<number[]> {
  const texts = await page.locator('article p span.font-bold').allTextContents();
  return texts.map((t) => Number(t.replace(/[₱,]/g, '').split(' - ')[0]));
}
