// The buyer's emails for a sales invoice and a credit memo, with the PDF attached (the order
// emails' frame, which names the seller in its footer).
import { formatPeso } from '../../../common/money';
import { SHOP_NAME } from '../../../common/shop-info';
import { emailButton, emailLayout, escapeHtml, SELLER_DETAILS_SLOT } from '../notifications/email-layout';
import type { EmailMessage } from '../notifications/notifications.service';
import { creditMemoPdf, salesInvoicePdf } from './invoice-pdf';
import type { CreditMemoRow, InvoiceRecord, SalesInvoiceRow } from './sales-invoices.service';

const layout = (title: string, body: string) => emailLayout(title, body, { width: 600, footer: `You received this email about an order on your ${SHOP_NAME} account.${SELLER_DETAILS_SLOT}` });

/** Where the buyer (or staff) downloads the invoice's PDF. */
export const invoicePdfPath = (orderId: number) => `/account/orders/${orderId}/invoice.pdf`;
export const creditMemoPdfPath = (orderId: number, memoNumber: string) => `/account/orders/${orderId}/credit-memos/${encodeURIComponent(memoNumber)}.pdf`;

export async function salesInvoiceEmail(record: InvoiceRecord, shopUrl: string): Promise<EmailMessage> {
  const { invoice } = record;
  const link = `${shopUrl}/account/order-details/${invoice.orderId}`;
  return {
    to: invoice.buyerEmail,
    template: 'sales_invoice',
    subject: `Your sales invoice ${invoice.number} for order #${invoice.orderReference}`,
    html: layout(
      'Sales invoice',
      `<p>Thank you for your payment. Your sales invoice <strong>${escapeHtml(invoice.number)}</strong> for order #${escapeHtml(invoice.orderReference)}, ${escapeHtml(formatPeso(invoice.total))}, is attached as a PDF.</p>
<p>You can also download it from your order's page.</p>
${emailButton(link, 'View Order')}`,
    ),
    text: `Thank you for your payment. Your sales invoice ${invoice.number} for order #${invoice.orderReference}, ${formatPeso(invoice.total)}, is attached as a PDF.\n\nYou can also download it from your order's page: ${link}\n`,
    attachments: [{ filename: `${invoice.number}.pdf`, contentType: 'application/pdf', content: await salesInvoicePdf(record) }],
  };
}

export async function creditMemoEmail(memo: CreditMemoRow, invoice: SalesInvoiceRow, shopUrl: string): Promise<EmailMessage> {
  const link = `${shopUrl}/account/order-details/${invoice.orderId}`;
  return {
    to: invoice.buyerEmail,
    template: 'credit_memo',
    subject: `Credit memo ${memo.number} for order #${invoice.orderReference}`,
    html: layout(
      'Credit memo',
      `<p>We refunded ${escapeHtml(formatPeso(memo.total))} on order #${escapeHtml(invoice.orderReference)}. Credit memo <strong>${escapeHtml(memo.number)}</strong>, against sales invoice ${escapeHtml(invoice.number)}, is attached as a PDF.</p>
${emailButton(link, 'View Order')}`,
    ),
    text: `We refunded ${formatPeso(memo.total)} on order #${invoice.orderReference}. Credit memo ${memo.number}, against sales invoice ${invoice.number}, is attached as a PDF.\n\n${link}\n`,
    attachments: [{ filename: `${memo.number}.pdf`, contentType: 'application/pdf', content: await creditMemoPdf(memo, invoice) }],
  };
}
