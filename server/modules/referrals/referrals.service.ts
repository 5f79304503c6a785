// The Commissioner programme's rules (docs/product/referrals.md):
// linking a commissioner with useReferralCode, the patrons and counts on `me`, reward accrual
// when a patron's order is fulfilled and paid (and its reversal), the rewards log and balances.
import { and, asc, count, desc, eq, gt, lt, sql, sum } from 'drizzle-orm';
import { formatPeso } from '../../../common/money';
import { ACCOUNT_MESSAGES } from '../../../common/validation/account';
import { referralCodeSchema } from '../../../common/validation/account-schemas';
import { validate } from '../../../common/validation/issues';
import type { ServiceContext } from '../../graphql/context';
import { parseRowId } from '../../graphql/node-key';
import { DomainError } from '../../lib/domain-error';
import { LOGIN_REQUIRED, getUser, type UserRow } from '../accounts/accounts.service';
import { contextLoader } from '../catalogue/catalogue.loaders';
import { firstRowOf } from '../../db/json-row';
import { paymentsOfOrder, type PaymentRow } from '../payments/payments.service';
import {
  ancestorsOf,
  childCounts,
  childrenOf,
  countLevel1,
  listLevel1,
  patronsOf,
  voucherCodeOf,
  type PatronRow,
} from './referral-tree';
import { linkCommissioner, REFERRAL_VOUCHER_CENTAVOS } from '../accounts/commissioner-link.service';
import { recordFlag, recordPurchaseOrigin, reviewFlaggedPurchase, samePersonReason, sharedOriginReason } from './referral-fraud.service';
import { referralSettingsOf } from './referral-settings.service';
import { referralRewards } from './referrals.tables';
import { InvalidCursorError } from '../../graphql/pagination';

export type { PatronRow };
export type RewardRow = typeof referralRewards.$inferSelect;

export const REFERRAL_LINKED = 'Commissioner linked';

function requireUser(ctx: ServiceContext) {
  if (!ctx.user) throw new DomainError(LOGIN_REQUIRED);
  return ctx.user;
}

// ---------------------------------------------------------------------------------------------
// useReferralCode

export type UseReferralCodeResult = { user: UserRow; parent: UserRow; voucherCode: string | null; response: string };

/**
 * Links the signed-in user to the commissioner whose code this is and gives the one-time ₱100
 * voucher, exactly as a sign-up with a Commissioner Key does, in one transaction. Refused for
 * an empty code, an unknown one, one's own, a descendant's, and once a parent exists.
 */
export async function useReferralCode(ctx: ServiceContext, input: { referralCode?: string | null }): Promise<UseReferralCodeResult> {
  const viewer = requireUser(ctx);
  const parsed = validate(referralCodeSchema, { referralCode: input.referralCode ?? '' });
  if (!parsed.ok) throw new DomainError(parsed.errors);
  const { referralCode } = parsed.data;
  return ctx.db.transaction(async (tx) => {
    const parent = await linkCommissioner(tx, viewer.id, referralCode, { issueVoucher: true });
    if (!parent) throw new DomainError(ACCOUNT_MESSAGES.referralCodeInvalid, 'referralCode');
    const user = await getUser(tx, viewer.id);
    if (!user) throw new DomainError(LOGIN_REQUIRED);
    return { user, parent, voucherCode: await voucherCodeOf(tx, viewer.id), response: REFERRAL_LINKED };
  });
}

// ---------------------------------------------------------------------------------------------
// Sharing

/** The text of what a Commissioner Key gives (docs/product/referrals.md#first-purchase-voucher: referralDiscount), from the voucher amount. */
export function referralDiscount(): string {
  return `${formatPeso(REFERRAL_VOUCHER_CENTAVOS)} discount on your first purchase`;
}

/** What the share link needs of the user's own row. */
export type OwnRow = Pick<UserRow, 'id' | 'isVerified' | 'referralCode'>;

/**
 * The signed-in user's share link: the shop with their code as signup_token. Only verified users
 * share (docs/product/referrals.md#sharing: unverified users see 'Not Verified'), so others and visitors get null.
 */
export async function referralRegistrationLink(ctx: ServiceContext, own?: OwnRow | null): Promise<string | null> {
  if (!ctx.user) return null;
  // The caller's copy of the user's row when it has one (the session's, as `me` answers it).
  const user = own?.id === ctx.user.id ? own : await getUser(ctx.db, ctx.user.id);
  if (!user?.isVerified) return null;
  return `${ctx.config.publicUrl}/?${new URLSearchParams({ signup_token: user.referralCode }).toString()}`;
}

// ---------------------------------------------------------------------------------------------
// Patrons: level 1 (paged) with their level 2, and the counts

export const REFERRALS_DEFAULT_PAGE = 99;
export const REFERRALS_MAX_PAGE = 100;

