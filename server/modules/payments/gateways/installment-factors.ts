// The installment factor table (docs/product/catalogue.md#installment-calculators) as the storefront's calculators read it:
// staff's rows over the interest-free default, with when staff last changed them.
import { asc } from 'drizzle-orm';
import { DEFAULT_INSTALLMENT_FACTORS, FACTOR_SCALE, type InstallmentFactor } from '../../../../common/catalogue/installment-factors';
import type { ServiceContext } from '../../../graphql/context';
import { installmentFactors } from '../payments.tables';

export type InstallmentFactorTable = {
  factors: InstallmentFactor[];
  /** When staff last saved the table; null while it is the default. */
  updatedAt: Date | null;
};

export async function installmentFactorTable(ctx: Pick<ServiceContext, 'db'>): Promise<InstallmentFactorTable> {
  const rows = await ctx.db.select().from(installmentFactors).orderBy(asc(installmentFactors.term));
  const stored = new Map(rows.map((r) => [r.term, r.factorTenThousandths / FACTOR_SCALE]));
  const updatedAt = rows.reduce<Date | null>((latest, r) => (!latest || r.updatedAt > latest ? r.updatedAt : latest), null);
  return { factors: DEFAULT_INSTALLMENT_FACTORS.map((d) => ({ term: d.term, factor: stored.get(d.term) ?? d.factor })), updatedAt };
}
