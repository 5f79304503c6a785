// A commissioner's tax details (docs/decisions/051-withholding-on-payouts.md): the TIN and registered
// address they give for their withholding certificates, and the withholding rate staff set for
// them (5% once their sworn declaration is on file). A payout takes the commissioner's own rate,
// else the shop's (referral settings), and keeps the rate it used.
import { eq, inArray } from 'drizzle-orm';
import { COMMISSIONER_TAX_MESSAGES, commissionerRateSchema, commissionerTaxDetailsSchema } from '../../../common/compliance/commissioner-tax';
import { validate } from '../../../common/validation/issues';
import type { Database } from '../../db/client';
import type { ServiceContext } from '../../graphql/context';
import { DomainError } from '../../lib/domain-error';
import { getUser, requireUser } from '../accounts/accounts.service';
import { logStaffAction, requirePermission } from '../system/staff-access.service';
import { referralSettingsOf } from './referral-settings.service';
import { commissionerTaxDetails } from './referrals.tables';

export type CommissionerTax = typeof commissionerTaxDetails.$inferSelect;

/** The commissioner's row; null when they gave nothing and staff set nothing. */
export async function commissionerTaxOf(db: Database, userId: number): Promise<CommissionerTax | null> {
  const [row] = await db.select().from(commissionerTaxDetails).where(eq(commissionerTaxDetails.userId, userId));
  return row ?? null;
}

/** Rows of several commissioners in one query (certificates, the alphalist, the staff screen). */
export async function commissionerTaxesOf(db: Database, userIds: readonly number[]): Promise<Map<number, CommissionerTax>> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return new Map();
  const rows = await db.select().from(commissionerTaxDetails).where(inArray(commissionerTaxDetails.userId, ids));
  return new Map(rows.map((r) => [r.userId, r]));
}

/** The rate (basis points) a payout of this commissioner takes now: their own, else the shop's. */
export async function withholdingRateOf(db: Database, userId: number): Promise<{ rate: number; own: boolean }> {
  const own = (await commissionerTaxOf(db, userId))?.withholdingRate;
  if (own != null) return { rate: own, own: true };
  return { rate: (await referralSettingsOf(db)).payoutTaxRate, own: false };
}

/** The signed-in commissioner saves their TIN and registered address (both optional; empty clears). */
export async function saveCommissionerTaxDetails(
  ctx: ServiceContext,
  input: { tin?: string | null; registeredAddress?: string | null },
): Promise<CommissionerTax> {
  const viewer = requireUser(ctx);
  const parsed = validate(commissionerTaxDetailsSchema, {
    tin: input.tin ?? '',
    registeredAddress: input.registeredAddress ?? '',
  });
  if (!parsed.ok) throw new DomainError(parsed.errors);
  const values = {
    ...parsed.data.tin,
    registeredAddress: parsed.data.registeredAddress,
    updatedAt: new Date(),
  };
  const [row] = await ctx.db
    .insert(commissionerTaxDetails)
    .values({ userId: viewer.id, ...values })
    .onConflictDoUpdate({ target: commissionerTaxDetails.userId, set: values })
    .returning();
  return row!;
}

/**
 * Staff (MANAGE_PAYOUTS) set one commissioner's rate, percent (null: the shop's rate again), with
 * a note of why (the sworn declaration received). Later payouts take it; earlier ones keep theirs.
 */
export async function staffSetCommissionerWithholdingRate(
  ctx: ServiceContext,
  userId: number,
  input: { percentage: number | null; note?: string | null },
): Promise<CommissionerTax> {
  await requirePermission(ctx, 'MANAGE_PAYOUTS');
  const parsed = validate(commissionerRateSchema, {
    percentage: input.percentage,
    note: input.note ?? '',
  });
  if (!parsed.ok) throw new DomainError(parsed.errors);
  const rate = parsed.data.percentage === null ? null : Math.round(parsed.data.percentage * 100);
  return ctx.db.transaction(async (db) => {
    if (!(await getUser(db, userId))) throw new DomainError(COMMISSIONER_TAX_MESSAGES.notFound, 'userId');
    const values = {
      withholdingRate: rate,
      withholdingRateNote: parsed.data.note,
      updatedAt: new Date(),
    };
    const [row] = await db
      .insert(commissionerTaxDetails)
      .values({ userId, ...values })
      .onConflictDoUpdate({
        target: commissionerTaxDetails.userId,
        set: values,
      })
      .returning();
    await logStaffAction(
      { db, user: ctx.user },
      {
        action: 'commissionerWithholdingRate',
        subjectType: 'user',
        subjectId: userId,
        note: JSON.stringify({ rate, note: parsed.data.note }),
      },
    );
    return row!;
  });
}