/** A patron as their commissioner's list shows them; level relative to the viewer. */
export type Referral = PatronRow & { level: 1 | 2 };

export type Page<T> = { rows: T[]; hasNextPage: boolean; hasPreviousPage: boolean; totalCount: number };

// One class for every keyset query, so one catch turns it into BAD_USER_INPUT.

const pageSize = (n: number | null | undefined, fallback: number) => Math.min(Math.max(n ?? fallback, 0), REFERRALS_MAX_PAGE);

export function encodeCursor(kind: string, id: number): string {
  return Buffer.from(`${kind}:${id}`).toString('base64url');
}

/** The row id in a cursor of this kind; InvalidCursorError for anything else. */
export function decodeCursor(kind: string, cursor: string | null | undefined): number | null {
  if (!cursor) return null;
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const id = text.startsWith(`${kind}:`) ? parseRowId(text.slice(kind.length + 1)) : null;
  if (id === null) throw new InvalidCursorError('Invalid cursor');
  return id;
}

/** The signed-in user's level 1 patrons, newest first. */
export async function listReferrals(
  ctx: ServiceContext,
  args: { first?: number | null; after?: string | null },
): Promise<Page<Referral>> {
  const viewer = ctx.user;
  if (!viewer) return { rows: [], hasNextPage: false, hasPreviousPage: false, totalCount: 0 };
  const afterId = decodeCursor('referral', args.after);
  const size = pageSize(args.first, REFERRALS_DEFAULT_PAGE);
  const [rows, totalCount] = await Promise.all([
    listLevel1(ctx.db, viewer.id, { limit: size + 1, beforeId: afterId }),
    countLevel1(ctx.db, viewer.id),
  ]);
  return {
    rows: rows.slice(0, size).map((r) => ({ ...r, level: 1 as const })),
    hasNextPage: rows.length > size,
    hasPreviousPage: afterId !== null,
    totalCount,
  };
}

/** The newest level 2 patrons under one of the viewer's level 1 patrons (batched per request). */
export async function levelTwoUnder(ctx: ServiceContext, patron: Referral, first: number | null | undefined): Promise<Referral[]> {
  // Only a level 1 patron's children are the viewer's patrons; deeper levels are nobody's concern.
  if (!ctx.user || patron.level !== 1 || patron.parentId !== ctx.user.id) return [];
  const limit = pageSize(first, REFERRALS_DEFAULT_PAGE);
  const loader = contextLoader<PatronRow[]>(ctx, `referrals:children:${limit}`, (ids) => childrenOf(ctx.db, ids, limit), () => []);
  return (await loader.load(patron.id)).map((r) => ({ ...r, level: 2 as const }));
}

/** How many patrons this patron brought in (for a level 1 patron: the viewer's level 2 under them). */
export async function referralsCountOf(ctx: ServiceContext, patron: Referral): Promise<number> {
  if (!ctx.user || patron.level !== 1 || patron.parentId !== ctx.user.id) return 0;
  return contextLoader<number>(ctx, 'referrals:child-counts', (ids) => childCounts(ctx.db, ids), () => 0).load(patron.id);
}

export async function level1ReferralCount(ctx: ServiceContext): Promise<number> {
  return ctx.user ? (await viewerFigures(ctx, ctx.user.id)).level1 : 0;
}

export async function level2ReferralCount(ctx: ServiceContext): Promise<number> {
  return ctx.user ? (await viewerFigures(ctx, ctx.user.id)).level2 : 0;
}

type ViewerFigures = { level1: number; level2: number; availablePoints: number };
const figuresByContext = new WeakMap<object, Promise<ViewerFigures>>();

/**
 * The signed-in user's level 1 and level 2 counts and claimable points, read once per request
 * in one statement: the account page and the referral panel ask all three together (four
 * statements before). The same figures as countLevel1, countLevel2 and pointsBalance.
 */
function viewerFigures(ctx: ServiceContext, userId: number): Promise<ViewerFigures> {
  let figures = figuresByContext.get(ctx);
  if (!figures) {
    figures = readViewerFigures(ctx, userId);
    figuresByContext.set(ctx, figures);
    // A failed read is not kept: the next field asks again.
    figures.catch(() => figuresByContext.delete(ctx));
  }
  return figures;
}

async function readViewerFigures(ctx: ServiceContext, userId: number): Promise<ViewerFigures> {
  const now = new Date();
  const row = firstRowOf(
    await ctx.db.execute(sql`select
      (select count(*) from users where parent_id = ${userId})::int as level1,
      (select count(*) from users u join users child on child.parent_id = u.id where u.parent_id = ${userId})::int as level2,
      (select coalesce(sum(points) filter (where available_at <= ${now}), 0) from referral_rewards where user_id = ${userId})::bigint
        - (select coalesce(sum(points), 0) from payouts where user_id = ${userId} and status <> 'REJECTED')::bigint as available`),
  );
  return { level1: Number(row?.level1 ?? 0), level2: Number(row?.level2 ?? 0), availablePoints: Number(row?.available ?? 0) };
}

