// The sales book for the accountant (docs/decisions/052-sales-invoices.md): one row per sales
// invoice, credit memo and void issued in a month (Asia/Manila), as CSV. Credit memos and voids
// are negative, in the month they were issued, so a month's rows never change once it is over
// and its totals are what the sales came to after refunds and cancellations.
import { and, asc, eq, gte, lt } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { ServiceContext } from '../../graphql/context';
import { DomainError } from '../../lib/domain-error';
import { manilaDate } from '../../../common/manila-date';
import { requirePermission } from '../system/staff-access.service';
import { creditMemos, salesInvoices, salesInvoiceVoids } from './sales-invoices.tables';

export const SALES_BOOK_MESSAGES = { month: 'Please choose a month (YYYY-MM).' } as const;

export type SalesBookRow = {
  date: Date;
  document: 'SALES INVOICE' | 'CREDIT MEMO' | 'VOID';
  number: string;
  /** The invoice a credit memo or a void takes back; '' for an invoice. */
  invoiceNumber: string;
  orderReference: string;
  buyerName: string;
  buyerTin: string;
  vatableSales: number;
  vatAmount: number;
  vatExemptSales: number;
  zeroRatedSales: number;
  total: number;
  note: string;
};

/** The month's first instant and the next month's, in Asia/Manila; null for anything but YYYY-MM. */
export function monthRange(month: string): { from: Date; to: Date } | null {
  const m = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(month);
  if (!m) return null;
  const year = Number(m[1]);
  const index = Number(m[2]);
  const next = index === 12 ? `${year + 1}-01` : `${year}-${String(index + 1).padStart(2, '0')}`;
  return { from: new Date(`${month}-01T00:00:00+08:00`), to: new Date(`${next}-01T00:00:00+08:00`) };
}

/** Staff (MANAGE_ORDERS): the month's rows, by date then number. */
export async function salesBook(ctx: ServiceContext, month: string): Promise<SalesBookRow[]> {
  await requirePermission(ctx, 'MANAGE_ORDERS');
  const range = monthRange(month);
  if (!range) throw new DomainError(SALES_BOOK_MESSAGES.month, 'month');
  const within = (column: PgColumn) => and(gte(column, range.from), lt(column, range.to));
  const [invoices, memos, voids] = await Promise.all([
    ctx.db.select().from(salesInvoices).where(within(salesInvoices.issuedAt)).orderBy(asc(salesInvoices.serial)),
    ctx.db
      .select({ memo: creditMemos, invoice: salesInvoices })
      .from(creditMemos)
      .innerJoin(salesInvoices, eq(creditMemos.invoiceId, salesInvoices.id))
      .where(within(creditMemos.issuedAt))
      .orderBy(asc(creditMemos.serial)),
    ctx.db
      .select({ voided: salesInvoiceVoids, invoice: salesInvoices })
      .from(salesInvoiceVoids)
      .innerJoin(salesInvoices, eq(salesInvoiceVoids.invoiceId, salesInvoices.id))
      .where(within(salesInvoiceVoids.voidedAt)),
  ]);
  const buyer = (i: typeof salesInvoices.$inferSelect) => ({ orderReference: i.orderReference, buyerName: i.buyerName, buyerTin: i.buyerTin ?? '' });
  const rows: SalesBookRow[] = [
    ...invoices.map((i) => ({
      date: i.issuedAt,
      document: 'SALES INVOICE' as const,
      number: i.number,
      invoiceNumber: '',
      ...buyer(i),
      vatableSales: i.vatableSales,
      vatAmount: i.vatAmount,
      vatExemptSales: i.vatExemptSales,
      zeroRatedSales: i.zeroRatedSales,
      total: i.total,
      note: '',
    })),
    ...memos.map(({ memo, invoice }) => ({
      date: memo.issuedAt,
      document: 'CREDIT MEMO' as const,
      number: memo.number,
      invoiceNumber: invoice.number,
      ...buyer(invoice),
      vatableSales: -memo.vatableSales,
      vatAmount: -memo.vatAmount,
      vatExemptSales: -memo.vatExemptSales,
      zeroRatedSales: -memo.zeroRatedSales,
      total: -memo.total,
      note: memo.reason,
    })),
    ...voids.map(({ voided, invoice }) => ({
      date: voided.voidedAt,
      document: 'VOID' as const,
      number: invoice.number,
      invoiceNumber: invoice.number,
      ...buyer(invoice),
      vatableSales: -invoice.vatableSales,
      vatAmount: -invoice.vatAmount,
      vatExemptSales: -invoice.vatExemptSales,
      zeroRatedSales: -invoice.zeroRatedSales,
      total: -invoice.total,
      note: voided.reason,
    })),
  ];
  return rows.sort((a, b) => a.date.getTime() - b.date.getTime() || a.number.localeCompare(b.number));
}

const HEADER = ['Date', 'Document', 'Number', 'Invoice', 'Order', 'Buyer', 'Buyer TIN', 'VATable sales', 'VAT', 'VAT-exempt sales', 'Zero-rated sales', 'Total', 'Note'];

/** A text cell: quoted when needed, and never read as a formula by a spreadsheet. */
function textCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** YYYY-MM-DD in Asia/Manila (sorts and imports as a date). */
function isoDay(date: Date): string {
  const d = manilaDate(date)!;
  return `${d.year}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;
}

const pesos = (centavos: number) => (centavos / 100).toFixed(2);

/** The rows as CSV (pesos with two decimals, dates in Asia/Manila), with a totals row at the end. */
export function salesBookCsv(rows: readonly SalesBookRow[]): string {
  const sum = (key: 'vatableSales' | 'vatAmount' | 'vatExemptSales' | 'zeroRatedSales' | 'total') => rows.reduce((s, r) => s + r[key], 0);
  const lines = [
    HEADER.join(','),
    ...rows.map((r) =>
      [
        isoDay(r.date),
        r.document,
        textCell(r.number),
        textCell(r.invoiceNumber),
        textCell(r.orderReference),
        textCell(r.buyerName),
        textCell(r.buyerTin),
        pesos(r.vatableSales),
        pesos(r.vatAmount),
        pesos(r.vatExemptSales),
        pesos(r.zeroRatedSales),
        pesos(r.total),
        textCell(r.note),
      ].join(','),
    ),
    ['Total', '', '', '', '', '', '', pesos(sum('vatableSales')), pesos(sum('vatAmount')), pesos(sum('vatExemptSales')), pesos(sum('zeroRatedSales')), pesos(sum('total')), ''].join(','),
  ];
  return `${lines.join('\r\n')}\r\n`;
}

