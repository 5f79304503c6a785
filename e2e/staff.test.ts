// The back office: staff confirm a Bank Deposit order after viewing its proof of
// billing, mark it paid and fulfil it with tracking; the customer sees FULFILLED, the tracking
// link and the red dot, and the customer's commissioner sees the points. Staff approve a cancellation and the stock returns. Visitors and
// customers never see /staff. axe finds nothing serious or critical on the staff pages.
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousViolations, launchBrowser, newPage } from './browser';
import { apiQuery as gql, logIn, sessionToken } from './catalogue-helpers';
import { newCustomer } from './customers';
import { placeBankDepositOrder } from './order-helpers';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A variant's exact stock, as staff see it (shoppers' answers stop at PUBLIC_STOCK_CAP, ADR 035). */
async function stockOf(variantId: string): Promise<number> {
  const staffToken = await sessionToken('staff@example.com', 'staff123');
  const { node } = await gql<{ node: { stockQuantity: number } }>('query($id: ID!) { node(id: $id) { ... on ProductVariant { stockQuantity } } }', { id: variantId }, staffToken);
  return node.stockQuantity;
}

async function rewardLogs(token: string) {
  const { me } = await gql<{ me: { referralRewardsLogs: { totalCount: number; edges: { node: { level: number; contribution: number } }[] } } }>(
    '{ me { referralRewardsLogs(first: 1) { totalCount edges { node { level contribution } } } } }',
    {},
    token,
  );
  return me.referralRewardsLogs;
}

async function openStaffOrder(page: Page, referenceKey: string) {
  await page.goto(`/staff/orders?search=${referenceKey}`);
  await page.getByRole('link', { name: referenceKey }).click();
  await page.getByRole('heading', { name: `Order ${referenceKey}` }).waitFor();
}

