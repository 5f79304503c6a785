// Debian's Chromium driven by playwright-core (never a browser download), plus axe checks.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { ANNOUNCEMENT_SEEN_KEY } from '../app/components/catalogue/announcement-seen';
import { COOKIE_CONSENT_COOKIE } from '../common/shop-info';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function baseURL(): string {
  return inject('baseURL');
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
}

/**
 * What a fresh browser has already been through on this shop. Every journey states it instead
 * of racing the overlays: the home page's announcement waits for the cookie notice, then opens
 * once per browser session as a modal that hides the rest of the page from the accessibility
 * tree, so whether a test looks before or after it opens would otherwise decide the outcome.
 */
export type FirstVisit = {
  /** The cookie notice: still asking (a new visitor, the default) or already understood. */
  cookies?: 'asked' | 'accepted';
  /** The home announcement: already seen this browser session (the default), or not yet. */
  announcement?: 'seen' | 'unseen';
};

export async function newPage(
  browser: Browser,
  options: { javaScriptEnabled?: boolean; viewport?: { width: number; height: number } } & FirstVisit = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const { cookies = 'asked', announcement = 'seen', ...contextOptions } = options;
  const context = await browser.newContext({ baseURL: baseURL(), ...contextOptions });
  if (cookies === 'accepted') {
    await context.addCookies([{ name: COOKIE_CONSENT_COOKIE, value: '1', url: baseURL(), sameSite: 'Lax' }]);
  }
  if (announcement === 'seen') {
    const id = await currentAnnouncementId();
    // As the modal leaves it when closed: the id of the announcement seen, in sessionStorage.
    // (The key travels as an argument: the function runs in the page, where this module's
    // imports do not exist.)
    // about:blank, where a page starts, has no storage of its own: only the shop's pages are marked.
    if (id) await context.addInitScript(({ key, seen }) => location.protocol.startsWith('http') && window.sessionStorage.setItem(key, seen), { key: ANNOUNCEMENT_SEEN_KEY, seen: id });
  }
  watchForFailureReport(context);
  const page = await context.newPage();
  return { context, page };
}

/** Contexts still open, with what their pages said went wrong: read by `failure-report.ts`. */
export const openContexts = new Map<BrowserContext, string[]>();

function watchForFailureReport(context: BrowserContext) {
  const problems: string[] = [];
  openContexts.set(context, problems);
  context.on('close', () => openContexts.delete(context));
  context.on('weberror', (error) => problems.push(`page error: ${error.error().message}`));
  context.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(`console ${message.type()}: ${message.text().slice(0, 300)}`);
  });
  context.on('requestfailed', (request) => problems.push(`failed ${request.method()} ${request.url()}: ${request.failure()?.errorText ?? ''}`));
  // The data requests and every 5xx, in order: what a stuck navigation was waiting for.
  context.on('response', (response) => {
    const url = response.url();
    if (response.status() >= 500 || /\.data(\?|$)|\/_personal\.json/.test(url)) problems.push(`${response.status()} ${response.request().method()} ${url}`);
  });
}

/** The announcement the home page would open (the first one), or null when there is none. */
async function currentAnnouncementId(): Promise<string | null> {
  const response = await fetch(`${baseURL()}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: '{ announcementModals(first: 1) { id } }' }),
  });
  const body = (await response.json()) as { data?: { announcementModals?: { id: string }[] | null } };
  if (!body.data) throw new Error(`announcementModals: ${JSON.stringify(body)}`);
  return body.data.announcementModals?.[0]?.id ?? null;
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

type AxeViolation = { id: string; impact: string | null; help: string; nodes: { target: string[] }[] };

/** Serious and critical accessibility violations on the current page (axe-core). */
export async function seriousA11yViolations(page: Page): Promise<AxeViolation[]> {
  // Evaluated through the DevTools protocol, which the page's CSP does not govern.
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: () => Promise<{ violations: AxeViolation[] }> } }).axe;
    return (await axe.run()).violations;
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/** Fails the test with each serious or critical violation and the elements it names. */
export async function expectNoSeriousViolations(page: Page): Promise<void> {
  const violations = await seriousA11yViolations(page);
  expect(violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}
