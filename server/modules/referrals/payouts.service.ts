// Payouts of the Commissioner programme (docs/product/referrals.md#payouts): a commissioner claims their whole
// available balance (at least 500 points) to GCash or their saved bank account; ₱25 fee and the
// expanded withholding tax (docs/decisions/051-withholding-on-payouts.md: the commissioner's own rate, else the
// shop's) come off, and the payout keeps the rate it used. Staff move requests PENDING -> PROCESSING -> PAID, or
// REJECTED (the points return to the balance because a rejected claim no longer counts).
import { and, asc, desc, eq, gte, lt, ne, sql, sum } from 'drizzle-orm';
import { PAYOUT_FEE_CENTAVOS, PAYOUT_MESSAGES, PAYOUT_MINIMUM_POINTS } from '../../../common/validation/payout';
import { payoutRequestSchema } from '../../../common/validation/payout-schema';
import { validate } from '../../../common/validation/issues';
import type { Database } from '../../db/client';
import { independentReads } from '../../db/independent-reads';
import type { ServiceContext } from '../../graphql/context';
import { DomainError } from '../../lib/domain-error';
import { LOGIN_REQUIRED, bankDetailsOf, getUser, type UserRow } from '../accounts/accounts.service';
import { withholdingRateOf } from './commissioner-tax.service';
import { payouts, referralRewards, type PayoutStatus, type PayoutType } from './referrals.tables';

export type PayoutRow = typeof payouts.$inferSelect;

// One claim at a time per user: the balance is read and the claim written under this lock, so
// two requests at the same moment cannot both spend the same points.
const PAYOUT_LOCK = 0x5c_1e_0016;

/** Points a user may claim now, and points still held (refund window or staff review). */
export type PointsBalance = { available: number; held: number };

/**
 * When held points free up: the earliest date a held reward becomes claimable (the end of its
 * order's refund window), and the points held for staff's review, which have no date.
 */
export async function heldPointsRelease(db: Database, userId: number, now: Date = new Date()): Promise<{ nextFreeAt: Date | null; underReview: number }> {
  const [row] = await db
    .select({
      nextFreeAt: sql<string | Date | null>`min(${referralRewards.availableAt}) filter (where ${referralRewards.availableAt} > ${now} and ${referralRewards.points} > 0)`,
      underReview: sql<string | null>`sum(${referralRewards.points}) filter (where ${referralRewards.availableAt} is null)`,
    })
    .from(referralRewards)
    .where(eq(referralRewards.userId, userId));
  return { nextFreeAt: row?.nextFreeAt ? new Date(row.nextFreeAt) : null, underReview: Math.max(Number(row?.underReview ?? 0), 0) };
}

/** The balance from the ledger less every claim that was not rejected. */
export async function pointsBalance(db: Database, userId: number, now: Date = new Date()): Promise<PointsBalance> {
  const [[rewards], [claimed]] = await independentReads(db, [
    () => db
      .select({
        available: sql<string | null>`sum(${referralRewards.points}) filter (where ${referralRewards.availableAt} <= ${now})`,
        held: sql<string | null>`sum(${referralRewards.points}) filter (where ${referralRewards.availableAt} is null or ${referralRewards.availableAt} > ${now})`,
      })
      .from(referralRewards)
      .where(eq(referralRewards.userId, userId)),
    () => db
      .select({ total: sum(payouts.points) })
      .from(payouts)
      .where(and(eq(payouts.userId, userId), ne(payouts.status, 'REJECTED'))),
  ]);
  return {
    available: Number(rewards?.available ?? 0) - Number(claimed?.total ?? 0),
    held: Math.max(Number(rewards?.held ?? 0), 0),
  };
}

/**
 * What a claim of `points` pays out, in centavos: the tax is `taxRate` basis points of the gross
 * (points × ₱1), rounded to the nearest centavo (half up), in integers so no float rounds it.
 */
export function payoutAmounts(points: number, taxRate: number) {
  const gross = points * 100;
  // gross × rate / 10,000 = points × rate / 100 centavos.
  const tax = Math.floor((points * taxRate + 50) / 100);
  return { transactionFee: PAYOUT_FEE_CENTAVOS, tax, taxRate, totalPayout: gross - PAYOUT_FEE_CENTAVOS - tax };
}

/**
 * claimPayout: the signed-in user's whole available balance, in one transaction under a
 * per-user lock. GCASH needs a +63 number; BANK the saved bank details (copied onto the request,
 * so a later change does not redirect money already requested).
 */
