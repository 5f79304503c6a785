// Watchlist rules: a signed-in customer's watched products (one entry per product), whether a
// product is watched (batched per request), and the back-in-stock alerts owed to watchers.
import { encodeGlobalID } from '@pothos/plugin-relay';
import { and, asc, count, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { preparedAnywhere } from '../../db/prepared-anywhere';
import type { ServiceContext } from '../../graphql/context';
import { DomainError } from '../../lib/domain-error';
import { getUser, requireUser } from '../accounts/accounts.service';
import { contextLoader } from '../catalogue/catalogue.loaders';
import { getProducts } from '../catalogue/catalogue.service';
import { backInStockEmail } from '../notifications/email-templates';
import { sendEmail } from '../notifications/notifications.service';
import { watchlist } from './watchlist.tables';

export type WatchlistRow = typeof watchlist.$inferSelect;

export const WATCHLIST_MESSAGES = {
  productNotFound: 'Product not found.',
  itemNotFound: 'Watchlist item not found.',
} as const;

/**
 * The customer's marks on some products (one on a product page and its fill, 20 on a listing):
 * built once (see preparedAnywhere), the ids one array parameter, so any number is one statement.
 */
const watchedAmong = preparedAnywhere((db) =>
  db
    .select({ productId: watchlist.productId })
    .from(watchlist)
    .where(and(eq(watchlist.userId, sql.placeholder('userId')), sql`${watchlist.productId} = any(${sql.placeholder('productIds')}::int[])`))
    .prepare('suki_watchlist_among'),
);

/** Whether the signed-in customer watches each product: one statement per request, whatever the listing. */
export function watchedProductLoader(ctx: ServiceContext) {
  return contextLoader<boolean>(
    ctx,
    'watchedProduct',
    async (productIds) => {
      const userId = ctx.user?.id;
      if (userId === undefined) return new Map();
      const rows = await watchedAmong(ctx.db).execute({ userId, productIds: [...productIds] });
      return new Map(rows.map((r) => [r.productId, true]));
    },
    () => false,
  );
}

/**
 * Puts a published product on the customer's watchlist. Adding one already there answers the
 * existing entry (a double click makes no second row: the unique index decides).
 */
export async function addToWatchlist(ctx: ServiceContext, productId: number | null): Promise<WatchlistRow> {
  const user = requireUser(ctx);
  const [product] = productId === null ? [] : await getProducts(ctx, [productId]);
  if (!product?.isPublished) throw new DomainError(WATCHLIST_MESSAGES.productNotFound, 'productId');
  const [inserted] = await ctx.db
    .insert(watchlist)
    .values({ userId: user.id, productId: product.id })
    .onConflictDoNothing({ target: [watchlist.userId, watchlist.productId] })
    .returning();
  const row =
    inserted ??
    (await ctx.db
      .select()
      .from(watchlist)
      .where(and(eq(watchlist.userId, user.id), eq(watchlist.productId, product.id)))
      .then((rows) => rows[0]));
  if (!row) throw new Error(`watchlist entry of user ${user.id} for product ${product.id} vanished`);
  watchedProductLoader(ctx).clear(product.id).prime(product.id, true);
  return row;
}

/**
 * Takes an entry off the customer's watchlist, by its id or by its product. Someone else's
 * entry is answered as not found, like one that does not exist.
 */
export async function removeFromWatchlist(
  ctx: ServiceContext,
  target: { watchlistId: number | null } | { productId: number | null },
): Promise<WatchlistRow> {
  const user = requireUser(ctx);
  const condition =
    'watchlistId' in target
      ? target.watchlistId === null
        ? null
        : eq(watchlist.id, target.watchlistId)
      : target.productId === null
        ? null
        : eq(watchlist.productId, target.productId);
  const [removed] = condition
    ? await ctx.db
        .delete(watchlist)
        .where(and(condition, eq(watchlist.userId, user.id)))
        .returning()
    : [];
  if (!removed) throw new DomainError(WATCHLIST_MESSAGES.itemNotFound, 'watchlistId');
  watchedProductLoader(ctx).clear(removed.productId).prime(removed.productId, false);
  return removed;
}

/** The signed-in customer's entries, newest first. */
export async function listWatchlist(ctx: ServiceContext, page: { limit: number; offset: number }): Promise<WatchlistRow[]> {
  if (!ctx.user) return [];
  return ctx.db
    .select()
    .from(watchlist)
    .where(eq(watchlist.userId, ctx.user.id))
    .orderBy(desc(watchlist.createdAt), desc(watchlist.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function countWatchlist(ctx: ServiceContext): Promise<number> {
  if (!ctx.user) return 0;
  const [row] = await ctx.db.select({ n: count() }).from(watchlist).where(eq(watchlist.userId, ctx.user.id));
  return row?.n ?? 0;
}

/** The signed-in customer's entries with these ids (node(id)): anyone else's are left out. */
export async function getOwnEntries(ctx: ServiceContext, ids: number[]): Promise<WatchlistRow[]> {
  if (!ctx.user || ids.length === 0) return [];
  return ctx.db
    .select()
    .from(watchlist)
    .where(and(inArray(watchlist.id, ids), eq(watchlist.userId, ctx.user.id)));
}

// ---------------------------------------------------------------------------------------------
// Back-in-stock alerts (docs/product/catalogue.md#watchlist; docs/decisions/015-watchlist.md)

/**
 * Marks every watch of these products as owed an alert. Call it inside the transaction that
 * returned the stock, with the products catalogue.releaseStock reported as back in stock: the
 * mark commits (or rolls back) with the stock itself.
 */
export async function markBackInStock(ctx: Pick<ServiceContext, 'db'>, productIds: readonly number[]): Promise<void> {
  if (productIds.length === 0) return;
  await ctx.db
    .update(watchlist)
    .set({ backInStockAt: sql`now()` })
    .where(and(inArray(watchlist.productId, [...productIds]), sql`${watchlist.backInStockAt} IS NULL`));
}

/** Alerts claimed per call; the rest wait for the next call. */
const ALERT_BATCH = 500;

/**
 * Sends the back-in-stock emails owed (after the marking transaction committed). Each watch is
 * claimed first (its mark cleared in one statement, rows locked by another sender skipped), so
 * an alert goes out once even when two processes deliver at the same time. Failures are
 * logged, never thrown: the stock change that caused them already succeeded. Answers how many
 * emails were sent.
 */
export async function sendBackInStockAlerts(ctx: Pick<ServiceContext, 'db' | 'config' | 'log'>): Promise<number> {
  try {
    const pending = ctx.db
      .select({ id: watchlist.id })
      .from(watchlist)
      .where(isNotNull(watchlist.backInStockAt))
      .orderBy(asc(watchlist.backInStockAt))
      .limit(ALERT_BATCH)
      .for('update', { skipLocked: true });
    const claimed = await ctx.db
      .update(watchlist)
      .set({ backInStockAt: null, alertedAt: sql`now()` })
      .where(and(inArray(watchlist.id, pending), isNotNull(watchlist.backInStockAt)))
      .returning();
    if (claimed.length === 0) return 0;

    const serviceCtx = { ...ctx, user: null, requestId: 'back-in-stock' };
    const products = new Map((await getProducts(serviceCtx, [...new Set(claimed.map((w) => w.productId))])).map((p) => [p.id, p]));
    let sent = 0;
    for (const watch of claimed) {
      const product = products.get(watch.productId);
      const user = await getUser(ctx.db, watch.userId);
      if (!product?.isPublished || !user) continue;
      await sendEmail(
        ctx,
        backInStockEmail({
          to: user.email,
          firstName: user.firstName,
          productName: product.name,
          productUrl: `${ctx.config.publicUrl}/product/${encodeURIComponent(encodeGlobalID('Product', product.id))}`,
          watchlistUrl: `${ctx.config.publicUrl}/account/watchlist`,
        }),
      );
      sent += 1;
    }
    return sent;
  } catch (error) {
    ctx.log.error({ err: error }, 'back-in-stock alerts not sent');
    return 0;
  }
}
