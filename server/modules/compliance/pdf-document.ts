// The compliance documents' PDFs (sales invoices, credit memos, withholding certificates): one
// A4 page layout drawn with pdfkit's standard Helvetica, answered as bytes. Helvetica has no
// peso sign and no font in the project's packages has one, so amounts read 'PHP 1,234.50'
// (docs/decisions/052-sales-invoices.md).
import { formatAmount } from '../../../common/money';

export type Pdf = PDFKit.PDFDocument;

/** 'PHP 1,234.50' for 123450 centavos; '-PHP 1,234.50' below zero. */
export function pdfAmount(centavos: number): string {
  return `${centavos < 0 ? '-' : ''}PHP ${formatAmount(Math.abs(centavos))}`;
}

/** The left margin, the width between margins and the font sizes every document uses. */
export const PAGE = { margin: 48, width: 595.28 - 96, body: 9, heading: 14 } as const;

/**
 * Draws a document and answers its bytes. `title` goes into the PDF's metadata; the creation
 * date is fixed by `createdAt` so the same document always gives the same bytes.
 */
export async function renderPdf(meta: { title: string; author: string; createdAt: Date }, draw: (doc: Pdf) => void): Promise<Buffer> {
  // Loaded with the first document: pdfkit (and its fonts' code) is ~6 MB of heap in every
  // process otherwise, most of which never draws one (docs/operations/memory-and-overload.md).
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE.margin,
    info: { Title: meta.title, Author: meta.author, CreationDate: meta.createdAt, ModDate: meta.createdAt },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.font('Helvetica').fontSize(PAGE.body);
  draw(doc);
  doc.end();
  return done;
}

export type PdfColumn = { header: string; width: number; align?: 'left' | 'right' };

/**
 * A table from the current position: a bold header row, then one row per entry; a row taller
 * than one line (a long description) pushes the next down. Starts a new page when the page is full.
 */
export function drawTable(doc: Pdf, columns: readonly PdfColumn[], rows: readonly (readonly string[])[]): void {
  const left = PAGE.margin;
  const bottom = doc.page.height - PAGE.margin;
  const drawRow = (cells: readonly string[], bold: boolean) => {
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(PAGE.body);
    const heights = columns.map((c, i) => doc.heightOfString(cells[i] ?? '', { width: c.width - 6 }));
    const height = Math.max(...heights) + 4;
    if (doc.y + height > bottom) doc.addPage();
    const y = doc.y;
    let x = left;
    columns.forEach((c, i) => {
      doc.text(cells[i] ?? '', x, y, { width: c.width - 6, align: c.align ?? 'left' });
      x += c.width;
    });
    doc.x = left;
    doc.y = y + height;
    if (bold) doc.moveTo(left, doc.y - 2).lineTo(x, doc.y - 2).lineWidth(0.5).stroke();
  };
  drawRow(
    columns.map((c) => c.header),
    true,
  );
  for (const row of rows) drawRow(row, false);
  doc.font('Helvetica').fontSize(PAGE.body);
}

/** Label: value pairs, one a line, the labels bold, from the current position. */
export function drawFields(doc: Pdf, fields: readonly (readonly [string, string])[], width: number = PAGE.width): void {
  for (const [label, value] of fields) {
    doc.font('Helvetica-Bold').text(`${label}: `, { continued: true, width }).font('Helvetica').text(value || '-');
  }
}
