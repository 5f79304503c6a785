// Draws a withholding certificate (certificate.service.ts) with the fields of BIR Form 2307, in
// the compliance documents' shared layout (pdf-document.ts: standard Helvetica, so amounts are
// written in PHP, not with the peso sign).
import { drawFields, drawTable, PAGE, renderPdf, type PdfColumn } from './pdf-document';
import { formatAmount } from '../../../common/money';
import type { WithholdingCertificate } from './certificate.service';

const amount = formatAmount;

export function renderCertificatePdf(c: WithholdingCertificate): Promise<Buffer> {
  return renderPdf(
    {
      title: `BIR Form 2307 ${c.quarter}: ${c.payee.name}`,
      author: c.payor.name,
      createdAt: c.issuedAt,
    },
    (doc) => {
      doc.font('Helvetica-Bold').fontSize(PAGE.heading).text('Certificate of Creditable Tax Withheld at Source', {
        align: 'center',
      });
      doc.font('Helvetica').fontSize(PAGE.body).text("BIR Form No. 2307: the form's information, from the shop's payout records", { align: 'center' });
      doc.moveDown();
      drawFields(doc, [['1 For the Period', `From ${c.periodFrom} To ${c.periodTo}`]]);
      doc.moveDown(0.5);
      doc.font('Helvetica-Bold').text('Part I - Payee Information');
      drawFields(doc, [
        ['2 Taxpayer Identification Number (TIN)', c.payee.tin],
        ["3 Payee's Name", c.payee.name],
        ['4 Registered Address', c.payee.registeredAddress || 'Not given'],
      ]);
      doc.moveDown(0.5);
      doc.font('Helvetica-Bold').text('Part II - Payor Information');
      drawFields(doc, [
        ['6 Taxpayer Identification Number (TIN)', c.payor.tin],
        ["7 Payor's Name", c.payor.name],
        ['8 Registered Address', c.payor.registeredAddress],
      ]);
      doc.moveDown(0.5);
      doc.font('Helvetica-Bold').text('Part III - Details of Monthly Income Payments and Taxes Withheld (amounts in PHP)');
      doc.moveDown(0.3);
      const columns: PdfColumn[] = [
        {
          header: 'Income Payments Subject to Expanded Withholding Tax',
          width: 139,
        },
        { header: 'ATC', width: 40 },
        { header: `1st Month (${c.monthNames[0]})`, width: 64, align: 'right' },
        { header: `2nd Month (${c.monthNames[1]})`, width: 64, align: 'right' },
        { header: `3rd Month (${c.monthNames[2]})`, width: 64, align: 'right' },
        { header: 'Total', width: 64, align: 'right' },
        { header: 'Tax Withheld for the Quarter', width: 64, align: 'right' },
      ];
      drawTable(doc, columns, [
        ...c.rows.map((r) => [`${r.description} (${r.ratePercent}%)`, r.atc, ...r.months.map(amount), amount(r.total), amount(r.tax)]),
        ['Total', '', ...c.totals.months.map(amount), amount(c.totals.total), amount(c.totals.tax)],
      ]);
      doc.moveDown();
      doc
        .font('Helvetica')
        .text(
          'We declare under the penalties of perjury that this certificate has been made in good faith, verified by us, and to the best of our knowledge and belief, is true and correct, pursuant to the provisions of the National Internal Revenue Code, as amended, and the regulations issued under authority thereof.',
          { width: PAGE.width },
        );
      doc.moveDown(2);
      doc.text('______________________________________________', {
        width: PAGE.width,
      });
      doc.text("Payor / Payor's Authorized Representative / Accredited Tax Agent (signature over printed name)", { width: PAGE.width });
      doc.moveDown(1.5);
      doc.text('______________________________________________', {
        width: PAGE.width,
      });
      doc.text("Conforme: Payee / Payee's Authorized Representative (signature over printed name)", { width: PAGE.width });
    },
  );
}
