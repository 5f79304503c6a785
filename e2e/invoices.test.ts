// Sales invoices on Chromium against the demo shop, for a customer of its own: a Bank Deposit
// order that staff mark paid gets its sales invoice; the customer downloads the PDF from the
// order's page (the 'Sales Invoice' links) and reads it; staff download the month's sales book
// from /staff/orders, which lists the invoice, and the PDF from the back office's order page
// (docs/product/invoices.md).
import { readFile } from 'node:fs/promises';
import type { Browser } from 'playwright-core';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousViolations, launchBrowser, newPage } from './browser';
import { apiQuery as gql, hydrated, logIn, sessionToken } from './catalogue-helpers';
import { newCustomer, type Customer } from './customers';
import { placeBankDepositOrder, type Placed } from './order-helpers';

let browser: Browser;
let customer: Customer;
let staffToken: string;
let order: Placed;
let invoiceNumber: string;

beforeAll(async () => {
  browser = await launchBrowser();
  customer = await newCustomer('invoices');
  staffToken = await sessionToken('staff@example.com', 'staff123');
  order = await placeBankDepositOrder(customer.token);
  const { orderMarkAsPaid } = await gql<{ orderMarkAsPaid: { errors: { message: string }[] } }>(
    'mutation($id: ID!) { orderMarkAsPaid(id: $id) { errors { message } } }',
    { id: order.id },
    staffToken,
  );
  expect(orderMarkAsPaid.errors).toEqual([]);
  const { order: paid } = await gql<{ order: { invoice: { number: string; downloadUrl: string } | null } }>(
    'query($id: ID!) { order(id: $id) { invoice { number downloadUrl } } }',
    { id: order.id },
    customer.token,
  );
  expect(paid.invoice?.number).toMatch(/^SI-\d{8}$/);
  invoiceNumber = paid.invoice!.number;
});
afterAll(async () => {
  await browser?.close();
});

const textOf = async (path: string) => (await new PDFParse({ data: new Uint8Array(await readFile(path)) }).getText()).text;

describe('sales invoices', () => {
  it("the customer downloads the paid order's sales invoice from the order's page", async () => {
    const { context, page } = await newPage(browser);
    await logIn(context, customer.email, customer.password);
    await page.goto(`/account/order-details/${order.number}`);
    await hydrated(page);
    const link = page.getByRole('link', { name: `${invoiceNumber} (PDF)` });
    await link.waitFor();
    await expectNoSeriousViolations(page);
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toBe(`${invoiceNumber}.pdf`);
    const text = await textOf((await download.path())!);
    expect(text).toContain('SALES INVOICE');
    expect(text).toContain(invoiceNumber);
    expect(text).toContain(order.referenceKey);
    expect(text).toContain('Juan Dela Cruz');
    await context.close();
  });

  it("another customer cannot download it", async () => {
    const stranger = await newCustomer('invoices-stranger', { addresses: false });
    const { context, page } = await newPage(browser);
    await logIn(context, stranger.email, stranger.password);
    const response = await page.request.get(`/account/orders/${order.number}/invoice.pdf`);
    expect(response.status()).toBe(404);
    await context.close();
  });

  it("staff download the month's sales book from the orders screen (it lists the invoice) and the PDF from the order's page", async () => {
    const { context, page } = await newPage(browser);
    await logIn(context, 'staff@example.com', 'staff123');
    await page.goto('/staff/orders');
    await hydrated(page);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download sales book (CSV)' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^sales-book-\d{4}-\d{2}\.csv$/);
    const csv = await readFile((await download.path())!, 'utf8');
    expect(csv.split('\r\n')[0]).toBe('Date,Document,Number,Invoice,Order,Buyer,Buyer TIN,VATable sales,VAT,VAT-exempt sales,Zero-rated sales,Total,Note');
    expect(csv).toContain(`SALES INVOICE,${invoiceNumber},`);

    // The back office's order page has the same PDF link.
    await page.goto(`/staff/orders/${order.number}`);
    await hydrated(page);
    const link = page.getByRole('link', { name: `${invoiceNumber} (PDF)` });
    await link.waitFor();
    const [pdf] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(await textOf((await pdf.path())!)).toContain(invoiceNumber);
    await context.close();
  });
});
