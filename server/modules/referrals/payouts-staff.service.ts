// Staff work on payout requests (MANAGE_PAYOUTS): the queue, PENDING -> PROCESSING -> PAID (with
// the transfer reference) or REJECTED (points return: a rejected claim no longer counts against
// the balance), and a CSV of requests for the bank's bulk transfer. Every function checks the
// permission itself; each move is one transaction that records who did it and when.
import { stringify } from 'csv-stringify/sync';
import { and, asc, count, desc, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import { payoutPaidSchema, payoutRejectSchema } from '../../../common/staff/payout-actions';
import { bankName } from '../../../common/validation/bank';
import { validate } from '../../../common/validation/issues';
import type { ServiceContext } from '../../graphql/context';
import { DomainError } from '../../lib/domain-error';
import { logStaffAction, requirePermission } from '../system/staff-access.service';
import { payouts, PAYOUT_STATUSES, type PayoutStatus } from './referrals.tables';
import type { PayoutRow } from './payouts.service';

export const PAYOUT_STAFF_MESSAGES = {
  notFound: 'Payout not found.',
  noneSelected: 'Please select at least one payout.',
  transition: (from: string, to: string) => `A ${from} payout cannot become ${to}.`,
} as const;

export const PAYOUT_QUEUE_DEFAULT_PAGE = 25;
const PAYOUT_QUEUE_MAX_PAGE = 100;
/** At most this many requests in one bulk move. */
export const PAYOUT_BULK_MAX = 100;

/** Which status each staff move starts from. */
const MOVES: Record<'PROCESSING' | 'PAID' | 'REJECTED', PayoutStatus[]> = {
  PROCESSING: ['PENDING'],
  PAID: ['PROCESSING'],
  REJECTED: ['PENDING', 'PROCESSING'],
};

const OPEN: readonly PayoutStatus[] = ['PENDING', 'PROCESSING'];

export type PayoutQueuePage = { rows: PayoutRow[]; hasNextPage: boolean; hasPreviousPage: boolean; totalCount: number };

/**
 * The queue, keyset-paged on the id in both directions. Open requests (PENDING, PROCESSING)
 * oldest first: first come, first paid; any list with closed ones newest first, as a history.
 */
export async function listPayoutQueue(
  ctx: ServiceContext,
  args: { statuses?: readonly PayoutStatus[] | null; first?: number | null; last?: number | null; afterId?: number | null; beforeId?: number | null } = {},
): Promise<PayoutQueuePage> {
  await requirePermission(ctx, 'MANAGE_PAYOUTS');
  const statuses = args.statuses?.length ? [...new Set(args.statuses)] : [...PAYOUT_STATUSES];
  const oldestFirst = statuses.every((s) => OPEN.includes(s));
  const backward = args.beforeId != null;
  const size = Math.min(Math.max((backward ? args.last : args.first) ?? PAYOUT_QUEUE_DEFAULT_PAGE, 0), PAYOUT_QUEUE_MAX_PAGE);
  const inFilter = inArray(payouts.status, statuses);
  const conditions = [inFilter];
  // "Later in the list" is a higher id when oldest first, a lower one when newest first.
  const later = (id: number) => (oldestFirst ? gt(payouts.id, id) : lt(payouts.id, id));
  const earlier = (id: number) => (oldestFirst ? lt(payouts.id, id) : gt(payouts.id, id));
  if (backward) conditions.push(earlier(args.beforeId!));
  else if (args.afterId != null) conditions.push(later(args.afterId));
  const ascending = oldestFirst !== backward;
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(payouts)
      .where(and(...conditions))
      .orderBy(ascending ? asc(payouts.id) : desc(payouts.id))
      .limit(size + 1),
    ctx.db.select({ n: count() }).from(payouts).where(inFilter),
  ]);
  const more = rows.length > size;
  const page = rows.slice(0, size);
  if (backward) page.reverse();
  return {
    rows: page,
    hasNextPage: backward ? true : more,
    hasPreviousPage: backward ? more : args.afterId != null,
    totalCount: total?.n ?? 0,
  };
}

async function move(
  ctx: ServiceContext,
  payoutId: number,
  to: keyof typeof MOVES,
  set: Partial<typeof payouts.$inferInsert>,
  note: string | null = null,
): Promise<PayoutRow> {
  const staff = await requirePermission(ctx, 'MANAGE_PAYOUTS');
  return ctx.db.transaction(async (db) => {
    // One conditional update: two staff moving the same request at once cannot both succeed.
    const [row] = await db
      .update(payouts)
      .set(set)
      .where(and(eq(payouts.id, payoutId), inArray(payouts.status, MOVES[to])))
      .returning();
    if (row) {
      await logStaffAction({ db, user: staff }, { action: `payout${to[0]}${to.slice(1).toLowerCase()}`, subjectType: 'payout', subjectId: row.id, note });
      return row;
    }
    const [current] = await db.select({ status: payouts.status }).from(payouts).where(eq(payouts.id, payoutId));
    if (!current) throw new DomainError(PAYOUT_STAFF_MESSAGES.notFound, 'id');
    throw new DomainError(PAYOUT_STAFF_MESSAGES.transition(current.status, to), 'status');
  });
}

