// The order's sales invoice and credit memos as PDF links (docs/product/invoices.md), for the
// order's owner on their order page and for staff on the back office's order page. The order's
// query reads them (InvoiceSummaryFields), so the links are in the page's HTML; nothing shows
// while there is no invoice (not paid in whole yet).
import { formatPeso } from '../../../common/money';
import { formatOrderDate } from '../../../common/orders/order-display';
import type { InvoiceSummary } from '../../graphql/invoice';

export function InvoiceDownload({ invoice, className = '' }: { invoice: InvoiceSummary | null; className?: string }) {
  if (!invoice) return null;
  return (
    <section aria-labelledby="invoice-title" className={`rounded-lg border border-gray-200 bg-white p-4 text-sm ${className}`} data-invoice>
      <h2 id="invoice-title" className="text-base font-bold">
        Sales Invoice
      </h2>
      <ul className="mt-2 space-y-1">
        <li>
          <a href={invoice.downloadUrl} className="text-secondary-dark underline" download={`${invoice.number}.pdf`}>
            {invoice.number} (PDF)
          </a>{' '}
          <span className="text-gray-700">
            {formatOrderDate(invoice.issued)} · {formatPeso(invoice.total)}
          </span>
          {invoice.voidReason ? <span className="ml-1 font-semibold text-red-800">Void: {invoice.voidReason}</span> : null}
        </li>
        {invoice.creditMemos.map((memo) => (
          <li key={memo.number}>
            <a href={memo.downloadUrl} className="text-secondary-dark underline" download={`${memo.number}.pdf`}>
              Credit Memo {memo.number} (PDF)
            </a>{' '}
            <span className="text-gray-700">
              {formatOrderDate(memo.issued)} · -{formatPeso(memo.total)}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
