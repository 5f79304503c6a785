// Sales invoices and credit memos on a real shop (docs/decisions/052-sales-invoices.md): issued in
// the transaction that made the payment FULLY_CHARGED (a deposit or cash collected by staff, PayPal
// captured), with totals equal to the order's; credit memos for refunds in part and in whole; a
// closed sale's invoice voided; never changed by a later edit of the seller or a product (the
// trigger refuses any UPDATE or DELETE); emailed with the PDF; read back through Order.invoice,
// the PDF routes (owner and staff only) and the month's sales book, whose totals are the orders'.
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { encodeGlobalID } from '@pothos/plugin-relay';
import { eq, inArray, sql } from 'drizzle-orm';
import express from 'express';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer, createVariant, giveReferralVoucher, readyCheckout, type Customer } from '../checkout/checkout.fixtures';
import { completeCheckout } from '../checkout/place-order.service';
import { products, productVariants } from '../catalogue/catalogue.tables';
import { attachmentsOfEmail, listEmails } from '../notifications/notifications.service';
import { requestOrderCancel } from '../orders/order-actions.service';
import { approveOrderCancel, markOrderAsPaid, refundOrder, rejectOrder } from '../orders/order-staff.service';
import { orders } from '../orders/orders.tables';
import { paymentRefunds } from '../payments/payments.tables';
import { writeSellerDetails } from '../system/seller-details.service';
import { createPaypalStaffHarness, paidPaypalOrder, type PaymentsHarness, type PaypalFake } from '../../testing/payments.fixtures';
import { NON_VAT_NOTICE, salesInvoicePdf } from './invoice-pdf';
import { createSalesInvoicesRouter } from './sales-invoices.http';
import { invoiceOfOrder, invoiceRecord } from './sales-invoices.service';
import { creditMemos, salesInvoiceLines, salesInvoices } from './sales-invoices.tables';

let h: PaymentsHarness;
let staff: Customer;
let paypalFake: PaypalFake;
let close = async () => {};
let server: Server;
let base = '';

const SELLER = {
  registeredName: 'Suki Trading Corporation',
  tradeName: 'Suki',
  tin: '123-456-789',
  branchCode: '00000',
  businessAddress: '8th Floor, 6789 Ayala Avenue, Makati City, Metro Manila 1226',
  vatStatus: 'VAT' as const,
};

beforeAll(async () => {
  ({ h, staff, paypalFake, close } = await createPaypalStaffHarness());
  await writeSellerDetails(h.t.db, SELLER);
  const app = express();
  app.use(createSalesInvoicesRouter({ db: h.t.db, config: h.t.config }));
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await close();
});

type Line = { price: number; quantity?: number; taxClass?: 'VATABLE' | 'VAT_EXEMPT' | 'ZERO_RATED' };

/** A customer's order of these lines, placed through checkout. */
async function placeCart(lines: Line[], options: { delivery?: boolean; gateway?: string; voucher?: number; insurance?: boolean } = {}) {
  const t = h.t;
  const customer = await createCustomer(t);
  const items: { variantId: number; quantity: number }[] = [];
  for (const line of lines) {
    const variantId = await createVariant(t.db, { price: line.price, weightGrams: 400 });
    if (line.taxClass) {
      const [v] = await t.db.select({ productId: productVariants.productId }).from(productVariants).where(eq(productVariants.id, variantId));
      await t.db.update(products).set({ taxClass: line.taxClass }).where(eq(products.id, v!.productId));
    }
    items.push({ variantId, quantity: line.quantity ?? 1 });
  }
  const promoCode = options.voucher ? await giveReferralVoucher(t.db, customer.user.id, options.voucher) : undefined;
  const checkoutId = await readyCheckout(customer, items, { delivery: options.delivery, gateway: options.gateway, promoCode, insurance: options.insurance });
  const placed = await completeCheckout(customer.ctx, checkoutId);
  return { customer, order: placed.order };
}

