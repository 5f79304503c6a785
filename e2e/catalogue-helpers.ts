// Shared steps of the catalogue journeys.
import { expect } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { baseURL } from './browser';

/**
 * Accepts the cookie notice if it is showing, and closes the home announcement if it is open
 * (newPage's FirstVisit: a journey's browser has seen it unless the journey asks otherwise).
 */
export async function dismissOverlays(page: Page): Promise<void> {
  // A click before React attaches its handlers is lost.
  await hydrated(page);
  const cookies = page.getByRole('button', { name: 'I Understand' });
  if (await cookies.isVisible().catch(() => false)) {
    await cookies.click();
    await cookies.waitFor({ state: 'detached' });
  }
  const announcement = page.getByRole('button', { name: 'Close announcement' });
  if (await announcement.isVisible().catch(() => false)) {
    await announcement.click();
    await announcement.waitFor({ state: 'detached' });
  }
}

/**
 * Waits until React has hydrated the page and committed it, its lazily loaded parts included
 * (client handlers are attached). The React keys on `#main` are set while the hydration renders,
 * before it commits: a click in between reaches a handler whose state update is lost. The root's
 * effect marks `<html>` data-personal-fill 'done' after the commit (for a signed-in shopper's
 * public page only once its personal parts are filled in: app/lib/personal-fill.ts). A part the
 * server rendered from a lazy component (the address forms, for one) stays server markup until
 * its code arrives, and a click on it before then is dropped: every control in `#main` must have
 * React's props, but for those inside markup React set as HTML (a product's description).
 */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const reactKey = (node: Element, prefix: string) => Object.keys(node).find((k) => k.startsWith(prefix));
    const insideHtml = (node: Element) => {
      for (let parent = node.parentElement; parent; parent = parent.parentElement) {
        const key = reactKey(parent, '__reactProps');
        if (key && (parent as unknown as Record<string, { dangerouslySetInnerHTML?: unknown }>)[key]?.dangerouslySetInnerHTML) return true;
      }
      return false;
    };
    const root = document.querySelector('#main');
    if (!root || !reactKey(root, '__react') || document.documentElement.dataset.personalFill !== 'done') return false;
    return [...root.querySelectorAll('button, input, select, textarea, a[href]')].every((control) => reactKey(control, '__reactProps') || insideHtml(control));
  });
}

/** Product cards' prices as numbers (the first price of each card). */
export async function cardPrices(page: Page): Promise<number[]> {
  const texts = await page.locator('article p span.font-bold').allTextContents();
  return texts.map((t) => Number(t.replace(/[₱,]/g, '').split(' - ')[0]));
}

/** A session token of the account, from the API's tokenCreate. */
export async function sessionToken(email: string, password: string): Promise<string> {
  const { tokenCreate } = await apiQuery<{ tokenCreate: { token: string | null } }>(
    'mutation($email: String!, $password: String!) { tokenCreate(email: $email, password: $password) { token } }',
    { email, password },
  );
  expect(tokenCreate.token, `sign-in of ${email}`).toBeTruthy();
  return tokenCreate.token!;
}

/** Signs in like the login dialog does: a session token in the HttpOnly `token` cookie. */
export async function logIn(context: BrowserContext, email: string, password: string): Promise<string> {
  const token = await sessionToken(email, password);
  await context.addCookies([{ name: 'token', value: token, url: baseURL(), httpOnly: true, sameSite: 'Lax' }]);
  return token;
}

/** Asks the public API directly (as a visitor, or with a session token), for test data found by query rather than by id. */
export async function apiQuery<T>(query: string, variables: Record<string, unknown> = {}, token?: string): Promise<T> {
  const response = await fetch(`${baseURL()}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json()) as { data?: T; errors?: { message: string }[] };
  if (!body.data || body.errors?.length) throw new Error(`API: ${JSON.stringify(body.errors)}`);
  return body.data;
}
