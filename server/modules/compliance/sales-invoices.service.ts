// Sales invoices and credit memos (docs/decisions/052-sales-invoices.md): issued in the
// transaction that made the sale (the payment became FULLY_CHARGED) or gave money back (a refund
// COMPLETED), numbered from their series' counter row, with the seller's and buyer's details
// copied, emailed to the buyer with the PDF. Never changed afterwards: a cancelled sale's invoice
// gains a void record.
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { independentReads } from '../../db/independent-reads';
import type { ServiceContext } from '../../graphql/context';
import { DomainError } from '../../lib/domain-error';
import { taxClassesOfProducts } from '../catalogue/catalogue.service';
import { sendEmail } from '../notifications/notifications.service';
import { ORDER_NOT_FOUND } from '../orders/order-transitions.service';
import { addressOfOrder, findOrderById, linesOfOrder, type OrderAddressRow } from '../orders/orders.service';
import { readSellerDetails } from '../system/seller-details.service';
import { hasPermission } from '../system/staff-access.service';
import { creditMemoAmounts, invoiceFigures } from './invoice-math';
import { creditMemoEmail, salesInvoiceEmail } from './invoice-emails';
import { creditMemos, documentSeries, salesInvoiceLines, salesInvoices, salesInvoiceVoids } from './sales-invoices.tables';

export type SalesInvoiceRow = typeof salesInvoices.$inferSelect;
export type SalesInvoiceLineRow = typeof salesInvoiceLines.$inferSelect;
export type CreditMemoRow = typeof creditMemos.$inferSelect;
export type InvoiceVoidRow = typeof salesInvoiceVoids.$inferSelect;

/** An invoice with what belongs to it: its lines, its void record, its credit memos (oldest first). */
export type InvoiceRecord = { invoice: SalesInvoiceRow; lines: SalesInvoiceLineRow[]; voided: InvoiceVoidRow | null; creditMemos: CreditMemoRow[] };

export type Series = 'SI' | 'CM';

/**
 * The next number of a series, taken in the caller's transaction: the counter row is updated
 * (and so locked) until it ends. A rolled-back issue gives the number back; two issuers at once
 * take turns. Never a sequence: a sequence's numbers are lost on rollback, leaving gaps.
 */
export async function takeSerial(ctx: Pick<ServiceContext, 'db'>, series: Series): Promise<{ serial: number; number: string }> {
  const [row] = await ctx.db
    .update(documentSeries)
    .set({ nextNumber: sql`${documentSeries.nextNumber} + 1` })
    .where(eq(documentSeries.series, series))
    .returning({ serial: sql<number>`${documentSeries.nextNumber} - 1`, prefix: documentSeries.prefix });
  if (!row) throw new Error(`the document series ${series} has no counter row`);
  const serial = Number(row.serial);
  return { serial, number: `${row.prefix}${String(serial).padStart(8, '0')}` };
}

const fullName = (a: OrderAddressRow | null) => (a ? [a.firstName, a.lastName].filter(Boolean).join(' ') : '');
const oneLineAddress = (a: OrderAddressRow | null) =>
  a ? [a.companyName, a.streetAddress1, a.streetAddress2, a.cityArea, a.city, a.countryArea, a.postalCode].filter((p) => p && p.trim()).join(', ') : '';

export async function invoiceOfOrder(ctx: Pick<ServiceContext, 'db'>, orderId: number): Promise<SalesInvoiceRow | null> {
  const [row] = await ctx.db.select().from(salesInvoices).where(eq(salesInvoices.orderId, orderId));
  return row ?? null;
}

