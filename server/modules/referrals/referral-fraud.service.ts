// Fraud rules of the Commissioner programme (docs/product/referrals.md#rewards; ADR 016):
// - same person: no reward when the patron and the commissioner share a phone (saved
//   addresses), a GCash payout number, a bank account, or a verified saved card (brand and last 4 digits);
// - shared origin: a referred purchase is held for staff review when more than 3 referred
//   accounts bought from the same IP or device within 30 days;
// and the staff side: the flags, approving (rewards become available) or rejecting (reversed).
import { and, count, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { independentReads } from '../../db/independent-reads';
import type { ServiceContext } from '../../graphql/context';
import { DomainError } from '../../lib/domain-error';
import { addressPhonesOf, bankDetailsOf } from '../accounts/accounts.service';
import { sharedSavedCard } from '../payments/saved-cards/saved-card-owners.service';
import { logStaffAction, requirePermission } from '../system/staff-access.service';
import { referredBuyersFrom } from './referral-tree';
import { referralSettingsOf } from './referral-settings.service';
import { payouts, purchaseOrigins, referralFlags, referralRewards, type FlagReason } from './referrals.tables';

export type FlagRow = typeof referralFlags.$inferSelect;

export const SHARED_ORIGIN_WINDOW_DAYS = 30;
/** More than this many referred accounts from one IP or device flags the purchase. */
export const SHARED_ORIGIN_LIMIT = 3;

/** Records where an order was placed from, in checkout completion's transaction. */
export async function recordPurchaseOrigin(
  ctx: Pick<ServiceContext, 'db' | 'clientIp' | 'deviceId'>,
  order: { id: number; userId: number },
): Promise<void> {
  await ctx.db
    .insert(purchaseOrigins)
    .values({ orderId: order.id, userId: order.userId, ip: ctx.clientIp ?? null, deviceId: ctx.deviceId ?? null })
    .onConflictDoNothing();
}

/**
 * The "same saved card" rule: the card both users verified ("VISA ••••4242"), or null (see
 * payments' saved-card-owners.service for what identifies a card).
 */
export function sameSavedCard(db: Database, patronId: number, commissionerId: number): Promise<string | null> {
  return sharedSavedCard(db, patronId, commissionerId);
}

const mask = (value: string) => (value.length <= 6 ? '•••' : `${value.slice(0, 4)}•••${value.slice(-3)}`);

async function gcashNumbersOf(db: Database, userId: number): Promise<string[]> {
  const rows = await db
    .selectDistinct({ phone: payouts.phoneNumber })
    .from(payouts)
    .where(and(eq(payouts.userId, userId), eq(payouts.type, 'GCASH')));
  return rows.flatMap((r) => (r.phone ? [r.phone] : []));
}

/** Bank accounts a user saved or was paid to, as "CODE:number". */
async function bankAccountsOf(db: Database, userId: number): Promise<string[]> {
  const [saved, paid] = await independentReads(db, [
    () => bankDetailsOf(db, userId),
    () => db
      .selectDistinct({ code: payouts.bankCode, number: payouts.accountNumber })
      .from(payouts)
      .where(and(eq(payouts.userId, userId), eq(payouts.type, 'BANK'))),
  ]);
  const list = paid.flatMap((r) => (r.code && r.number ? [`${r.code}:${r.number}`] : []));
  if (saved) list.push(`${saved.bankCode}:${saved.accountNumber}`);
  return list;
}

const shared = (a: readonly string[], b: readonly string[]) => a.find((x) => b.includes(x)) ?? null;

/** Why the patron looks like the commissioner under another account, or null. */
export async function samePersonReason(db: Database, patronId: number, commissionerId: number): Promise<{ reason: FlagReason; detail: string } | null> {
  const [patronGcash, commissionerGcash, patronPhones, commissionerPhones, patronBanks, commissionerBanks] = await independentReads(db, [
    () => gcashNumbersOf(db, patronId),
    () => gcashNumbersOf(db, commissionerId),
    () => addressPhonesOf(db, patronId),
    () => addressPhonesOf(db, commissionerId),
    () => bankAccountsOf(db, patronId),
    () => bankAccountsOf(db, commissionerId),
  ]);
  const gcash = shared(patronGcash, commissionerGcash);
  if (gcash) return { reason: 'SAME_PERSON_GCASH', detail: mask(gcash) };
  // A GCash number is a phone number too.
  const phone = shared([...patronPhones, ...patronGcash], [...commissionerPhones, ...commissionerGcash]);
  if (phone) return { reason: 'SAME_PERSON_PHONE', detail: mask(phone) };
  const bank = shared(patronBanks, commissionerBanks);
  if (bank) return { reason: 'SAME_PERSON_BANK', detail: `${bank.split(':')[0]} ${mask(bank.split(':')[1] ?? '')}` };
  const card = await sameSavedCard(db, patronId, commissionerId);
  if (card) return { reason: 'SAME_PERSON_CARD', detail: card };
  return null;
}

/**
 * The shared-origin rule for an order: whether more than 3 referred accounts bought from its IP
 * or device in the 30 days up to now (the order's own buyer included).
 */
export async function sharedOriginReason(db: Database, orderId: number, now: Date = new Date()): Promise<{ reason: FlagReason; detail: string } | null> {
  const [origin] = await db.select().from(purchaseOrigins).where(eq(purchaseOrigins.orderId, orderId));
  if (!origin) return null;
  const since = new Date(now.getTime() - SHARED_ORIGIN_WINDOW_DAYS * 86_400_000);
  if (origin.ip && (await referredBuyersFrom(db, { column: 'ip', value: origin.ip }, since)) > SHARED_ORIGIN_LIMIT) {
    return { reason: 'SHARED_IP', detail: origin.ip };
  }
  if (origin.deviceId && (await referredBuyersFrom(db, { column: 'deviceId', value: origin.deviceId }, since)) > SHARED_ORIGIN_LIMIT) {
    return { reason: 'SHARED_DEVICE', detail: origin.deviceId };
  }
  return null;
}

/** Writes a flag once per order, reason and commissioner (a repeated trigger adds nothing). */
export async function recordFlag(
  db: Database,
  flag: { orderId: number; patronId: number; commissionerId: number | null; reason: FlagReason; detail: string },
): Promise<void> {
  await db.insert(referralFlags).values(flag).onConflictDoNothing();
}

// ---------------------------------------------------------------------------------------------
// Staff (MANAGE_PAYOUTS): the flagged purchases and their review

export const FLAG_MESSAGES = {
  notFound: 'Flagged purchase not found.',
  decided: 'This purchase was already reviewed.',
  notReviewable: 'Withheld rewards of the same person cannot be released.',
} as const;

/** Flags staff decide: the shared-origin rule's. SAME_PERSON_* withheld outright. */
export const REVIEWABLE_REASONS: readonly FlagReason[] = ['SHARED_IP', 'SHARED_DEVICE'];

export type FlagPage = { rows: FlagRow[]; hasNextPage: boolean; hasPreviousPage: boolean; totalCount: number };

/** Flags newest first, keyset-paged; `open`: only those awaiting review (shared-origin, undecided). */
export async function listFlaggedPurchases(
  ctx: ServiceContext,
  args: { open?: boolean | null; reasons?: readonly FlagReason[] | null; first?: number | null; afterId?: number | null } = {},
): Promise<FlagPage> {
  await requirePermission(ctx, 'MANAGE_PAYOUTS');
  const filter = [];
  if (args.open) filter.push(isNull(referralFlags.decision), inArray(referralFlags.reason, [...REVIEWABLE_REASONS]));
  if (args.reasons?.length) filter.push(inArray(referralFlags.reason, [...args.reasons]));
  const where = filter.length ? and(...filter) : undefined;
  const size = Math.min(Math.max(args.first ?? 25, 0), 100);
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(referralFlags)
      .where(args.afterId != null ? and(where, lt(referralFlags.id, args.afterId)) : where)
      .orderBy(desc(referralFlags.id))
      .limit(size + 1),
    ctx.db.select({ n: count() }).from(referralFlags).where(where),
  ]);
  return { rows: rows.slice(0, size), hasNextPage: rows.length > size, hasPreviousPage: args.afterId != null, totalCount: total?.n ?? 0 };
}