export async function claimPayout(
  ctx: ServiceContext,
  input: { type?: string | null; phoneNumber?: string | null },
): Promise<{ user: UserRow; payout: PayoutRow }> {
  const viewer = ctx.user;
  if (!viewer) throw new DomainError(LOGIN_REQUIRED);
  const parsed = validate(payoutRequestSchema, { type: input.type ?? 'BANK', phoneNumber: input.phoneNumber });
  if (!parsed.ok) throw new DomainError(parsed.errors);
  const request = parsed.data;
  return ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${PAYOUT_LOCK}, ${viewer.id})`);
    const { available } = await pointsBalance(tx, viewer.id);
    if (available < PAYOUT_MINIMUM_POINTS) throw new DomainError(PAYOUT_MESSAGES.minimum);
    const bank = request.type === 'BANK' ? await bankDetailsOf(tx, viewer.id) : null;
    if (request.type === 'BANK' && !bank) throw new DomainError(PAYOUT_MESSAGES.bankDetails, 'type');
    const { rate } = await withholdingRateOf(tx, viewer.id);
    const [payout] = await tx
      .insert(payouts)
      .values({
        userId: viewer.id,
        type: request.type,
        points: available,
        ...payoutAmounts(available, rate),
        phoneNumber: request.phoneNumber,
        bankCode: bank?.bankCode ?? null,
        accountName: bank?.accountName ?? null,
        accountNumber: bank?.accountNumber ?? null,
      })
      .returning();
    const user = await getUser(tx, viewer.id);
    if (!user || !payout) throw new DomainError(LOGIN_REQUIRED);
    return { user, payout };
  });
}

export const PAYOUTS_DEFAULT_PAGE = 50;
const PAYOUTS_MAX_PAGE = 100;

/** A user's payouts, newest first, keyset-paged on the id (`afterId` from the cursor). */
export async function payoutsOf(db: Database, userId: number, args: { first?: number | null; afterId: number | null }) {
  const size = Math.min(Math.max(args.first ?? PAYOUTS_DEFAULT_PAGE, 0), PAYOUTS_MAX_PAGE);
  const own = eq(payouts.userId, userId);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(payouts)
      .where(args.afterId === null ? own : and(own, lt(payouts.id, args.afterId)))
      .orderBy(desc(payouts.id))
      .limit(size + 1),
    db.select({ n: sql<number>`count(*)::int` }).from(payouts).where(own),
  ]);
  return { rows: rows.slice(0, size), hasNextPage: rows.length > size, hasPreviousPage: args.afterId !== null, totalCount: total?.n ?? 0 };
}

export type PayoutSummary = {
  availablePoints: number;
  heldPoints: number;
  /** When the first of the held points can be claimed; null when none waits on a date. */
  heldPointsNextFreeAt: Date | null;
  /** Held points waiting for staff's review of the purchase: they have no date. */
  pointsUnderReview: number;
  /** Centavos requested and not yet paid (PENDING or PROCESSING). */
  pendingPayout: number;
  /** Centavos paid out. */
  claimedPayout: number;
  minimumPoints: number;
  transactionFee: number;
  /** The withholding rate a request made now takes (basis points): the commissioner's own, else the shop's. */
  taxRate: number;
};

/** The summary cards of the Payouts page. */
export async function payoutSummary(db: Database, userId: number): Promise<PayoutSummary> {
  const [balance, release, [totals], withholding] = await Promise.all([
    pointsBalance(db, userId),
    heldPointsRelease(db, userId),
    db
      .select({
        pending: sql<string | null>`sum(${payouts.totalPayout}) filter (where ${payouts.status} in ('PENDING', 'PROCESSING'))`,
        paid: sql<string | null>`sum(${payouts.totalPayout}) filter (where ${payouts.status} = 'PAID')`,
      })
      .from(payouts)
      .where(eq(payouts.userId, userId)),
    withholdingRateOf(db, userId),
  ]);
  return {
    availablePoints: balance.available,
    heldPoints: balance.held,
    heldPointsNextFreeAt: balance.held > 0 ? release.nextFreeAt : null,
    pointsUnderReview: Math.min(release.underReview, balance.held),
    pendingPayout: Number(totals?.pending ?? 0),
    claimedPayout: Number(totals?.paid ?? 0),
    minimumPoints: PAYOUT_MINIMUM_POINTS,
    transactionFee: PAYOUT_FEE_CENTAVOS,
    taxRate: withholding.rate,
  };
}

/** A paid payout as withholding reports read it: when it was paid, the gross, the tax and its rate. */
export type PaidPayout = { id: number; userId: number; paidAt: Date; points: number; tax: number; taxRate: number };

/**
 * Payouts marked PAID with `paidAt` in [from, to), oldest first, of one commissioner or all: the
 * income paid for withholding certificates and the alphalist (docs/decisions/051-withholding-on-payouts.md).
 * A rejected payout was never paid, so it never counts.
 */
export async function paidPayoutsIn(db: Database, args: { from?: Date; to?: Date; userId?: number }): Promise<PaidPayout[]> {
  const conditions = [eq(payouts.status, 'PAID')];
  if (args.from) conditions.push(gte(payouts.paidAt, args.from));
  if (args.to) conditions.push(lt(payouts.paidAt, args.to));
  if (args.userId !== undefined) conditions.push(eq(payouts.userId, args.userId));
  const rows = await db
    .select({ id: payouts.id, userId: payouts.userId, paidAt: payouts.paidAt, points: payouts.points, tax: payouts.tax, taxRate: payouts.taxRate })
    .from(payouts)
    .where(and(...conditions))
    .orderBy(asc(payouts.paidAt), asc(payouts.id));
  return rows.map((r) => ({ ...r, paidAt: r.paidAt! }));
}

export type { PayoutStatus, PayoutType };