/** The invoice, its lines, void record and credit memos. */
export async function invoiceRecord(ctx: Pick<ServiceContext, 'db'>, invoice: SalesInvoiceRow): Promise<InvoiceRecord> {
  const [lines, voids, memos] = await independentReads(ctx.db, [
    () => ctx.db.select().from(salesInvoiceLines).where(eq(salesInvoiceLines.invoiceId, invoice.id)).orderBy(asc(salesInvoiceLines.position)),
    () => ctx.db.select().from(salesInvoiceVoids).where(eq(salesInvoiceVoids.invoiceId, invoice.id)),
    () => ctx.db.select().from(creditMemos).where(eq(creditMemos.invoiceId, invoice.id)).orderBy(asc(creditMemos.serial)),
  ]);
  return { invoice, lines, voided: voids[0] ?? null, creditMemos: memos };
}

/**
 * Issues the order's sales invoice, once (a second call answers the first invoice): the order's
 * lines and totals as they were copied when it was placed, each product's tax class now, the
 * seller's registered details now, the billing address's name and address. Emails it to the buyer.
 */
export async function issueSalesInvoice(ctx: ServiceContext, orderId: number): Promise<SalesInvoiceRow> {
  return ctx.db.transaction(async (db) => {
    const tx: ServiceContext = { ...ctx, db };
    const existing = await invoiceOfOrder(tx, orderId);
    if (existing) return existing;
    const order = await findOrderById(tx, orderId);
    if (!order) throw new Error(`no order ${orderId} to invoice`);
    // One transaction is one connection: its statements one after another.
    const lines = await linesOfOrder(tx, orderId);
    const billing = await addressOfOrder(tx, orderId, 'BILLING');
    const seller = await readSellerDetails(db);
    const taxClasses = await taxClassesOfProducts(tx, lines.map((l) => l.productId));
    const figures = invoiceFigures({
      vatStatus: seller.vatStatus,
      items: lines.map((l) => ({
        description: [l.brandName, l.productName, l.variantName].filter(Boolean).join(' ').trim() + (l.productSku ? ` (${l.productSku})` : ''),
        quantity: l.quantity,
        unitPrice: l.unitPrice,
        taxClass: taxClasses.get(l.productId) ?? 'VATABLE',
      })),
      shipping: order.shippingPrice,
      insurance: order.insurance,
      cashOnDeliveryFee: order.cashOnDeliveryFee,
      paypalFee: order.paypalFee,
      discount: order.discount,
      discountName: order.discountName ?? order.voucherCode,
    });
    // The order's total is made of these parts (checkout-totals.ts); a difference is a defect to
    // look at, never a reason to refuse the payment that is being recorded.
    if (figures.total !== order.total) ctx.log.error({ orderId, invoiceTotal: figures.total, orderTotal: order.total }, 'sales invoice total differs from the order total');
    const { serial, number } = await takeSerial(tx, 'SI');
    const [invoice] = await db
      .insert(salesInvoices)
      .values({
        serial,
        number,
        orderId,
        orderReference: order.referenceKey,
        userId: order.userId,
        sellerRegisteredName: seller.registeredName,
        sellerTradeName: seller.tradeName,
        sellerTin: seller.tin,
        sellerBranchCode: seller.branchCode,
        sellerAddress: seller.businessAddress,
        sellerVatStatus: seller.vatStatus,
        buyerName: fullName(billing),
        buyerAddress: oneLineAddress(billing),
        buyerTin: null,
        buyerEmail: order.userEmail,
        gateway: order.gateway,
        vatableSales: figures.vatableSales,
        vatAmount: figures.vatAmount,
        vatExemptSales: figures.vatExemptSales,
        zeroRatedSales: figures.zeroRatedSales,
        total: figures.total,
      })
      .returning();
    const stored = await db
      .insert(salesInvoiceLines)
      .values(figures.lines.map((l, position) => ({ invoiceId: invoice!.id, position, ...l })))
      .returning();
    if (!seller.registeredName.trim()) ctx.log.warn({ orderId, number }, 'sales invoice issued before the seller details were entered');
    await sendEmail(tx, await salesInvoiceEmail({ invoice: invoice!, lines: stored, voided: null, creditMemos: [] }, ctx.config.publicUrl));
    return invoice!;
  });
}

