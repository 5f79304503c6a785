// Order.invoice (docs/decisions/052-sales-invoices.md): the order's sales invoice and its credit
// memos, for the order's owner and staff with MANAGE_ORDERS; null before the sale is paid in whole.
import { builder } from '../../graphql/builder';
import type { ServiceContext } from '../../graphql/context';
import { MoneyRef } from '../../graphql/types/money';
import { contextLoader } from '../catalogue/catalogue.loaders';
import { OrderRef } from '../orders/order-types.schema';
import { hasPermission } from '../system/staff-access.service';
import { creditMemoPdfPath, invoicePdfPath } from './invoice-emails';
import { invoiceRecord, invoicesOfOrders, type CreditMemoRow, type InvoiceRecord, type SalesInvoiceRow } from './sales-invoices.service';

const CreditMemoRef = builder.objectRef<CreditMemoRow & { orderId: number }>('CreditMemo').implement({
  description: 'A credit memo: money given back on a sales invoice (a refund), from its own numbered series.',
  fields: (t) => ({
    number: t.exposeString('number'),
    issued: t.expose('issuedAt', { type: 'DateTime' }),
    reason: t.exposeString('reason'),
    vatableSales: t.field({ type: MoneyRef, resolve: (m) => m.vatableSales }),
    vat: t.field({ type: MoneyRef, resolve: (m) => m.vatAmount }),
    vatExemptSales: t.field({ type: MoneyRef, resolve: (m) => m.vatExemptSales }),
    zeroRatedSales: t.field({ type: MoneyRef, resolve: (m) => m.zeroRatedSales }),
    total: t.field({ type: MoneyRef, resolve: (m) => m.total }),
    downloadUrl: t.string({ description: 'The PDF, for the order\'s owner and staff.', resolve: (m) => creditMemoPdfPath(m.orderId, m.number) }),
  }),
});

const SalesInvoiceRef = builder.objectRef<InvoiceRecord>('SalesInvoice').implement({
  description: 'The sales invoice of a paid order, as issued (never changed afterwards).',
  fields: (t) => ({
    number: t.string({ resolve: (r) => r.invoice.number }),
    issued: t.field({ type: 'DateTime', resolve: (r) => r.invoice.issuedAt }),
    vatableSales: t.field({ type: MoneyRef, resolve: (r) => r.invoice.vatableSales }),
    vat: t.field({ type: MoneyRef, resolve: (r) => r.invoice.vatAmount }),
    vatExemptSales: t.field({ type: MoneyRef, resolve: (r) => r.invoice.vatExemptSales }),
    zeroRatedSales: t.field({ type: MoneyRef, resolve: (r) => r.invoice.zeroRatedSales }),
    total: t.field({ type: MoneyRef, resolve: (r) => r.invoice.total }),
    voidReason: t.string({ nullable: true, description: 'Why it was voided (the sale was cancelled); null while valid.', resolve: (r) => r.voided?.reason ?? null }),
    downloadUrl: t.string({ description: 'The PDF, for the order\'s owner and staff.', resolve: (r) => invoicePdfPath(r.invoice.orderId) }),
    creditMemos: t.field({ type: [CreditMemoRef], resolve: (r) => r.creditMemos.map((m) => ({ ...m, orderId: r.invoice.orderId })) }),
  }),
});

const invoiceLoader = (ctx: ServiceContext) => contextLoader<SalesInvoiceRow | null>(ctx, 'compliance:invoice', (ids) => invoicesOfOrders(ctx, ids), () => null);

builder.objectField(OrderRef, 'invoice', (t) =>
  t.field({
    type: SalesInvoiceRef,
    nullable: true,
    description: "The order's sales invoice, issued when it is paid in whole; for its owner and staff with MANAGE_ORDERS.",
    resolve: async (order, _args, ctx) => {
      if (!ctx.user) return null;
      if (order.userId !== ctx.user.id && !(await hasPermission(ctx, 'MANAGE_ORDERS'))) return null;
      const invoice = await invoiceLoader(ctx).load(order.id);
      return invoice ? invoiceRecord(ctx, invoice) : null;
    },
  }),
);