export function markPayoutProcessing(ctx: ServiceContext, payoutId: number) {
  return move(ctx, payoutId, 'PROCESSING', { status: 'PROCESSING', processingAt: new Date(), processingBy: ctx.user?.id ?? null });
}

/**
 * Bulk PENDING -> PROCESSING in one statement: the requests still PENDING move, the others are
 * answered as errors (another staff member moved them first).
 */
export async function markPayoutsProcessing(ctx: ServiceContext, payoutIds: readonly number[]): Promise<{ moved: PayoutRow[]; errors: { field: string; message: string }[] }> {
  const staff = await requirePermission(ctx, 'MANAGE_PAYOUTS');
  const ids = [...new Set(payoutIds)];
  if (ids.length === 0) throw new DomainError(PAYOUT_STAFF_MESSAGES.noneSelected, 'ids');
  if (ids.length > PAYOUT_BULK_MAX) throw new DomainError(`Please select at most ${PAYOUT_BULK_MAX} payouts.`, 'ids');
  return ctx.db.transaction(async (db) => {
    const moved = await db
      .update(payouts)
      .set({ status: 'PROCESSING', processingAt: new Date(), processingBy: staff.id })
      .where(and(inArray(payouts.id, ids), eq(payouts.status, 'PENDING')))
      .returning();
    for (const row of moved) await logStaffAction({ db, user: staff }, { action: 'payoutProcessing', subjectType: 'payout', subjectId: row.id });
    const movedIds = new Set(moved.map((r) => r.id));
    const rest = ids.filter((id) => !movedIds.has(id));
    const current = rest.length ? await db.select({ id: payouts.id, status: payouts.status }).from(payouts).where(inArray(payouts.id, rest)) : [];
    const statusOf = new Map(current.map((r) => [r.id, r.status]));
    const errors = rest.map((id) => {
      const status = statusOf.get(id);
      return { field: 'ids', message: status ? `#${id}: ${PAYOUT_STAFF_MESSAGES.transition(status, 'PROCESSING')}` : `#${id}: ${PAYOUT_STAFF_MESSAGES.notFound}` };
    });
    return { moved: moved.sort((a, b) => a.id - b.id), errors };
  });
}

export async function markPayoutPaid(ctx: ServiceContext, payoutId: number, reference: string) {
  const input = validate(payoutPaidSchema, { reference });
  if (!input.ok) throw new DomainError(input.errors);
  const ref = input.data.reference;
  return move(ctx, payoutId, 'PAID', { status: 'PAID', paidAt: new Date(), paidBy: ctx.user?.id ?? null, reference: ref }, ref);
}

/** Rejecting returns the points: the balance counts only claims that were not rejected. */
export async function rejectPayout(ctx: ServiceContext, payoutId: number, reason: string) {
  const input = validate(payoutRejectSchema, { reason });
  if (!input.ok) throw new DomainError(input.errors);
  const why = input.data.reason;
  return move(ctx, payoutId, 'REJECTED', { status: 'REJECTED', rejectedAt: new Date(), rejectedBy: ctx.user?.id ?? null, rejectReason: why }, why);
}

/** A spreadsheet must not run a customer-typed cell as a formula. */
const noFormula = (v: string) => (/^[=+\-@\t\r]/.test(v) ? `'${v}` : v);
const pesos = (centavos: number) => (centavos / 100).toFixed(2);
const manilaTime = (d: Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Manila', dateStyle: 'short', timeStyle: 'medium', hour12: false }).format(d);

/** Rows in one CSV at most (a bank's bulk upload takes far fewer). */
const CSV_MAX_ROWS = 10_000;

/**
 * The requests of these statuses (default: PROCESSING, the ones being sent) as CSV for the
 * bank's or GCash's bulk transfer upload, oldest first. Amounts in pesos, times in Manila.
 */
export async function exportPayoutsCsv(ctx: ServiceContext, args: { statuses?: readonly PayoutStatus[] | null } = {}): Promise<string> {
  await requirePermission(ctx, 'MANAGE_PAYOUTS');
  const statuses = args.statuses?.length ? [...args.statuses] : (['PROCESSING'] as PayoutStatus[]);
  const rows = await ctx.db.select().from(payouts).where(inArray(payouts.status, statuses)).orderBy(asc(payouts.id)).limit(CSV_MAX_ROWS);
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
      noFormula(p.reference ?? ''),
    ]),
    {
      header: true,
      columns: ['Payout ID', 'Requested', 'Type', 'Status', 'Bank code', 'Bank', 'Account name', 'Account number', 'GCash number', 'Points', 'Fee', 'Tax', 'Amount', 'Reference'],
    },
  );
}

/** Counts by status, for the queue's tabs and the dashboard. */
export async function payoutQueueCounts(ctx: ServiceContext): Promise<Record<PayoutStatus, number>> {
  await requirePermission(ctx, 'MANAGE_PAYOUTS');
  const rows = await ctx.db.select({ status: payouts.status, n: sql<number>`count(*)::int` }).from(payouts).groupBy(payouts.status);
  const counts: Record<PayoutStatus, number> = { PENDING: 0, PROCESSING: 0, PAID: 0, REJECTED: 0 };
  for (const r of rows) counts[r.status] = r.n;
  return counts;
}