const pdfText = async (bytes: Buffer | Uint8Array) => (await new PDFParse({ data: new Uint8Array(bytes) }).getText()).text;
const linesOf = (invoiceId: number) => h.t.db.select().from(salesInvoiceLines).where(eq(salesInvoiceLines.invoiceId, invoiceId)).orderBy(salesInvoiceLines.position);
const orderRow = async (id: number) => (await h.t.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const get = (path: string, token?: string) => fetch(`${base}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });

describe('sales invoices', () => {
  it('are issued when staff confirm a bank deposit: the seller copied, the totals the order\'s, emailed with the PDF', async () => {
    const { customer, order } = await placeCart([{ price: 129900, quantity: 2 }]);
    expect(await invoiceOfOrder(h.t, order.id)).toBeNull();
    await markOrderAsPaid(staff.ctx, order.id);
    const invoice = (await invoiceOfOrder(h.t, order.id))!;
    expect(invoice).toMatchObject({
      orderId: order.id,
      sellerRegisteredName: SELLER.registeredName,
      sellerTin: SELLER.tin,
      sellerBranchCode: '00000',
      sellerAddress: SELLER.businessAddress,
      sellerVatStatus: 'VAT',
      buyerName: 'Juan Dela Cruz',
      buyerTin: null,
      total: order.total,
      // 2 x PHP 1,299.00 = 2,598.00, VAT 12/112 = 278.36
      vatableSales: 231964,
      vatAmount: 27836,
      vatExemptSales: 0,
      zeroRatedSales: 0,
    });
    expect(invoice.number).toMatch(/^SI-\d{8}$/);
    expect(invoice.buyerAddress).toContain('123 Rizal Street');

    const [email] = await listEmails(h.t.db, { to: customer.user.email });
    const sent = (await listEmails(h.t.db, { to: customer.user.email })).find((e) => e.template === 'sales_invoice');
    expect(email).toBeDefined();
    expect(sent?.subject).toContain(invoice.number);
    const [attachment] = await attachmentsOfEmail(h.t.db, sent!.id);
    expect(attachment).toMatchObject({ filename: `${invoice.number}.pdf`, contentType: 'application/pdf' });
    const text = await pdfText(attachment!.content);
    for (const expected of ['SALES INVOICE', invoice.number, SELLER.registeredName, 'VAT Reg. TIN: 123-456-789-00000', SELLER.businessAddress, 'Juan Dela Cruz', 'VATable Sales', 'PHP 2,319.64', 'VAT (12%)', 'PHP 278.36', 'PHP 2,598.00']) {
      expect(text).toContain(expected);
    }
  });

  it('cash on delivery with a voucher, insurance and a VAT-exempt item: every part on its own line, adding up to the order', async () => {
    const { order } = await placeCart([{ price: 300000 }, { price: 100000, taxClass: 'VAT_EXEMPT' }], { delivery: true, gateway: 'Cash on Delivery', voucher: 20000, insurance: true });
    expect(order.cashOnDeliveryFee).toBeGreaterThan(0);
    expect(order.shippingPrice).toBeGreaterThan(0);
    expect(order.insurance).toBeGreaterThan(0);
    await markOrderAsPaid(staff.ctx, order.id);
    const invoice = (await invoiceOfOrder(h.t, order.id))!;
    const lines = await linesOf(invoice.id);
    expect(lines.map((l) => [l.kind, l.taxClass])).toEqual([
      ['ITEM', 'VATABLE'],
      ['ITEM', 'VAT_EXEMPT'],
      ['DISCOUNT', 'VATABLE'],
      ['DISCOUNT', 'VAT_EXEMPT'],
      ['SHIPPING', 'VATABLE'],
      ['INSURANCE', 'VATABLE'],
      ['COD_FEE', 'VATABLE'],
    ]);
    // The voucher's PHP 200.00 split 3:1 over the VATable and the exempt item.
    expect(lines.filter((l) => l.kind === 'DISCOUNT').map((l) => l.amount)).toEqual([-15000, -5000]);
    expect(invoice.total).toBe(order.total);
    expect(invoice.vatExemptSales).toBe(95000);
    expect(lines.reduce((s, l) => s + l.amount, 0)).toBe(order.total);
    expect(invoice.vatAmount).toBe(lines.reduce((s, l) => s + l.vatAmount, 0));
  });

  it('PayPal: the fee on its own line; a refund in part and the rest give two credit memos adding up to the invoice', async () => {
    const placed = await paidPaypalOrder(h.t, paypalFake);
    const order = await orderRow(placed.orderId);
    const invoice = (await invoiceOfOrder(h.t, order.id))!;
    expect(order.paypalFee).toBeGreaterThan(0);
    expect((await linesOf(invoice.id)).at(-1)).toMatchObject({ kind: 'PAYPAL_FEE', amount: order.paypalFee });
    expect(invoice.total).toBe(order.total);

    await refundOrder(staff.ctx, order.id, { amount: 100000, reason: 'Damaged box' });
    let memos = await h.t.db.select().from(creditMemos).where(eq(creditMemos.invoiceId, invoice.id));
    expect(memos).toHaveLength(1);
    expect(memos[0]).toMatchObject({ total: 100000, vatAmount: 10714, vatableSales: 89286, reason: 'Damaged box' });
    expect(memos[0]!.number).toMatch(/^CM-\d{8}$/);

    await refundOrder(staff.ctx, order.id, { reason: 'Returned' });
    memos = await h.t.db.select().from(creditMemos).where(eq(creditMemos.invoiceId, invoice.id)).orderBy(creditMemos.serial);
    expect(memos).toHaveLength(2);
    expect(memos.reduce((s, m) => s + m.total, 0)).toBe(invoice.total);
    expect(memos.reduce((s, m) => s + m.vatAmount, 0)).toBe(invoice.vatAmount);
    expect(memos.reduce((s, m) => s + m.vatableSales, 0)).toBe(invoice.vatableSales);

    const memoEmail = (await listEmails(h.t.db, { to: placed.customer.user.email })).find((e) => e.template === 'credit_memo');
    const [pdf] = await attachmentsOfEmail(h.t.db, memoEmail!.id);
    const text = await pdfText(pdf!.content);
    expect(text).toContain('CREDIT MEMO');
    expect(text).toContain(invoice.number);
    expect(text).toContain('Total Credited');
  });

  it('a rejected sale voids its invoice with the reason; the invoice stays as issued', async () => {
    const { order } = await placeCart([{ price: 50000 }]);
    await markOrderAsPaid(staff.ctx, order.id);
    await rejectOrder(staff.ctx, order.id, 'Out of stock at the supplier');
    const invoice = (await invoiceOfOrder(h.t, order.id))!;
    const record = await invoiceRecord(h.t, invoice);
    expect(record.voided).toMatchObject({ reason: 'Out of stock at the supplier', actorUserId: staff.user.id });
    expect(invoice.total).toBe(50000);
    expect(await pdfText(await salesInvoicePdf(record))).toContain('VOID: Out of stock at the supplier');
  });

  it("a paid order cancelled at the customer's request voids its invoice with the customer's reason", async () => {
    const { customer, order } = await placeCart([{ price: 70000 }]);
    await markOrderAsPaid(staff.ctx, order.id);
    await requestOrderCancel(customer.ctx, { orderId: order.id, reason: 'CHANGE_PAYMENT_METHOD', note: 'Will pay by card' });
    await approveOrderCancel(staff.ctx, order.id);
    const record = await invoiceRecord(h.t, (await invoiceOfOrder(h.t, order.id))!);
    expect(record.voided?.reason).toBe("Cancelled at the customer's request: Change payment method. Will pay by card");
    expect(record.creditMemos).toEqual([]);
  });

  it('never change: a later edit of the seller or the product leaves the invoice and its PDF as issued; UPDATE and DELETE are refused', async () => {
    const { order } = await placeCart([{ price: 99999 }]);
    await markOrderAsPaid(staff.ctx, order.id);
    const invoice = (await invoiceOfOrder(h.t, order.id))!;
    const before = await pdfText(await salesInvoicePdf(await invoiceRecord(h.t, invoice)));
    const lines = await linesOf(invoice.id);

    await writeSellerDetails(h.t.db, { registeredName: 'Someone Else Inc.', tin: '999-999-999', vatStatus: 'NON_VAT', businessAddress: 'Elsewhere' });
    const [line] = await h.t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(line).toBeDefined();
    await h.t.db.execute(sql`update products set tax_class = 'VAT_EXEMPT', name = 'Renamed' where id in (select product_id from order_lines where order_id = ${order.id})`);
    try {
      const after = (await invoiceOfOrder(h.t, order.id))!;
      expect(after).toEqual(invoice);
      expect(await linesOf(invoice.id)).toEqual(lines);
      expect(await pdfText(await salesInvoicePdf(await invoiceRecord(h.t, after)))).toBe(before);
    } finally {
      await writeSellerDetails(h.t.db, SELLER);
    }

    await expect(h.t.db.update(salesInvoices).set({ total: 1 }).where(eq(salesInvoices.id, invoice.id))).rejects.toThrow();
    await expect(h.t.db.update(salesInvoiceLines).set({ amount: 1 }).where(eq(salesInvoiceLines.invoiceId, invoice.id))).rejects.toThrow();
    await expect(h.t.db.delete(salesInvoices).where(eq(salesInvoices.id, invoice.id))).rejects.toThrow();
    expect((await invoiceOfOrder(h.t, order.id))!.total).toBe(invoice.total);
  });

  it('a non-VAT seller issues VAT-exempt invoices with no VAT, saying they are not valid for input tax', async () => {
    await writeSellerDetails(h.t.db, { vatStatus: 'NON_VAT' });
    try {
      const { order } = await placeCart([{ price: 112000 }, { price: 5000, taxClass: 'ZERO_RATED' }]);
      await markOrderAsPaid(staff.ctx, order.id);
      const invoice = (await invoiceOfOrder(h.t, order.id))!;
      expect(invoice).toMatchObject({ sellerVatStatus: 'NON_VAT', vatableSales: 0, vatAmount: 0, zeroRatedSales: 0, vatExemptSales: 117000, total: 117000 });
      const text = await pdfText(await salesInvoicePdf(await invoiceRecord(h.t, invoice)));
      expect(text).toContain('Non-VAT Reg. TIN');
      expect(text).toContain(NON_VAT_NOTICE);
      expect(text).not.toContain('VAT (12%)');
    } finally {
      await writeSellerDetails(h.t.db, SELLER);
    }
  });

  it("staff set a product's tax class through productUpdate; its next sale is invoiced VAT-exempt", async () => {
    const variantId = await createVariant(h.t.db, { price: 60000 });
    const [v] = await h.t.db.select({ productId: productVariants.productId }).from(productVariants).where(eq(productVariants.id, variantId));
    const r = await h.t.gql<{ productUpdate: { product: { adminInfo: { taxClass: string } } | null; errors: { message: string }[] } }>(
      'mutation($id: ID!, $input: ProductInput!) { productUpdate(id: $id, input: $input) { product { adminInfo { taxClass } } errors { message } } }',
      { id: encodeGlobalID('Product', v!.productId), input: { taxClass: 'VAT_EXEMPT' } },
      { token: staff.token },
    );
    expect(r.errors).toBeUndefined();
    expect(r.data!.productUpdate).toMatchObject({ product: { adminInfo: { taxClass: 'VAT_EXEMPT' } }, errors: [] });
    const customer = await createCustomer(h.t);
    const placed = await completeCheckout(customer.ctx, await readyCheckout(customer, [{ variantId, quantity: 1 }]));
    await markOrderAsPaid(staff.ctx, placed.order.id);
    expect(await invoiceOfOrder(h.t, placed.order.id)).toMatchObject({ vatExemptSales: 60000, vatableSales: 0, vatAmount: 0, total: 60000 });
  });

  it('Order.invoice answers the owner and staff, not another customer', async () => {
    const { customer, order } = await placeCart([{ price: 20000 }]);
    const query = `query($id: ID!) { order(id: $id) { invoice { number total { amount } vat { amount } downloadUrl voidReason creditMemos { number } } } }`;
    const id = encodeGlobalID('Order', order.id);
    type Answer = { order: { invoice: { number: string; total: { amount: number }; downloadUrl: string; creditMemos: unknown[] } | null } | null };
    const unpaid = await h.t.gql<Answer>(query, { id }, { token: customer.token });
    expect(unpaid.data?.order?.invoice).toBeNull();
    await markOrderAsPaid(staff.ctx, order.id);
    const invoice = (await invoiceOfOrder(h.t, order.id))!;
    for (const token of [customer.token, staff.token]) {
      const r = await h.t.gql<Answer>(query, { id }, { token });
      expect(r.errors).toBeUndefined();
      expect(r.data!.order!.invoice).toMatchObject({ number: invoice.number, total: { amount: 200 }, downloadUrl: `/account/orders/${order.id}/invoice.pdf`, creditMemos: [] });
    }
    const stranger = await createCustomer(h.t);
    const r = await h.t.gql<Answer>(query, { id }, { token: stranger.token });
    expect(r.data?.order?.invoice ?? null).toBeNull();
  });

  it('the PDF routes serve the owner and staff, privately; anyone else gets 404', async () => {
    const { customer, order } = await placeCart([{ price: 45000 }]);
    await markOrderAsPaid(staff.ctx, order.id);
    const invoice = (await invoiceOfOrder(h.t, order.id))!;
    const path = `/account/orders/${order.id}/invoice.pdf`;
    for (const token of [customer.token, staff.token]) {
      const r = await get(path, token);
      expect(r.status).toBe(200);
      expect(r.headers.get('content-type')).toBe('application/pdf');
      expect(r.headers.get('cache-control')).toBe('private, no-store');
      expect(await pdfText(Buffer.from(await r.arrayBuffer()))).toContain(invoice.number);
    }
    // The order's global id finds the same invoice.
    expect((await get(`/account/orders/${encodeURIComponent(encodeGlobalID('Order', order.id))}/invoice.pdf`, customer.token)).status).toBe(200);
    const stranger = await createCustomer(h.t);
    expect((await get(path, stranger.token)).status).toBe(404);
    expect((await get(path)).status).toBe(404);
    expect((await get(`/account/orders/999999/invoice.pdf`, staff.token)).status).toBe(404);

    await refundOrder(staff.ctx, order.id, { amount: 5000, reason: 'Late delivery' });
    const [memo] = await h.t.db.select().from(creditMemos).where(eq(creditMemos.invoiceId, invoice.id));
    const memoPath = `/account/orders/${order.id}/credit-memos/${memo!.number}.pdf`;
    const r = await get(memoPath, customer.token);
    expect(r.status).toBe(200);
    expect(await pdfText(Buffer.from(await r.arrayBuffer()))).toContain(memo!.number);
    expect((await get(memoPath, stranger.token)).status).toBe(404);
  });

  it("the month's sales book: one row per invoice, credit memo and void, memos and voids negative, totals the orders' after refunds and voids", async () => {
    const month = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Manila', year: 'numeric', month: '2-digit' }).format(new Date());
    // A sale, a sale refunded in part, a sale voided (besides the tests' before).
    for (const [index, { order }] of (await Promise.all([placeCart([{ price: 10000 }]), placeCart([{ price: 20000 }]), placeCart([{ price: 30000 }])])).entries()) {
      await markOrderAsPaid(staff.ctx, order.id);
      if (index === 1) await refundOrder(staff.ctx, order.id, { amount: 2500, reason: 'Price adjustment' });
      if (index === 2) await rejectOrder(staff.ctx, order.id, 'Cancelled by the shop');
    }
    const customer = await createCustomer(h.t);
    expect((await get(`/staff/sales-book.csv?month=${month}`, customer.token)).status).toBe(404);
    expect((await get(`/staff/sales-book.csv?month=2026-13`, staff.token)).status).toBe(400);
    const r = await get(`/staff/sales-book.csv?month=${month}`, staff.token);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toContain('text/csv');
    const csv = await r.text();
    // No cell of these rows is quoted (no comma in their names, notes or dates).
    expect(csv).not.toContain('"');
    const rows = csv.trim().split('\r\n').map((l) => l.split(','));
    expect(rows[1]![0]).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const header = rows[0]!;
    const col = (name: string) => header.indexOf(name);
    const body = rows.slice(1, -1);
    const totals = rows.at(-1)!;

    const invoices = await h.t.db.select().from(salesInvoices);
    const memos = await h.t.db.select().from(creditMemos);
    expect(body.filter((row) => row[col('Document')] === 'SALES INVOICE')).toHaveLength(invoices.length);
    expect(body.filter((row) => row[col('Document')] === 'CREDIT MEMO')).toHaveLength(memos.length);
    expect(body.filter((row) => row[col('Document')] === 'CREDIT MEMO').every((row) => Number(row[col('Total')]) < 0)).toBe(true);
    expect(body.filter((row) => row[col('Document')] === 'VOID')).toHaveLength((await Promise.all(invoices.map((i) => invoiceRecord(h.t, i)))).filter((rec) => rec.voided).length);

    // What the invoiced orders came to, less what was refunded and what was voided.
    const invoiced = await h.t.db.select().from(orders).where(inArray(orders.id, invoices.map((i) => i.orderId)));
    const refunded = await h.t.db.select().from(paymentRefunds).where(inArray(paymentRefunds.orderId, invoices.map((i) => i.orderId)));
    const voided = (await Promise.all(invoices.map((i) => invoiceRecord(h.t, i)))).filter((rec) => rec.voided);
    // A voided sale's money goes back as well (a rejected paid order is refunded): the void takes it back once.
    const voidedOrders = new Set(voided.map((rec) => rec.invoice.orderId));
    const expected =
      invoiced.reduce((s, o) => s + o.total, 0) -
      refunded.filter((x) => x.status === 'COMPLETED' && x.kind !== 'LATE_PAYMENT' && !voidedOrders.has(x.orderId!)).reduce((s, x) => s + x.amount, 0) -
      voided.reduce((s, rec) => s + rec.invoice.total, 0);
    expect(Math.round(Number(totals[col('Total')]) * 100)).toBe(expected);
    const sumOf = (name: string) => Math.round(body.reduce((s, row) => s + Number(row[col(name)]) * 100, 0));
    expect(sumOf('Total')).toBe(expected);
    expect(sumOf('VATable sales') + sumOf('VAT') + sumOf('VAT-exempt sales') + sumOf('Zero-rated sales')).toBe(expected);
  });
});