// ---------------------------------------------------------------------------------------------
// Rewards

export type ReferralRates = { level1: number; level2: number };

/** The programme's rates in basis points (the settings row, else the 5% and 2% of docs/product/referrals.md#rewards). */
export async function referralRates(ctx: Pick<ServiceContext, 'db'>): Promise<ReferralRates> {
  const settings = await referralSettingsOf(ctx.db);
  return { level1: settings.level1Rate, level2: settings.level2Rate };
}

/** Whole points from a subtotal in centavos at a rate in basis points, rounded down. */
export function rewardPoints(subtotalCentavos: number, rateBasisPoints: number): number {
  // centavos × bp / 10,000 = centavos of reward; / 100 = pesos = points.
  return Math.floor((subtotalCentavos * rateBasisPoints) / 1_000_000);
}

/**
 * Whether the order's payment counts as received (docs/product/referrals.md#rewards): its active payment is
 * FULLY_CHARGED, or it is cash on delivery and the order was fulfilled (handed over, so the
 * cash was collected: the payments module has no separate "collected" state).
 */
export function isPaidForRewards(status: string, payments: readonly PaymentRow[]): boolean {
  const active = payments.find((p) => p.isActive) ?? payments[0];
  if (!active) return false;
  if (active.chargeStatus === 'FULLY_CHARGED') return true;
  // Cash on delivery is placed NOT_CHARGED and becomes CASH_ON_DELIVERY_PENDING as it ships, in the
  // fulfilment's transaction after this check runs (ADR 045): either way, handed over is collected.
  const cashOnDelivery = active.chargeStatus === 'CASH_ON_DELIVERY_PENDING' || (active.gateway === 'Cash on Delivery' && active.chargeStatus === 'NOT_CHARGED');
  return cashOnDelivery && status === 'FULFILLED';
}

/** What accrual needs of an order (the orders module passes its row). */
export type RewardableOrder = { id: number; userId: number; status: string; subtotal: number };

/**
 * Credits the buyer's parent (level 1) and grandparent (level 2) for a FULFILLED and paid
 * order, within the caller's transaction. Exactly once per order and level: a second call
 * (a trigger delivered twice, or the payment settling after fulfilment) inserts nothing.
 * The fraud rules apply here: a commissioner who looks like the patron under another account
 * gets nothing (flagged); a purchase from a crowded IP or device is held for staff review
 * (availableAt null); anything else becomes claimable when the refund window ends.
 * Returns the entries written by this call.
 */
export async function accrueOrderRewards(ctx: ServiceContext, order: RewardableOrder): Promise<RewardRow[]> {
  if (order.status !== 'FULFILLED') return [];
  if (!isPaidForRewards(order.status, await paymentsOfOrder(ctx, order.id))) return [];
  // Within the caller's transaction: one connection, one statement at a time.
  const ancestors = await ancestorsOf(ctx.db, order.userId);
  const settings = await referralSettingsOf(ctx.db, ctx.config.referralHoldDays);
  const candidates = [
    { level: 1, userId: ancestors.level1, rate: settings.level1Rate },
    { level: 2, userId: ancestors.level2, rate: settings.level2Rate },
  ].filter((e): e is { level: number; userId: number; rate: number } => e.userId !== null && rewardPoints(order.subtotal, e.rate) > 0);
  if (candidates.length === 0) return [];

  const eligible = [];
  for (const c of candidates) {
    const same = await samePersonReason(ctx.db, order.userId, c.userId);
    if (same) await recordFlag(ctx.db, { orderId: order.id, patronId: order.userId, commissionerId: c.userId, ...same });
    else eligible.push(c);
  }
  if (eligible.length === 0) return [];
  const crowded = await sharedOriginReason(ctx.db, order.id);
  if (crowded) await recordFlag(ctx.db, { orderId: order.id, patronId: order.userId, commissionerId: null, ...crowded });
  const availableAt = crowded ? null : new Date(Date.now() + settings.holdDays * 86_400_000);

  const entries = eligible.map((e) => ({
    userId: e.userId,
    patronId: order.userId,
    orderId: order.id,
    level: e.level,
    kind: 'EARNED' as const,
    points: rewardPoints(order.subtotal, e.rate),
    orderSubtotal: order.subtotal,
    rate: e.rate,
    availableAt,
  }));
  return ctx.db.insert(referralRewards).values(entries).onConflictDoNothing().returning();
}

/** Checkout completion records where each order came from (the shared-origin rule). */
export { recordPurchaseOrigin };

