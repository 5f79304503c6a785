// A commissioner's quarterly certificate of the income paid and the tax withheld, with the fields
// of BIR Form 2307 (Certificate of Creditable Tax Withheld at Source): the period, the payee (TIN,
// name, registered address), the payor (the seller's registered details), and per ATC the income
// of each month of the quarter, the total and the tax withheld
// (docs/decisions/051-withholding-on-payouts.md). The signed-in commissioner gets their own only.
import { formatPayeeTin } from '../../../common/compliance/commissioner-tax';
import { sellerDetailsComplete } from '../../../common/compliance/seller-details';
import type { ServiceContext } from '../../graphql/context';
import { DomainError } from '../../lib/domain-error';
import { getUser, requireUser } from '../accounts/accounts.service';
import { commissionerTaxOf } from '../referrals/commissioner-tax.service';
import { sellerDetailsOf } from '../system/seller-details.service';
import { renderCertificatePdf } from './certificate-pdf';
import { parseQuarter, quarterKey, type Quarter } from '../../../common/compliance/withholding-quarter';
import { ATC, quarterWithholding, WITHHOLDING_MESSAGES, type AtcCode } from './withholding.service';

export const CERTIFICATE_MESSAGES = {
  nothingPaid: 'No payout was paid to you in this quarter.',
  sellerDetails: 'The shop has not entered its registered details yet, so the certificate cannot be made. Please try again later.',
} as const;

export type CertificateRow = {
  description: string;
  atc: AtcCode;
  ratePercent: number;
  months: [number, number, number];
  total: number;
  tax: number;
};

export type WithholdingCertificate = {
  quarter: string;
  /** MM/DD/YYYY, as the form writes dates. */
  periodFrom: string;
  periodTo: string;
  /** "Jul 2026", "Aug 2026", "Sep 2026". */
  monthNames: [string, string, string];
  payee: { tin: string; name: string; registeredAddress: string };
  payor: { tin: string; name: string; registeredAddress: string };
  rows: CertificateRow[];
  totals: { months: [number, number, number]; total: number; tax: number };
  issuedAt: Date;
};

const mmddyyyy = (year: number, month: number, day: number) => `${String(month + 1).padStart(2, '0')}/${String(day).padStart(2, '0')}/${year}`;
const monthName = (year: number, month: number) =>
  new Intl.DateTimeFormat('en-PH', {
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(year, month, 1)));

function period(q: Quarter) {
  const first = (q.quarter - 1) * 3;
  const lastDay = new Date(Date.UTC(q.year, first + 3, 0)).getUTCDate();
  return {
    periodFrom: mmddyyyy(q.year, first, 1),
    periodTo: mmddyyyy(q.year, first + 2, lastDay),
    monthNames: [monthName(q.year, first), monthName(q.year, first + 1), monthName(q.year, first + 2)] as [string, string, string],
  };
}

/** The signed-in commissioner's certificate for a quarter ("2026-Q3"). */
export async function withholdingCertificate(ctx: ServiceContext, quarterText: string, issuedAt: Date = new Date()): Promise<WithholdingCertificate> {
  const viewer = requireUser(ctx);
  const q = parseQuarter(quarterText);
  if (!q) throw new DomainError(WITHHOLDING_MESSAGES.quarter, 'quarter');
  const [payees, seller, user, tax] = await Promise.all([
    quarterWithholding(ctx.db, q, viewer.id),
    sellerDetailsOf(ctx),
    getUser(ctx.db, viewer.id),
    commissionerTaxOf(ctx.db, viewer.id),
  ]);
  if (payees.length === 0 || !user) throw new DomainError(CERTIFICATE_MESSAGES.nothingPaid, 'quarter');
  if (!sellerDetailsComplete(seller)) throw new DomainError(CERTIFICATE_MESSAGES.sellerDetails);
  const rows: CertificateRow[] = payees.map((p) => ({
    description: ATC[p.atc].description,
    atc: p.atc,
    ratePercent: p.taxRate / 100,
    months: p.monthlyIncome,
    total: p.income,
    tax: p.tax,
  }));
  const sum = (pick: (r: CertificateRow) => number) => rows.reduce((s, r) => s + pick(r), 0);
  return {
    quarter: quarterKey(q),
    ...period(q),
    payee: {
      tin: formatPayeeTin(tax?.tin ?? null, tax?.tinBranchCode ?? null),
      name: [user.lastName, user.firstName].filter(Boolean).join(', '),
      registeredAddress: tax?.registeredAddress ?? '',
    },
    payor: {
      tin: `${seller.tin}-${seller.branchCode}`,
      name: seller.registeredName,
      registeredAddress: seller.businessAddress,
    },
    rows,
    totals: {
      months: [sum((r) => r.months[0]), sum((r) => r.months[1]), sum((r) => r.months[2])],
      total: sum((r) => r.total),
      tax: sum((r) => r.tax),
    },
    issuedAt,
  };
}

/** The certificate as a PDF (bytes) and its file name. */
export async function withholdingCertificatePdf(ctx: ServiceContext, quarterText: string): Promise<{ filename: string; pdf: Buffer }> {
  const certificate = await withholdingCertificate(ctx, quarterText);
  return {
    filename: `suki-bir-2307-${certificate.quarter}.pdf`,
    pdf: await renderCertificatePdf(certificate),
  };
}
