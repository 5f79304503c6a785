// Expanded withholding tax on Commissioner payouts by quarter (docs/decisions/051-withholding-on-payouts.md):
// income paid and tax withheld per payee, per month of the quarter (Manila calendar) and per
// ATC, read from the payouts staff marked PAID; the alphalist of payees as CSV for the seller's
// quarterly return (MANAGE_PAYOUTS). The certificates (certificate.service.ts) read the same figures.
import { stringify } from 'csv-stringify/sync';
import { formatPayeeTin } from '../../../common/compliance/commissioner-tax';
import { manilaQuarterOf, parseQuarter, quarterBounds, quarterKey, type Quarter } from '../../../common/compliance/withholding-quarter';
import type { Database } from '../../db/client';
import type { ServiceContext } from '../../graphql/context';
import { DomainError } from '../../lib/domain-error';
import { getUserContacts } from '../accounts/accounts.service';
import { commissionerTaxesOf } from '../referrals/commissioner-tax.service';
import { paidPayoutsIn, type PaidPayout } from '../referrals/payouts.service';
import { requirePermission } from '../system/staff-access.service';

export const WITHHOLDING_MESSAGES = {
  quarter: 'Please choose a quarter (for example 2026-Q3).',
} as const;

/**
 * Alphanumeric tax codes of RR 2-98 Section 2.57.2 as amended by RR 11-2018: commissions of
 * independent sales representatives and marketing agents (multi-level marketing included) paid
 * to individuals: 5% with the payee's sworn declaration of gross income up to ₱3M, 10% otherwise.
 */
export const ATC = {
  WI515: {
    rate: 500,
    description: 'Commissions of independent sales representatives and marketing agents (individual), gross income not over PHP 3M',
  },
  WI516: {
    rate: 1000,
    description:
      'Commissions of independent sales representatives and marketing agents (individual), gross income over PHP 3M, VAT-registered, or no sworn declaration',
  },
} as const;
export type AtcCode = keyof typeof ATC;

/** The code a payout's rate reports under: 10% or more is WI516, anything lower WI515. */
export function atcFor(taxRate: number): AtcCode {
  return taxRate >= ATC.WI516.rate ? 'WI516' : 'WI515';
}

/** One payee's income and tax in a quarter at one rate (so under one ATC); amounts in centavos. */
export type PayeeWithholding = {
  userId: number;
  atc: AtcCode;
  /** Basis points, as the payouts used it. */
  taxRate: number;
  /** Income paid (the payouts' gross, points × ₱1) in the quarter's first, second and third month. */
  monthlyIncome: [number, number, number];
  income: number;
  tax: number;
  payoutIds: number[];
};

/**
 * Groups paid payouts by payee and rate (a rate changed within the quarter gives two rows, as the
 * certificate must), the income by month of the quarter; payees in id order, then by rate.
 */
export function summarisePayouts(rows: readonly PaidPayout[]): PayeeWithholding[] {
  const byKey = new Map<string, PayeeWithholding>();
  for (const p of rows) {
    const atc = atcFor(p.taxRate);
    const key = `${p.userId}:${p.taxRate}`;
    let entry = byKey.get(key);
    if (!entry) {
      entry = {
        userId: p.userId,
        atc,
        taxRate: p.taxRate,
        monthlyIncome: [0, 0, 0],
        income: 0,
        tax: 0,
        payoutIds: [],
      };
      byKey.set(key, entry);
    }
    const gross = p.points * 100;
    entry.monthlyIncome[manilaQuarterOf(p.paidAt).monthOfQuarter] += gross;
    entry.income += gross;
    entry.tax += p.tax;
    entry.payoutIds.push(p.id);
  }
  return [...byKey.values()].sort((a, b) => a.userId - b.userId || a.taxRate - b.taxRate);
}

/** The quarter's withholding, of every payee or of one. */
export async function quarterWithholding(db: Database, q: Quarter, userId?: number): Promise<PayeeWithholding[]> {
  return summarisePayouts(await paidPayoutsIn(db, { ...quarterBounds(q), userId }));
}

/** The quarters in which this commissioner was paid, newest first ("2026-Q3"). */
export async function withholdingQuartersOf(db: Database, userId: number): Promise<string[]> {
  const keys = new Set((await paidPayoutsIn(db, { userId })).map((p) => quarterKey(manilaQuarterOf(p.paidAt))));
  return [...keys].sort().reverse();
}

const pesos = (centavos: number) => (centavos / 100).toFixed(2);
/** A spreadsheet must not run a customer-typed cell as a formula. */
const noFormula = (v: string) => (/^[=+\-@\t\r]/.test(v) ? `'${v}` : v);

/**
 * Staff (MANAGE_PAYOUTS): the quarter's alphalist of payees as CSV, one row per payee and rate
 * (TIN, name as last, first; the ATC and its rate; income paid per month and in total; tax
 * withheld), then a total row. Amounts in pesos.
 */
export async function withholdingAlphalistCsv(ctx: ServiceContext, quarterText: string): Promise<{ quarter: string; csv: string }> {
  await requirePermission(ctx, 'MANAGE_PAYOUTS');
  const q = parseQuarter(quarterText);
  if (!q) throw new DomainError(WITHHOLDING_MESSAGES.quarter, 'quarter');
  const payees = await quarterWithholding(ctx.db, q);
  const ids = payees.map((p) => p.userId);
  const [contacts, taxes] = await Promise.all([getUserContacts(ctx, ids), commissionerTaxesOf(ctx.db, ids)]);
  const rows = payees.map((p, i) => {
    const who = contacts.get(p.userId);
    const tax = taxes.get(p.userId);
    return [
      i + 1,
      formatPayeeTin(tax?.tin ?? null, tax?.tinBranchCode ?? null),
      noFormula(who ? `${who.lastName}, ${who.firstName}` : `Customer #${p.userId}`),
      noFormula(tax?.registeredAddress ?? ''),
      p.atc,
      (p.taxRate / 100).toFixed(2),
      ...p.monthlyIncome.map(pesos),
      pesos(p.income),
      pesos(p.tax),
    ];
  });
  const total = (pick: (p: PayeeWithholding) => number) => pesos(payees.reduce((s, p) => s + pick(p), 0));
  rows.push([
    '',
    '',
    'Total',
    '',
    '',
    '',
    total((p) => p.monthlyIncome[0]),
    total((p) => p.monthlyIncome[1]),
    total((p) => p.monthlyIncome[2]),
    total((p) => p.income),
    total((p) => p.tax),
  ]);
  const csv = stringify(rows, {
    header: true,
    columns: [
      'Seq',
      'TIN',
      'Payee name',
      'Registered address',
      'ATC',
      'Rate (%)',
      'Income month 1',
      'Income month 2',
      'Income month 3',
      'Income paid',
      'Tax withheld',
    ],
  });
  return { quarter: quarterKey(q), csv };
}