/**
 * A cancelled or rejected sale: its invoice, if one was issued and nothing was credited on it yet,
 * is voided with the reason (a record beside it; the invoice stays as issued). An invoice with a
 * credit memo stays valid: the refunds credit it, and the rest is credited as it is refunded.
 */
export async function voidSalesInvoice(ctx: ServiceContext, input: { orderId: number; reason: string; actorUserId: number | null }): Promise<InvoiceVoidRow | null> {
  const invoice = await invoiceOfOrder(ctx, input.orderId);
  if (!invoice) return null;
  const record = await invoiceRecord(ctx, invoice);
  if (record.voided) return record.voided;
  if (record.creditMemos.length > 0) {
    ctx.log.info({ orderId: input.orderId, invoice: invoice.number }, 'sale closed after a refund: the invoice stays, credited by its memos');
    return null;
  }
  const [row] = await ctx.db.insert(salesInvoiceVoids).values({ invoiceId: invoice.id, reason: input.reason, actorUserId: input.actorUserId }).returning();
  return row!;
}

/**
 * A refund of a sale: a credit memo from its own series, referencing the order's invoice, for the
 * amount given back split as the sales were. Once per refund; none for a sale without an invoice
 * (paid only in part) or with a voided one (the void took the whole sale back already).
 */
export async function issueCreditMemo(ctx: ServiceContext, refund: { refundId: number; orderId: number; amount: number; reason: string }): Promise<CreditMemoRow | null> {
  return ctx.db.transaction(async (db) => {
    const tx: ServiceContext = { ...ctx, db };
    const invoice = await invoiceOfOrder(tx, refund.orderId);
    if (!invoice) return null;
    const record = await invoiceRecord(tx, invoice);
    if (record.voided) return null;
    const issued = record.creditMemos.find((m) => m.refundId === refund.refundId);
    if (issued) return issued;
    const before = record.creditMemos.reduce((s, m) => s + m.total, 0);
    const amounts = creditMemoAmounts(invoice, before, refund.amount);
    if (amounts.total <= 0) {
      ctx.log.warn({ orderId: refund.orderId, refundId: refund.refundId }, 'refund beyond the invoice total: no credit memo');
      return null;
    }
    const { serial, number } = await takeSerial(tx, 'CM');
    const [memo] = await db
      .insert(creditMemos)
      .values({ serial, number, invoiceId: invoice.id, refundId: refund.refundId, reason: refund.reason.trim() || 'Refund', ...amounts })
      .returning();
    await sendEmail(tx, await creditMemoEmail(memo!, invoice, ctx.config.publicUrl));
    return memo!;
  });
}

/**
 * The order's invoice record for the signed-in viewer: the order's owner, or staff with
 * MANAGE_ORDERS; null when there is none (not paid yet). Anyone else: the order is not found.
 */
export async function viewerInvoiceRecord(ctx: ServiceContext, orderId: number): Promise<InvoiceRecord | null> {
  const user = ctx.user;
  if (!user) throw new DomainError(ORDER_NOT_FOUND, 'id');
  const invoice = await invoiceOfOrder(ctx, orderId);
  const owner = invoice ? invoice.userId === user.id : (await findOrderById(ctx, orderId))?.userId === user.id;
  if (!owner && !(await hasPermission(ctx, 'MANAGE_ORDERS'))) throw new DomainError(ORDER_NOT_FOUND, 'id');
  return invoice ? invoiceRecord(ctx, invoice) : null;
}

/** The invoices of these orders in one query (the orders' GraphQL field). */
export async function invoicesOfOrders(ctx: Pick<ServiceContext, 'db'>, orderIds: readonly number[]): Promise<Map<number, SalesInvoiceRow>> {
  if (orderIds.length === 0) return new Map();
  const rows = await ctx.db.select().from(salesInvoices).where(inArray(salesInvoices.orderId, [...orderIds]));
  return new Map(rows.map((r) => [r.orderId, r]));
}
