// Payouts in the back office: a commissioner with 500 points or more requests
// a GCash payout; a staff member with MANAGE_PAYOUTS finds it from the dashboard, moves it
// PENDING -> PROCESSING (bulk selection) -> PAID with the transfer reference and exports the
// CSV; the commissioner's /account/payouts shows it paid. axe on the staff pages.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousViolations, launchBrowser, newPage } from './browser';
import { apiQuery as gql, dismissOverlays, hydrated, logIn, sessionToken } from './catalogue-helpers';
import { recentQuarters } from '../common/compliance/withholding-quarter';
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
const A = { email: `payout.commissioner.${stamp}@example.com`, password: 'Komisyon-Pass-3', firstName: 'Melchora', lastName: 'Aquino' };
const B = { email: `payout.patron.${stamp}@example.com`, password: 'Patron-Pass-33', firstName: 'Diego', lastName: 'Silang' };
const ADDRESS = {
  firstName: 'Diego',
  lastName: 'Silang',
  streetAddress1: '12 Rizal Avenue',
  cityArea: 'Poblacion',
  city: 'Makati City',
  countryArea: 'Metro Manila',
  postalCode: '1210',
  phone: '9187770000',
};


async function register(user: typeof A, referralCode?: string) {
  const { accountRegister } = await gql<{ accountRegister: { errors: { message: string }[] } }>(
    'mutation($i: AccountRegisterInput!) { accountRegister(input: $i) { errors { message } } }',
    { i: { email: user.email, password: user.password, firstName: user.firstName, lastName: user.lastName, ...(referralCode ? { referralCode } : {}) } },
  );
  expect(accountRegister.errors).toEqual([]);
  await verifyByEmail(user.email);
  return sessionToken(user.email, user.password);
}



