// A sales invoice's and a credit memo's PDF (docs/decisions/052-sales-invoices.md), drawn from what
// the invoice copied when it was issued, so it reads the same whatever changed since: the seller
// (registered name, TIN and branch code, address, VAT status), the buyer, the lines, the VAT boxes.
import { formatTin } from '../../../common/compliance/seller-details';
import { formatOrderDate, formatOrderDateTime } from '../../../common/orders/order-display';
import { drawFields, drawTable, PAGE, pdfAmount, renderPdf, type Pdf } from './pdf-document';
import type { CreditMemoRow, InvoiceRecord, SalesInvoiceRow } from './sales-invoices.service';

/** What a non-VAT seller's invoice must say (the BIR's invoicing rules). */
export const NON_VAT_NOTICE = 'THIS DOCUMENT IS NOT VALID FOR CLAIM OF INPUT TAX.';

const tinLine = (invoice: SalesInvoiceRow) =>
  `${invoice.sellerVatStatus === 'VAT' ? 'VAT Reg. TIN' : 'Non-VAT Reg. TIN'}: ${invoice.sellerTin ? `${formatTin(invoice.sellerTin)}-${invoice.sellerBranchCode}` : '-'}`;

function sellerHeader(doc: Pdf, invoice: SalesInvoiceRow, title: string, number: string, issuedAt: Date): void {
  doc.font('Helvetica-Bold').fontSize(PAGE.heading).text(invoice.sellerRegisteredName || '(seller details not entered)');
  doc.font('Helvetica').fontSize(PAGE.body);
  if (invoice.sellerTradeName && invoice.sellerTradeName !== invoice.sellerRegisteredName) doc.text(invoice.sellerTradeName);
  doc.text(invoice.sellerAddress || '-');
  doc.text(tinLine(invoice));
  doc.moveDown();
  doc.font('Helvetica-Bold').fontSize(PAGE.heading).text(title, { align: 'center' });
  doc.font('Helvetica').fontSize(PAGE.body).text(`No. ${number}`, { align: 'center' });
  doc.text(`Date: ${formatOrderDate(issuedAt)}`, { align: 'center' });
  doc.moveDown();
}

function buyerFields(doc: Pdf, invoice: SalesInvoiceRow): void {
  drawFields(doc, [
    ['Sold to', invoice.buyerName],
    ['Address', invoice.buyerAddress],
    ['TIN', invoice.buyerTin ? formatTin(invoice.buyerTin) : ''],
    ['Order', invoice.orderReference],
  ]);
  doc.moveDown();
}

function boxes(doc: Pdf, invoice: SalesInvoiceRow, amounts: Pick<SalesInvoiceRow, 'vatableSales' | 'vatAmount' | 'vatExemptSales' | 'zeroRatedSales' | 'total'>, totalLabel: string): void {
  const rows: [string, string][] =
    invoice.sellerVatStatus === 'VAT'
      ? [
          ['VATable Sales', pdfAmount(amounts.vatableSales)],
          ['VAT (12%)', pdfAmount(amounts.vatAmount)],
          ['VAT-Exempt Sales', pdfAmount(amounts.vatExemptSales)],
          ['Zero-Rated Sales', pdfAmount(amounts.zeroRatedSales)],
          [totalLabel, pdfAmount(amounts.total)],
        ]
      : [
          ['VAT-Exempt Sales', pdfAmount(amounts.vatExemptSales)],
          [totalLabel, pdfAmount(amounts.total)],
        ];
  doc.moveDown(0.5);
  drawTable(
    doc,
    [
      { header: 'Summary', width: PAGE.width - 140 },
      { header: 'Amount', width: 140, align: 'right' },
    ],
    rows,
  );
  if (invoice.sellerVatStatus !== 'VAT') {
    doc.moveDown();
    doc.font('Helvetica-Bold').text(NON_VAT_NOTICE, { align: 'center' }).font('Helvetica');
  }
}

/** The sales invoice as a PDF; a voided one says VOID and why. */
export function salesInvoicePdf(record: InvoiceRecord): Promise<Buffer> {
  const { invoice, lines, voided } = record;
  return renderPdf({ title: `Sales Invoice ${invoice.number}`, author: invoice.sellerRegisteredName, createdAt: invoice.issuedAt }, (doc) => {
    sellerHeader(doc, invoice, 'SALES INVOICE', invoice.number, invoice.issuedAt);
    if (voided) {
      doc.font('Helvetica-Bold').fontSize(PAGE.heading).text(`VOID: ${voided.reason}`, { align: 'center' });
      doc.font('Helvetica').fontSize(PAGE.body).text(`Voided ${formatOrderDateTime(voided.voidedAt)}`, { align: 'center' }).moveDown();
    }
    buyerFields(doc, invoice);
    drawTable(
      doc,
      [
        { header: 'Qty', width: 40, align: 'right' },
        { header: 'Description', width: PAGE.width - 40 - 100 - 100 - 60 },
        { header: 'Unit price', width: 100, align: 'right' },
        { header: 'Amount', width: 100, align: 'right' },
        { header: 'Tax', width: 60 },
      ],
      lines.map((l) => [String(l.quantity), l.description, pdfAmount(l.unitPrice), pdfAmount(l.amount), TAX_LABEL[l.taxClass]]),
    );
    boxes(doc, invoice, invoice, 'Total Amount Due');
  });
}

const TAX_LABEL = { VATABLE: 'V', VAT_EXEMPT: 'E', ZERO_RATED: 'Z' } as const;

/** A credit memo as a PDF: the invoice it credits, the reason, the amounts given back. */
export function creditMemoPdf(memo: CreditMemoRow, invoice: SalesInvoiceRow): Promise<Buffer> {
  return renderPdf({ title: `Credit Memo ${memo.number}`, author: invoice.sellerRegisteredName, createdAt: memo.issuedAt }, (doc) => {
    sellerHeader(doc, invoice, 'CREDIT MEMO', memo.number, memo.issuedAt);
    buyerFields(doc, invoice);
    drawFields(doc, [
      ['Sales Invoice', `${invoice.number} dated ${formatOrderDate(invoice.issuedAt)}`],
      ['Reason', memo.reason],
    ]);
    boxes(doc, invoice, memo, 'Total Credited');
  });
}