/** Staff decide a purchase held by the shared-origin rule (see referral-fraud.service.ts). */
export function reviewReferralFlag(ctx: ServiceContext, flagId: number, decision: 'APPROVED' | 'REJECTED') {
  return reviewFlaggedPurchase(ctx, flagId, decision, reverseOrderRewards);
}

/**
 * Reverses the order's rewards with negative entries (a refund), within the caller's
 * transaction; once per order and level however often it is called. A reversal takes effect
 * when its reward does (so a held reward reversed never touches the available balance).
 * The payment ledger calls it when the order's payment is refunded in whole and the money is
 * back (payment-events.service.ts), and staff's rejection of a flagged purchase.
 */
export async function reverseOrderRewards(ctx: ServiceContext, orderId: number): Promise<RewardRow[]> {
  const earned = await ctx.db
    .select()
    .from(referralRewards)
    .where(and(eq(referralRewards.orderId, orderId), eq(referralRewards.kind, 'EARNED')));
  if (earned.length === 0) return [];
  return ctx.db
    .insert(referralRewards)
    .values(
      earned.map(({ id: _id, createdAt: _createdAt, ...e }) => ({
        ...e,
        kind: 'REVERSED' as const,
        points: -e.points,
        // Already claimable: the reversal counts now; still held: it counts when the reward would.
        availableAt: e.availableAt && e.availableAt.getTime() < Date.now() ? new Date() : e.availableAt,
      })),
    )
    .onConflictDoNothing()
    .returning();
}

/** The signed-in user's claimable points: available rewards less payouts not rejected. */
export async function referralBalance(ctx: ServiceContext): Promise<number> {
  if (!ctx.user) return 0;
  return (await viewerFigures(ctx, ctx.user.id)).availablePoints;
}

/** Points the signed-in user earned from each of these patrons (batched per request). */
export function pointsFromPatron(ctx: ServiceContext, patronId: number): Promise<number> {
  const viewer = ctx.user;
  if (!viewer) return Promise.resolve(0);
  return contextLoader<number>(
    ctx,
    'referrals:points-from-patron',
    async (ids) => {
      const rows = await ctx.db
        .select({ patronId: referralRewards.patronId, total: sum(referralRewards.points) })
        .from(referralRewards)
        .where(and(eq(referralRewards.userId, viewer.id), sql`${referralRewards.patronId} = any(${`{${ids.join(',')}}`}::int[])`))
        .groupBy(referralRewards.patronId);
      return new Map(rows.map((r) => [r.patronId, Number(r.total ?? 0)]));
    },
    () => 0,
  ).load(patronId);
}

export const REWARD_LOGS_DEFAULT_PAGE = 10;

/** The signed-in user's reward entries, newest first, keyset-paged on the id. */
export async function listRewardLogs(
  ctx: ServiceContext,
  args: { first?: number | null; after?: string | null; last?: number | null; before?: string | null },
): Promise<Page<RewardRow>> {
  const viewer = ctx.user;
  if (!viewer) return { rows: [], hasNextPage: false, hasPreviousPage: false, totalCount: 0 };
  const afterId = decodeCursor('reward', args.after);
  const beforeId = decodeCursor('reward', args.before);
  const backwards = args.last != null && args.first == null;
  const size = pageSize(backwards ? args.last : args.first, REWARD_LOGS_DEFAULT_PAGE);
  const own = eq(referralRewards.userId, viewer.id);
  const conditions = [own];
  if (afterId !== null) conditions.push(lt(referralRewards.id, afterId));
  if (beforeId !== null) conditions.push(gt(referralRewards.id, beforeId));
  const [page, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(referralRewards)
      .where(and(...conditions))
      .orderBy(backwards ? asc(referralRewards.id) : desc(referralRewards.id))
      .limit(size + 1),
    ctx.db.select({ n: count() }).from(referralRewards).where(own),
  ]);
  const more = page.length > size;
  const rows = page.slice(0, size);
  if (backwards) rows.reverse();
  return {
    rows,
    hasNextPage: backwards ? beforeId !== null : more,
    hasPreviousPage: backwards ? more : afterId !== null,
    totalCount: total?.n ?? 0,
  };
}

/** The patron behind a log entry, if they are still the viewer's patron (batched per request). */
export async function rewardPatron(ctx: ServiceContext, entry: RewardRow): Promise<Referral | null> {
  const viewer = ctx.user;
  if (!viewer || entry.userId !== viewer.id) return null;
  const row = await contextLoader<PatronRow | null>(
    ctx,
    'referrals:patrons',
    (ids) => patronsOf(ctx.db, viewer.id, ids),
    () => null,
  ).load(entry.patronId);
  return row ? { ...row, level: row.parentId === viewer.id ? 1 : 2 } : null;
}