describe('payouts in the back office', () => {
  it('a GCash payout goes PENDING -> PROCESSING -> PAID and the commissioner sees it paid', async () => {
    // A commissioner whose patron bought ₱10,000 or more: at least 500 points (no hold in e2e).
    const aToken = await register(A);
    const { me } = await gql<{ me: { referralCode: string } }>('{ me { referralCode } }', {}, aToken);
    // The last candidate: the referral journey buys the first, and both may run on one shop.
    const order = await buyForTenThousand(await register(B, me.referralCode), ADDRESS, 'last');
    await staffEvent(order.number, 'confirm', 'LBC-PAYOUT-1');
    await staffEvent(order.number, 'fulfil', 'LBC-PAYOUT-1');
    const points = Math.floor(order.subtotal * 0.05);
    expect(points).toBeGreaterThanOrEqual(500);

    const a = await newPage(browser, { viewport: { width: 1280, height: 900 } });
    await logIn(a.context, A.email, A.password);
    await a.page.goto('/account/payouts');
    await dismissOverlays(a.page);
    await a.page.getByRole('heading', { name: 'Payouts' }).waitFor();
    await hydrated(a.page);
    await a.page.getByRole('button', { name: 'Request Payout' }).click();
    await a.page.getByLabel('GCash', { exact: true }).check();
    await a.page.getByLabel('GCash Number').fill('+63 917 555 0142');
    await a.page.getByRole('button', { name: 'Request Payout' }).click();
    await a.page.getByText('Payout request sent!').waitFor();
    await a.page.getByRole('row', { name: /GCash.*Pending/ }).waitFor();

    // Staff: the dashboard's pending payouts lead to the queue.
    const staff = await newPage(browser, { viewport: { width: 1280, height: 900 } });
    await logIn(staff.context, 'staff@example.com', 'staff123');
    await staff.page.goto('/staff');
    await staff.page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Payouts' }).waitFor();
    await staff.page.getByRole('link', { name: /Pending payouts/ }).click();
    await staff.page.waitForURL(/\/staff\/payouts\?status=PENDING$/);
    await staff.page.getByRole('heading', { name: 'Payouts', exact: true }).waitFor();
    const pendingRow = staff.page.getByTestId('payout-row').filter({ hasText: A.email });
    await pendingRow.getByText('GCash +639175550142').waitFor();
    await pendingRow.getByText('Pending', { exact: true }).waitFor();
    await expectNoSeriousViolations(staff.page);

    // Bulk: select the request, mark the selection as processing.
    await hydrated(staff.page);
    await pendingRow.getByRole('checkbox').check();
    await staff.page.getByRole('button', { name: 'Mark selected as processing' }).click();
    await staff.page.getByRole('status').getByText('1 payout marked as processing.').waitFor();
    await staff.page.getByTestId('payout-row').filter({ hasText: A.email }).waitFor({ state: 'detached' });

    // PROCESSING: the CSV for the bank has it; then it is paid with the transfer reference.
    await staff.page.getByRole('link', { name: /^Processing/ }).click();
    await staff.page.waitForURL(/status=PROCESSING/);
    const processingRow = staff.page.getByTestId('payout-row').filter({ hasText: A.email });
    await processingRow.getByText('Processing', { exact: true }).waitFor();
    // The shop's 10% withholding (ADR 051) shows on the request with its rate.
    await expect(processingRow.getByTestId('payout-tax').textContent()).resolves.toContain('(10%)');
    const csv = await staff.context.request.get('/staff/payouts.csv?status=PROCESSING');
    expect(csv.headers()['content-type']).toContain('text/csv');
    expect(csv.headers()['content-disposition']).toContain('attachment');
    expect(await csv.text()).toContain(',GCASH,PROCESSING,,,,,+639175550142,');
    await expectNoSeriousViolations(staff.page);
    await processingRow.getByLabel('Transfer reference').fill('GC-2026-0042');
    await processingRow.getByRole('button', { name: 'Mark paid' }).click();
    await staff.page.getByRole('status').getByText('Payout marked as paid.').waitFor();

    await staff.page.goto('/staff/payouts?status=PAID');
    const paidRow = staff.page.getByTestId('payout-row').filter({ hasText: A.email });
    await paidRow.getByText('Ref. GC-2026-0042').waitFor();
    await expectNoSeriousViolations(staff.page);
    // The quarter's withholding alphalist lists the commissioner with the tax withheld: 10% of the points.
    const quarter = recentQuarters(new Date(), 1)[0]!;
    const alphalist = await staff.context.request.get(`/staff/withholding.csv?quarter=${quarter}`);
    expect(alphalist.headers()['content-type']).toContain('text/csv');
    expect(await alphalist.text()).toContain(`,WI516,10.00,`);
    expect(await alphalist.text()).toContain(`,${(points / 10).toFixed(2)}\n`);

    // The fraud review screen answers and is accessible (no flags in this journey).
    await staff.page.goto('/staff/referral-flags');
    await staff.page.getByRole('heading', { name: 'Flagged referral purchases' }).waitFor();
    await expectNoSeriousViolations(staff.page);
    await staff.context.close();

    // A customer never gets the CSV.
    const refused = await a.context.request.get('/staff/payouts.csv', { maxRedirects: 0 });
    expect(refused.status()).toBe(302);

    // The commissioner sees the payout paid, and downloads the quarter's withholding certificate.
    await a.page.goto('/account/payouts');
    await a.page.getByRole('row', { name: /GCash.*Paid/ }).waitFor();
    const certificateLink = a.page.getByRole('link', { name: `Certificate ${recentQuarters(new Date(), 1)[0]} (PDF)` });
    const certificate = await a.context.request.get((await certificateLink.getAttribute('href'))!);
    expect(certificate.headers()['content-type']).toBe('application/pdf');
    expect((await certificate.body()).subarray(0, 5).toString()).toBe('%PDF-');
    expect((await a.context.request.get('/staff/withholding.csv?quarter=2026-Q1', { maxRedirects: 0 })).status()).toBe(302);
    await a.context.close();
  });
});