describe('back office', () => {
  it('staff confirm a bank deposit after viewing its proof, mark it paid and fulfil it; the customer sees it', async () => {
    // A customer referred by the demo commissioner, who earns from this order once it is paid and fulfilled.
    const buyer = await newCustomer('staff', { referred: true });
    const customerToken = buyer.token;
    const commissionerToken = await sessionToken('commissioner@example.com', 'commissioner123');
    const rewardsBefore = await rewardLogs(commissionerToken);
    const order = await placeBankDepositOrder(customerToken);
    const slip = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3366cc' } }).png().toBuffer();
    const { proofOfBillingUpload } = await gql<{ proofOfBillingUpload: { errors: { message: string }[] } }>(
      'mutation($id: ID!, $input: ProofOfBillingInput!) { proofOfBillingUpload(id: $id, input: $input) { errors { message } } }',
      { id: order.id, input: { image: `data:image/png;base64,${slip.toString('base64')}`, alt: 'Deposit slip' } },
      customerToken,
    );
    expect(proofOfBillingUpload.errors).toEqual([]);

    const { context, page } = await newPage(browser, { viewport: { width: 1280, height: 900 } });
    await logIn(context, 'staff@example.com', 'staff123');
    await page.goto('/staff');
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await page.getByText('Orders today').waitFor();
    await page.locator('.ct-chart svg').waitFor();
    await expectNoSeriousViolations(page);

    await page.goto('/staff/orders?status=UNFULFILLED');
    await page.getByRole('link', { name: order.referenceKey }).waitFor();
    await expectNoSeriousViolations(page);

    await openStaffOrder(page, order.referenceKey);
    const proof = page.getByRole('img', { name: 'Deposit slip' });
    await proof.waitFor();
    expect(await proof.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await expectNoSeriousViolations(page);

    await page.getByRole('button', { name: 'Confirm order' }).click();
    await page.getByRole('status').getByText('Order confirmed.').waitFor();
    await page.getByTestId('order-status').getByText('Order Confirmed').waitFor();
    await page.getByRole('button', { name: 'Mark as paid' }).click();
    await page.getByRole('status').getByText('Payment recorded.').waitFor();
    await page.getByTestId('payment-status').getByText('Paid', { exact: true }).waitFor();
    await page.getByLabel('Tracking number').fill('LBC-0001');
    // As couriers hand links out: no scheme. Kept as typed, shown with https://.
    await page.getByLabel('Tracking link').fill('www.lbcexpress.com/track/?tracking_no=LBC-0001');
    await page.getByRole('button', { name: 'Fulfil' }).click();
    await page.getByRole('status').getByText('Order fulfilled.').waitFor();
    await page.getByTestId('order-status').getByText('Fulfilled', { exact: true }).waitFor();
    const timeline = page.getByTestId('timeline');
    await timeline.getByText('Payment received').waitFor();
    await timeline.getByText('Fulfilled: Tracking number: LBC-0001').waitFor();
    await page.getByRole('link', { name: 'https://www.lbcexpress.com/track/?tracking_no=LBC-0001' }).waitFor();
    await expectNoSeriousViolations(page);
    await context.close();

    // The customer: the red dot, then FULFILLED with the tracking link.
    const customer = await newPage(browser, { viewport: { width: 1280, height: 900 } });
    await logIn(customer.context, buyer.email, buyer.password);
    await customer.page.goto('/');
    await customer.page.getByRole('navigation', { name: 'Main' }).getByTestId('unread-orders-dot').waitFor();
    await customer.page.goto(`/account/order-details/${order.number}`);
    await customer.page.locator('dl').first().getByText('Fulfilled', { exact: true }).waitFor();
    const tracking = customer.page.getByRole('link', { name: 'https://www.lbcexpress.com/track/?tracking_no=LBC-0001' });
    expect(await tracking.getAttribute('href')).toBe('https://www.lbcexpress.com/track/?tracking_no=LBC-0001');
    await customer.context.close();

    // The commissioner sees the new level 1 points on their Patrons page.
    const rewardsAfter = await rewardLogs(commissionerToken);
    expect(rewardsAfter.totalCount).toBe(rewardsBefore.totalCount + 1);
    const newest = rewardsAfter.edges[0]!.node;
    expect(newest.level).toBe(1);
    expect(newest.contribution).toBeGreaterThan(0);
    const commissioner = await newPage(browser, { viewport: { width: 1280, height: 900 } });
    await logIn(commissioner.context, 'commissioner@example.com', 'commissioner123');
    await commissioner.page.goto('/account/referrals');
    await commissioner.page.getByRole('heading', { name: 'Patrons' }).waitFor();
    await commissioner.page.getByRole('table').getByText(String(newest.contribution), { exact: true }).first().waitFor();
    await commissioner.context.close();
  });

  it('staff confirm selected orders in bulk from the list, without JavaScript', async () => {
    const { token: customerToken } = await newCustomer('staff-bulk');
    const first = await placeBankDepositOrder(customerToken);
    const second = await placeBankDepositOrder(customerToken);
    const { context, page } = await newPage(browser, { javaScriptEnabled: false, viewport: { width: 1280, height: 900 } });
    await logIn(context, 'staff@example.com', 'staff123');
    await page.goto('/staff/orders?status=UNFULFILLED');
    await page.getByLabel(`Select order ${first.referenceKey}`).check();
    await page.getByLabel(`Select order ${second.referenceKey}`).check();
    await page.getByRole('button', { name: 'Confirm selected' }).click();
    await page.getByRole('status').getByText('2 orders confirmed.').waitFor();
    await page.goto(`/staff/orders?search=${first.referenceKey}`);
    await page.getByRole('cell', { name: 'Order Confirmed' }).waitFor();
    await context.close();
  });

  it('staff approve a cancellation request and the stock returns', async () => {
    const { token: customerToken } = await newCustomer('staff-cancel');
    const order = await placeBankDepositOrder(customerToken);
    const before = await stockOf(order.variantId);
    const { requestOrderCancel } = await gql<{ requestOrderCancel: { errors: { message: string }[] } }>(
      'mutation($id: ID!) { requestOrderCancel(id: $id, reason: CHANGE_PAYMENT_METHOD) { errors { message } } }',
      { id: order.id },
      customerToken,
    );
    expect(requestOrderCancel.errors).toEqual([]);

    const { context, page } = await newPage(browser, { viewport: { width: 1280, height: 900 } });
    await logIn(context, 'staff@example.com', 'staff123');
    await openStaffOrder(page, order.referenceKey);
    await page.getByText('Cancellation requested: Change payment method').waitFor();
    await page.getByRole('button', { name: 'Approve cancellation' }).click();
    await page.getByRole('status').getByText('Cancellation approved.').waitFor();
    await page.getByTestId('order-status').getByText('Canceled').waitFor();
    expect(await stockOf(order.variantId)).toBe(before + 1);
    await context.close();
  });

  it('staff refund a part: they type the amount and a reason, confirm it read in words, and the header shows refunded and left', async () => {
    const { token: customerToken } = await newCustomer('staff-refund');
    const order = await placeBankDepositOrder(customerToken);
    const { context, page } = await newPage(browser, { viewport: { width: 1280, height: 900 } });
    await logIn(context, 'staff@example.com', 'staff123');
    await openStaffOrder(page, order.referenceKey);
    await page.getByRole('button', { name: 'Mark as paid' }).click();
    await page.getByRole('status').getByText('Payment recorded.').waitFor();
    const summary = page.getByTestId('refund-summary');
    await summary.getByText('Refunded: ₱0.00').waitFor();
    const total = /Left to refund: (₱[\d,.]+)/.exec((await summary.textContent()) ?? '')![1]!;
    const totalCentavos = Math.round(Number(total.replace(/[₱,]/g, '')) * 100);
    expect(totalCentavos).toBeGreaterThan(1250_00);

    // Nothing is pre-filled, and nothing runs without an amount and a reason.
    const form = page.getByRole('form', { name: 'Refund' });
    expect(await form.getByLabel(/Amount to refund/).inputValue()).toBe('');
    await form.getByRole('button', { name: 'Refund' }).click();
    await form.getByRole('alert').getByText('Please enter an amount to refund, more than ₱0.00.').waitFor();
    await form.getByLabel(/Amount to refund/).fill('1,250');
    await form.getByRole('button', { name: 'Refund' }).click();
    await form.getByRole('alert').getByText('Please enter a reason for the refund (the customer sees it).').waitFor();
    await form.getByLabel(/Reason/).fill('Screen protector missing');
    await form.getByLabel(/Reference/).fill('BDO-55120');
    await form.getByRole('button', { name: 'Refund' }).click();

    // The amount read in words before the money moves; Cancel moves nothing.
    const dialog = page.getByRole('dialog', { name: 'Confirm the refund' });
    await dialog.getByText('Refund ₱1,250.00 (one thousand two hundred fifty pesos) to the customer?').waitFor();
    await expectNoSeriousViolations(page);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await summary.getByText('Refunded: ₱0.00').waitFor();
    await form.getByRole('button', { name: 'Refund' }).click();
    await dialog.getByRole('button', { name: 'Yes, refund' }).click();

    await page.getByRole('status').getByText('Refund recorded.').waitFor();
    await summary.getByText('Refunded: ₱1,250.00').waitFor();
    const left = `₱${new Intl.NumberFormat('en-PH', { minimumFractionDigits: 2 }).format((totalCentavos - 1250_00) / 100)}`;
    await summary.getByText(`Left to refund: ${left}`).waitFor();
    // The form is empty again for the next refund.
    expect(await form.getByLabel(/Amount to refund/).inputValue()).toBe('');
    expect(await form.getByLabel(/Reason/).inputValue()).toBe('');
    expect(await form.getByLabel(/Reference/).inputValue()).toBe('');
    await page.getByTestId('refunds').getByText('Screen protector missing').waitFor();
    await context.close();
  });

  it('a superuser invites a staff member with permissions', async () => {
    const { context, page } = await newPage(browser, { viewport: { width: 1280, height: 900 } });
    await logIn(context, 'staff@example.com', 'staff123');
    await page.goto('/staff');
    await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Staff' }).click();
    await page.getByRole('heading', { name: 'Staff', exact: true }).waitFor();
    await expectNoSeriousViolations(page);
    const email = `packer-${Date.now()}@example.com`;
    const invite = page.getByRole('form', { name: 'Invite a staff member' });
    await invite.getByLabel('Email').fill(email);
    await invite.getByLabel('Manage orders').check();
    await invite.getByRole('button', { name: 'Send invitation' }).click();
    await page.getByRole('status').getByText('Saved.').waitFor();
    await page.getByRole('form', { name: `Permissions of ${email}` }).getByLabel('Manage orders').waitFor();
    expect(await page.getByRole('form', { name: `Permissions of ${email}` }).getByLabel('Manage orders').isChecked()).toBe(true);
    await context.close();
  });

  it('sends visitors and customers away from /staff', async () => {
    const visitor = await newPage(browser);
    await visitor.page.goto('/staff/orders');
    expect(new URL(visitor.page.url()).pathname).toBe('/');
    await visitor.context.close();

    const customer = await newPage(browser);
    await newCustomer('staff-away', { context: customer.context, addresses: false });
    const response = await customer.page.goto('/staff');
    expect(new URL(customer.page.url()).pathname).toBe('/');
    expect(response?.ok()).toBe(true);
    expect(await customer.page.getByRole('heading', { name: 'Dashboard' }).count()).toBe(0);
    await customer.context.close();
  });
});