/** The rewards each flagged order earned (held, reversed or released), by order. */
export async function rewardsOfOrders(ctx: ServiceContext, orderIds: readonly number[]) {
  await requirePermission(ctx, 'MANAGE_PAYOUTS');
  const byOrder = new Map<number, (typeof referralRewards.$inferSelect)[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await ctx.db
    .select()
    .from(referralRewards)
    .where(inArray(referralRewards.orderId, [...new Set(orderIds)]))
    .orderBy(referralRewards.orderId, referralRewards.level, referralRewards.id);
  for (const row of rows) byOrder.set(row.orderId, [...(byOrder.get(row.orderId) ?? []), row]);
  return byOrder;
}

/**
 * Staff decide a shared-origin flag. APPROVED: the order's held rewards become available at the
 * end of their refund window (or now, if it has passed) unless another flag of the order is
 * still open. REJECTED: the rewards are reversed (withheld). One transaction, logged.
 */
export async function reviewFlaggedPurchase(
  ctx: ServiceContext,
  flagId: number,
  decision: 'APPROVED' | 'REJECTED',
  reverse: (ctx: ServiceContext, orderId: number) => Promise<unknown>,
): Promise<FlagRow> {
  const staff = await requirePermission(ctx, 'MANAGE_PAYOUTS');
  return ctx.db.transaction(async (tx) => {
    const [flag] = await tx.select().from(referralFlags).where(eq(referralFlags.id, flagId)).for('update');
    if (!flag) throw new DomainError(FLAG_MESSAGES.notFound, 'id');
    if (!REVIEWABLE_REASONS.includes(flag.reason)) throw new DomainError(FLAG_MESSAGES.notReviewable);
    if (flag.decision) throw new DomainError(FLAG_MESSAGES.decided);
    const [decided] = await tx
      .update(referralFlags)
      .set({ decision, decidedAt: new Date(), decidedBy: staff.id })
      .where(eq(referralFlags.id, flagId))
      .returning();
    await logStaffAction({ db: tx, user: staff }, { action: `referralFlag${decision === 'APPROVED' ? 'Approved' : 'Rejected'}`, subjectType: 'referralFlag', subjectId: flagId });
    if (decision === 'REJECTED') {
      await reverse({ ...ctx, db: tx }, flag.orderId);
    } else {
      const open = await tx
        .select({ id: referralFlags.id })
        .from(referralFlags)
        .where(and(eq(referralFlags.orderId, flag.orderId), isNull(referralFlags.decision), inArray(referralFlags.reason, [...REVIEWABLE_REASONS])));
      if (open.length === 0) {
        const { holdDays } = await referralSettingsOf(tx, ctx.config.referralHoldDays);
        await tx
          .update(referralRewards)
          .set({ availableAt: sql`greatest(now(), ${referralRewards.createdAt} + make_interval(days => ${holdDays}))` })
          .where(and(eq(referralRewards.orderId, flag.orderId), isNull(referralRewards.availableAt)));
      }
    }
    return decided!;
  });
}
