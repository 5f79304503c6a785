// Staff work on payout requests: the queue, PENDING -> PROCESSING -> PAID (with the transfer
// reference) or REJECTED (points return: a rejected claim no longer counts against the balance),
// and a CSV of requests for the bank's bulk transfer. Each takes the acting staff user's id and
// records who did what and when. The back office (module `staff`) exposes these and checks the
// MANAGE_PAYOUTS permission; here only "is an active staff user" is enforced.
import { stringify } from 'csv-stringify/sync';
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import { bankName } from '../../../common/validation/bank';
import type { Database } from '../../db/client';
import type { ServiceContext } from '../../graphql/context';
import { DomainError } from '../../lib/domain-error';
import { getUser } from '../accounts/accounts.service';
import { payouts, type PayoutStatus } from './referrals.tables';
import type { PayoutRow } from './payouts.service';

export const PAYOUT_STAFF_MESSAGES = {
  staffOnly: 'Only staff can manage payouts.',
  notFound: 'Payout not found.',
  reference: 'Please enter the transfer reference.',
  transition: (from: string, to: string) => `A ${from} payout cannot become ${to}.`,
} as const;

/** Which status each staff move starts from. */
const MOVES: Record<'PROCESSING' | 'PAID' | 'REJECTED', PayoutStatus[]> = {
  PROCESSING: ['PENDING'],
  PAID: ['PROCESSING'],
  REJECTED: ['PENDING', 'PROCESSING'],
};

async function requireStaff(db: Database, staffUserId: number) {
  const staff = await getUser(db, staffUserId);
  if (!staff?.isStaff || !staff.isActive) throw new DomainError(PAYOUT_STAFF_MESSAGES.staffOnly);
  return staff;
}

/** The queue, oldest first (first come, first paid), keyset-paged on the id. */
export async function listPayoutQueue(
  ctx: ServiceContext,
  staffUserId: number,
  args: { statuses?: PayoutStatus[]; first?: number; afterId?: number | null } = {},
): Promise<PayoutRow[]> {
  await requireStaff(ctx.db, staffUserId);
  const statuses = args.statuses ?? ['PENDING', 'PROCESSING'];
  const conditions = [inArray(payouts.status, statuses)];
  if (args.afterId != null) conditions.push(gt(payouts.id, args.afterId));
  return ctx.db
    .select()
    .from(payouts)
    .where(and(...conditions))
    .orderBy(asc(payouts.id))
    .limit(Math.min(Math.max(args.first ?? 50, 1), 500));
}

async function move(
  ctx: ServiceContext,
  staffUserId: number,
  payoutId: number,
  to: keyof typeof MOVES,
  set: Partial<typeof payouts.$inferInsert>,
): Promise<PayoutRow> {
  return ctx.db.transaction(async (tx) => {
    await requireStaff(tx, staffUserId);
    // One conditional update: two staff moving the same request at once cannot both succeed.
    const [row] = await tx
      .update(payouts)
      .set(set)
      .where(and(eq(payouts.id, payoutId), inArray(payouts.status, MOVES[to])))
      .returning();
    if (row) return row;
    const [current] = await tx.select({ status: payouts.status }).from(payouts).where(eq(payouts.id, payoutId));
    if (!current) throw new DomainError(PAYOUT_STAFF_MESSAGES.notFound, 'id');
    throw new DomainError(PAYOUT_STAFF_MESSAGES.transition(current.status, to), 'status');
  });
}

export function markPayoutProcessing(ctx: ServiceContext, staffUserId: number, payoutId: number) {
  return move(ctx, staffUserId, payoutId, 'PROCESSING', { status: 'PROCESSING', processingAt: new Date(), processingBy: staffUserId });
}

export function markPayoutPaid(ctx: ServiceContext, staffUserId: number, payoutId: number, reference: string) {
  const ref = reference.trim();
  if (!ref) return Promise.reject(new DomainError(PAYOUT_STAFF_MESSAGES.reference, 'reference'));
  return move(ctx, staffUserId, payoutId, 'PAID', { status: 'PAID', paidAt: new Date(), paidBy: staffUserId, reference: ref.slice(0, 100) });
}

/** Rejecting returns the points: the balance counts only claims that were not rejected. */
export function rejectPayout(ctx: ServiceContext, staffUserId: number, payoutId: number, reason: string) {
  return move(ctx, staffUserId, payoutId, 'REJECTED', {
    status: 'REJECTED',
    rejectedAt: new Date(),
    rejectedBy: staffUserId,
    rejectReason: reason.trim().slice(0, 500) || null,
  });
}

/** A spreadsheet must not run a customer-typed cell as a formula. */
const noFormula = (v: string) => (/^[=+\-@\t\r]/.test(v) ? `'${v}` : v);
const pesos = (centavos: number) => (centavos / 100).toFixed(2);
const manilaTime = (d: Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Manila', dateStyle: 'short', timeStyle: 'medium', hour12: false }).format(d);

/**
 * The requests of these statuses (default: PROCESSING, the ones being sent) as CSV for the
 * bank's or GCash's bulk transfer upload, oldest first. Amounts in pesos, times in Manila.
 */
export async function exportPayoutsCsv(
  ctx: ServiceContext,
  staffUserId: number,
  args: { statuses?: PayoutStatus[] } = {},
): Promise<string> {
  await requireStaff(ctx.db, staffUserId);
  const rows = await ctx.db
    .select()
    .from(payouts)
    .where(inArray(payouts.status, args.statuses ?? ['PROCESSING']))
    .orderBy(asc(payouts.id));
  return stringify(
    rows.map((p) => [
      p.id,
      manilaTime(p.createdAt),
      p.type,
      p.status,
      p.bankCode ?? '',
      p.bankCode ? bankName(p.bankCode) : '',
      noFormula(p.accountName ?? ''),
      p.accountNumber ?? '',
      p.phoneNumber ?? '',
      p.points,
      pesos(p.transactionFee),
      pesos(p.tax),
      pesos(p.totalPayout),
    ]),
    {
      header: true,
      columns: ['Payout ID', 'Requested', 'Type', 'Status', 'Bank code', 'Bank', 'Account name', 'Account number', 'GCash number', 'Points', 'Fee', 'Tax', 'Amount'],
    },
  );
}

/** Counts by status, for the back office's badge. */
export async function payoutQueueCounts(ctx: ServiceContext, staffUserId: number): Promise<Record<PayoutStatus, number>> {
  await requireStaff(ctx.db, staffUserId);
  const rows = await ctx.db.select({ status: payouts.status, n: sql<number>`count(*)::int` }).from(payouts).groupBy(payouts.status);
  const counts: Record<PayoutStatus, number> = { PENDING: 0, PROCESSING: 0, PAID: 0, REJECTED: 0 };
  for (const r of rows) counts[r.status] = r.n;
  return counts;
}
