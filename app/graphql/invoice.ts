// The order's sales invoice and credit memos as the order pages link them (schema type
// SalesInvoice; docs/product/invoices.md), read with the order so the links are in the page's
// HTML: a document spreads `...InvoiceSummaryFields` and appends INVOICE_FIELDS.
import type * as G from './generated';

export const INVOICE_FIELDS = /* GraphQL */ `
  fragment InvoiceSummaryFields on SalesInvoice {
    number
    issued
    total { amount }
    voidReason
    downloadUrl
    creditMemos { number issued total { amount } downloadUrl }
  }
`;

export type InvoiceSummary = {
  number: string;
  issued: string;
  total: number;
  voidReason: string | null;
  downloadUrl: string;
  creditMemos: { number: string; issued: string; total: number; downloadUrl: string }[];
};

/** null while the order has no invoice (not paid in whole yet) or the reader may not see it. */
export function toInvoiceSummary(i: G.InvoiceSummaryFieldsFragment | null | undefined): InvoiceSummary | null {
  if (!i?.number || !i.downloadUrl) return null;
  return {
    number: i.number,
    issued: i.issued ?? '',
    total: i.total?.amount ?? 0,
    voidReason: i.voidReason ?? null,
    downloadUrl: i.downloadUrl,
    creditMemos: (i.creditMemos ?? []).flatMap((m) =>
      m.number && m.downloadUrl ? [{ number: m.number, issued: m.issued ?? '', total: m.total?.amount ?? 0, downloadUrl: m.downloadUrl }] : [],
    ),
  };
}
