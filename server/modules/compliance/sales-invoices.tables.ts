// Sales invoices and credit memos (docs/decisions/052-sales-invoices.md): what the shop issued for
// each sale and each refund, with the seller's and buyer's details copied at the time. A row is
// written once and never changed or deleted (migration 0033's trigger refuses it); a voided
// invoice keeps its row and gains a void record.
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const TAX_CLASSES = ['VATABLE', 'VAT_EXEMPT', 'ZERO_RATED'] as const;
export type TaxClass = (typeof TAX_CLASSES)[number];

export const INVOICE_LINE_KINDS = ['ITEM', 'SHIPPING', 'INSURANCE', 'COD_FEE', 'PAYPAL_FEE', 'DISCOUNT'] as const;
export type InvoiceLineKind = (typeof INVOICE_LINE_KINDS)[number];

/**
 * One counter per series ('SI' sales invoices, 'CM' credit memos): the next serial number, taken
 * by an UPDATE ... RETURNING in the issuing transaction, so a rolled-back issue gives its number
 * back and two processes issuing at once take turns (no gap, no repeat; a sequence would leave gaps).
 */
export const documentSeries = pgTable('document_series', {
  series: text().primaryKey(),
  prefix: text().notNull(),
  nextNumber: integer().notNull().default(1),
});

const amounts = () => ({
  /** Centavos: the VATable sales, VAT excluded. */
  vatableSales: integer().notNull(),
  vatAmount: integer().notNull(),
  vatExemptSales: integer().notNull(),
  zeroRatedSales: integer().notNull(),
  /** Centavos: vatableSales + vatAmount + vatExemptSales + zeroRatedSales. */
  total: integer().notNull(),
});

export const salesInvoices = pgTable(
  'sales_invoices',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    serial: integer().notNull(),
    /** The printed number: the series' prefix and the serial, zero-padded. */
    number: text().notNull(),
    orderId: integer().notNull(),
    orderReference: text().notNull(),
    userId: integer().notNull(),
    issuedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    // The seller as registered when the invoice was issued.
    sellerRegisteredName: text().notNull(),
    sellerTradeName: text().notNull(),
    sellerTin: text().notNull(),
    sellerBranchCode: text().notNull(),
    sellerAddress: text().notNull(),
    sellerVatStatus: text({ enum: ['VAT', 'NON_VAT'] }).notNull(),
    // The buyer: the order's billing name and address; a TIN only when the buyer gave one
    // (checkout has no place for it yet: null).
    buyerName: text().notNull(),
    buyerAddress: text().notNull(),
    buyerTin: text(),
    buyerEmail: text().notNull(),
    gateway: text(),
    ...amounts(),
  },
  (t) => [
    uniqueIndex('sales_invoices_serial_idx').on(t.serial),
    uniqueIndex('sales_invoices_order_idx').on(t.orderId),
    index('sales_invoices_issued_idx').on(t.issuedAt),
  ],
);

export const salesInvoiceLines = pgTable(
  'sales_invoice_lines',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    invoiceId: integer()
      .notNull()
      .references(() => salesInvoices.id),
    position: integer().notNull(),
    kind: text({ enum: INVOICE_LINE_KINDS }).notNull(),
    description: text().notNull(),
    quantity: integer().notNull(),
    /** Centavos, VAT included (the shop's prices are); negative for a discount. */
    unitPrice: integer().notNull(),
    amount: integer().notNull(),
    taxClass: text({ enum: TAX_CLASSES }).notNull(),
    /** The VAT in amount (12/112 of a VATable line, rounded to the centavo); 0 otherwise. */
    vatAmount: integer().notNull(),
  },
  (t) => [index('sales_invoice_lines_invoice_idx').on(t.invoiceId, t.position)],
);

/** A voided invoice (the sale cancelled before any refund): the invoice stays, this says why. */
export const salesInvoiceVoids = pgTable('sales_invoice_voids', {
  invoiceId: integer()
    .primaryKey()
    .references(() => salesInvoices.id),
  reason: text().notNull(),
  actorUserId: integer(),
  voidedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const creditMemos = pgTable(
  'credit_memos',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    serial: integer().notNull(),
    number: text().notNull(),
    invoiceId: integer()
      .notNull()
      .references(() => salesInvoices.id),
    /** The payment refund it documents (payments' payment_refunds.id): one memo per refund. */
    refundId: integer().notNull(),
    issuedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    reason: text().notNull(),
    // Positive centavos given back, split as the invoice's sales were.
    ...amounts(),
  },
  (t) => [
    uniqueIndex('credit_memos_serial_idx').on(t.serial),
    uniqueIndex('credit_memos_refund_idx').on(t.refundId),
    index('credit_memos_invoice_idx').on(t.invoiceId),
    index('credit_memos_issued_idx').on(t.issuedAt),
  ],
);
