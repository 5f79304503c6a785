// The Commissioner journey: user A copies the share link from the dashboard, user B
// signs up through it (the code prefilled, the 999-day referral cookie kept), B buys with cash
// on delivery, staff confirm and fulfil the order (/dev/orders), A sees the patron and the
// points, and requests a GCash payout once A has 500 points. axe on the new pages.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYOUT_MESSAGES } from '../common/validation/payout';
import { baseURL, expectNoSeriousViolations, launchBrowser, newPage } from './browser';
import { apiQuery as gql, dismissOverlays, hydrated, logIn, sessionToken } from './catalogue-helpers';
import { buyForTenThousand, setShopWithholding, staffEvent, verifyByEmail } from './referral-helpers';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  // The shop withholds 10% from payouts, as staff set it (a new shop's rate is 0%).
  await setShopWithholding(10);
});
afterAll(async () => {
  await browser?.close();
});

const stamp = Date.now();
const A = { email: `commissioner.${stamp}@example.com`, password: 'Komisyon-Pass-1', firstName: 'Andres', lastName: 'Bonifacio' };
const B = { email: `patron.${stamp}@example.com`, password: 'Patron-Pass-22', firstName: 'Gabriela', lastName: 'Silang' };
const ADDRESS = {
  firstName: 'Gabriela',
  lastName: 'Silang',
  streetAddress1: '45 Mabini Street',
  cityArea: 'Poblacion',
  city: 'Makati City',
  countryArea: 'Metro Manila',
  postalCode: '1210',
  phone: '9189990000',
};




async function signedInPage(email: string, password: string): Promise<{ context: BrowserContext; page: Page }> {
  const { context, page } = await newPage(browser, { viewport: { width: 1280, height: 900 } });
  await logIn(context, email, password);
  return { context, page };
}

describe('Commissioner programme', () => {
  it('A shares the link, B signs up through it and buys, A earns the points and requests a GCash payout', async () => {
    // A: a verified customer with no patron yet.
    await gql('mutation($i: AccountRegisterInput!) { accountRegister(input: $i) { errors { message } } }', {
      i: { email: A.email, password: A.password, firstName: A.firstName, lastName: A.lastName },
    });
    await verifyByEmail(A.email);
    const a = await signedInPage(A.email, A.password);
    await a.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL() });
    await a.page.goto('/account');
    await dismissOverlays(a.page);
    const panel = a.page.getByRole('region', { name: 'Referrals' });
    await panel.getByText('Refer your friends to earn credits:').waitFor();
    const code = (await panel.getByTestId('own-referral-code').textContent())!;
    expect(code).toMatch(/^[A-Z2-9]{9}$/);
    await hydrated(a.page);
    await panel.getByRole('button', { name: 'Copy Link' }).click();
    await panel.getByText('Link copy to clipboard').waitFor();
    const link = await a.page.evaluate(() => navigator.clipboard.readText());
    expect(link).toBe(`${baseURL()}/?signup_token=${code}`);
    await panel.getByRole('img', { name: 'QR code of your Commissioner link' }).waitFor();
    const pdf = await a.context.request.get('/referral-card.pdf');
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
    await expectNoSeriousViolations(a.page);

    // B: arrives through the link; the Sign Up dialog has the code; the link is kept 999 days.
    const b = await newPage(browser, { viewport: { width: 1280, height: 900 } });
    await b.page.goto(link.replace(baseURL(), ''));
    const signUp = b.page.getByRole('dialog', { name: 'Sign Up' });
    await signUp.waitFor();
    await hydrated(b.page);
    await expect(signUp.getByLabel('Commissioner Key (optional)').inputValue()).resolves.toBe(code);
    const kept = (await b.context.cookies()).find((c) => c.name === 'signup_token');
    expect(kept?.value).toBe(code);
    // 999 days asked; Chromium caps every cookie at 400 days (RFC 6265bis), so that is what it keeps.
    expect((kept!.expires - Date.now() / 1000) / 86_400).toBeGreaterThan(399);
    await signUp.getByLabel('First Name').fill(B.firstName);
    await signUp.getByLabel('Last Name').fill(B.lastName);
    await signUp.getByLabel('Email').fill(B.email);
    await signUp.getByLabel('Password', { exact: true }).fill(B.password);
    await signUp.getByLabel('Confirm Password').fill(B.password);
    await signUp.getByRole('button', { name: 'Sign Up' }).click();
    await b.page.getByRole('dialog', { name: 'Verify your email' }).waitFor();
    await b.context.close();
    await verifyByEmail(B.email);

    // B buys ₱10,000 or more, cash on delivery; staff confirm and fulfil (cash collected).
    const order = await buyForTenThousand(await sessionToken(B.email, B.password), ADDRESS);
    await staffEvent(order.number, 'confirm', 'LBC-REF-1');
    await staffEvent(order.number, 'fulfil', 'LBC-REF-1');
    const points = Math.floor(order.subtotal * 0.05);
    expect(points).toBeGreaterThanOrEqual(500);

    // A sees the patron and the points: the dashboard panel and Patrons.
    await a.page.goto('/account');
    await expect(panel.getByTestId('total-patrons').textContent()).resolves.toBe('1');
    await expect(panel.getByTestId('referral-points').textContent()).resolves.toBe(String(points));
    const row = panel.getByRole('row', { name: new RegExp(`${B.firstName} ${B.lastName}`) });
    await row.getByRole('cell', { name: String(points), exact: true }).waitFor();
    await a.page.goto('/account/referrals');
    await a.page.getByRole('heading', { name: 'Patrons' }).waitFor();
    await a.page.getByRole('row', { name: new RegExp(`${B.firstName} ${B.lastName}.*1.*${points}`) }).waitFor();
    await expectNoSeriousViolations(a.page);

    // The commissioner panel of B's profile shows A.
    const bAgain = await signedInPage(B.email, B.password);
    await bAgain.page.goto('/account/profile');
    await expect(bAgain.page.getByTestId('commissioner').textContent()).resolves.toContain(code);
    await bAgain.context.close();

    // A requests a GCash payout of the whole balance.
    await a.page.goto('/account/payouts');
    await a.page.getByRole('heading', { name: 'Payouts' }).waitFor();
    await a.page.getByText('No Payout Requested!').waitFor();
    await expect(a.page.getByTestId('available-points').textContent()).resolves.toBe(String(points));
    await expectNoSeriousViolations(a.page);
    await hydrated(a.page);
    await a.page.getByRole('button', { name: 'Request Payout' }).click();
    await a.page.getByLabel('GCash', { exact: true }).check();
    await a.page.getByLabel('GCash Number').fill('12345');
    await a.page.getByRole('button', { name: 'Request Payout' }).click();
    await a.page.getByRole('alert').getByText(PAYOUT_MESSAGES.phone).waitFor();
    await a.page.getByLabel('GCash Number').fill('+63 917 555 0199');
    await a.page.getByRole('button', { name: 'Request Payout' }).click();
    await a.page.getByText('Payout request sent!').waitFor();
    await a.page.reload();
    await a.page.getByText('In order to Request Payout, you must have at least 500 points.').waitFor();
    await a.page.getByRole('row', { name: /GCash.*Pending/ }).waitFor();
    // The points less the ₱25 fee and the shop's 10% withholding tax (ADR 051), in centavos: points x 90 - 2,500.
    await expect(a.page.getByTestId('pending-payout').textContent()).resolves.toBe(
      `₱${((points * 90 - 2_500) / 100).toLocaleString('en-PH', { minimumFractionDigits: 2 })}`,
    );
    await a.context.close();
  });
});
