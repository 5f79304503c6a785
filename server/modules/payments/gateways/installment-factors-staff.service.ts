// Staff edit the buy-now-pay-later provider's installment factors (MANAGE_PAYMENTS, with the
// gateways): all 12 terms at once, each 1.0 to 3.0, in one transaction with its log entry.
import { sql } from 'drizzle-orm';
import { FACTOR_SCALE, INSTALLMENT_FACTOR_MESSAGE } from '../../../../common/catalogue/installment-factors';
import { installmentFactorsSchema } from '../../../../common/catalogue/installment-factors-schema';
import { validate } from '../../../../common/validation/issues';
import type { ServiceContext } from '../../../graphql/context';
import { DomainError } from '../../../lib/domain-error';
import { logStaffAction, requirePermission } from '../../system/staff-access.service';
import { installmentFactorTable, type InstallmentFactorTable } from './installment-factors';
import { installmentFactors } from '../payments.tables';

export async function updateInstallmentFactors(ctx: ServiceContext, input: unknown): Promise<InstallmentFactorTable> {
  await requirePermission(ctx, 'MANAGE_PAYMENTS');
  const parsed = validate(installmentFactorsSchema, input);
  // Every rule has the same message; the whole table is the field the form marks.
  if (!parsed.ok) throw new DomainError(INSTALLMENT_FACTOR_MESSAGE, 'factors');
  const now = new Date();
  await ctx.db.transaction(async (db) => {
    // One statement for the 12 rows: one change notification, one cache generation.
    await db
      .insert(installmentFactors)
      .values(parsed.data.map((r) => ({ term: r.term, factorTenThousandths: Math.round(r.factor * FACTOR_SCALE), updatedAt: now })))
      .onConflictDoUpdate({
        target: installmentFactors.term,
        set: { factorTenThousandths: sql`excluded.factor_ten_thousandths`, updatedAt: now },
      });
    await logStaffAction(
      { ...ctx, db },
      { action: 'installmentFactorsUpdate', subjectType: 'installmentFactors', subjectId: 1, note: parsed.data.map((r) => `${r.term}:${r.factor}`).join(' ') },
    );
  });
  return installmentFactorTable(ctx);
}
