// Cart lines: adding, setting and removing lines within the stock left, and what follows a change.
import { and, eq, sql } from 'drizzle-orm';
import { preparedAnywhere } from '../../db/prepared-anywhere';
import type { ServiceContext } from '../../graphql/context';
import { DomainError } from '../../lib/domain-error';
import { stockClampText } from '../../../common/catalogue/stock';
import { getVariantSnapshots, type VariantSnapshot } from '../catalogue/catalogue.service';
import { clearCheckoutPayment } from '../payments/payments.service';
import {
  CHECKOUT_MESSAGES,
  freshView,
  lockOwnCheckout,
  MAX_LINE_QUANTITY,
  requireUser,
  touch,
  viewAfterWrite,
  type CheckoutRow,
  type CheckoutView,
  type LineAdjustment,
  type LineInput,
} from './checkout.service';
import { checkoutLines, checkouts } from './checkout.tables';
import { referralVoucherOf } from './vouchers.service';

function checkLineInputs(lines: readonly LineInput[], allowZero: boolean): void {
  for (const line of lines) {
    if (!Number.isInteger(line.variantId) || line.variantId <= 0) {
      throw new DomainError(CHECKOUT_MESSAGES.selectVariant, 'variantId');
    }
    if (!Number.isInteger(line.quantity) || line.quantity < (allowZero ? 0 : 1) || line.quantity > MAX_LINE_QUANTITY) {
      throw new DomainError(CHECKOUT_MESSAGES.enterQuantity, 'quantity');
    }
  }
}

/**
 * Refuses lines of unknown variants, and of unavailable ones with the rulebook's 'Out of stock.'; a
 * line asking for more than is left is set to what can be bought, and says so.
 */
async function fitToStock(
  ctx: ServiceContext,
  lines: readonly LineInput[],
): Promise<{ lines: LineInput[]; adjustments: LineAdjustment[]; snapshots: Map<number, VariantSnapshot> }> {
  const wanted = lines.filter((l) => l.quantity > 0);
  const snapshots = await getVariantSnapshots(
    ctx,
    wanted.map((l) => l.variantId),
  );
  const adjustments: LineAdjustment[] = [];
  const fitted = lines.map((line) => {
    if (line.quantity === 0) return line;
    const variant = snapshots.get(line.variantId);
    if (!variant) throw new DomainError(CHECKOUT_MESSAGES.selectVariant, 'variantId');
    const left = variant.isAvailable ? variant.stockQuantity : 0;
    if (left <= 0) throw new DomainError(CHECKOUT_MESSAGES.outOfStock, 'quantity');
    if (line.quantity <= left) return line;
    adjustments.push({ variantId: line.variantId, requested: line.quantity, quantity: left, message: stockClampText(left) });
    return { variantId: line.variantId, quantity: left };
  });
  return { lines: fitted, adjustments, snapshots };
}

// The add to cart's fixed statements, built once (see preparedAnywhere).
const linesOf = preparedAnywhere((db) =>
  db.select().from(checkoutLines).where(eq(checkoutLines.checkoutId, sql.placeholder('checkoutId'))).prepare('suki_checkout_lines'),
);
const upsertCart = preparedAnywhere((db) =>
  db
    .insert(checkouts)
    .values({ userId: sql.placeholder('userId'), email: sql.placeholder('email') })
    .onConflictDoUpdate({ target: checkouts.userId, set: { userId: sql`excluded.user_id` } })
    .returning()
    .prepare('suki_checkout_upsert'),
);

/**
 * Adds (or, with replace, sets) quantities; 0 removes a line. Runs in the caller's transaction.
 * Returns the lines that were set to the stock left instead of the quantity asked for.
 */
async function applyLines(
  ctx: ServiceContext,
  checkoutId: number,
  lines: readonly LineInput[],
  replace: boolean,
): Promise<{ adjustments: LineAdjustment[]; lineCount: number; snapshots: Map<number, VariantSnapshot> }> {
  const existing = await linesOf(ctx.db).execute({ checkoutId });
  const byVariant = new Map(existing.map((l) => [l.variantId, l]));
  // The same variant twice in one request counts once, with the quantities added.
  const merged = new Map<number, number>();
  for (const line of lines) merged.set(line.variantId, (merged.get(line.variantId) ?? 0) + line.quantity);
  const asked: LineInput[] = [...merged].map(([variantId, quantity]) => {
    const current = byVariant.get(variantId);
    const removes = quantity === 0;
    return {
      variantId,
      quantity: removes ? 0 : replace || !current ? quantity : current.quantity + quantity,
    };
  });
  for (const t of asked) {
    if (t.quantity > MAX_LINE_QUANTITY) throw new DomainError(CHECKOUT_MESSAGES.enterQuantity, 'quantity');
  }
  const { lines: targets, adjustments, snapshots } = await fitToStock(ctx, asked);
  for (const t of targets) {
    const current = byVariant.get(t.variantId);
    if (t.quantity === 0) {
      if (current) await ctx.db.delete(checkoutLines).where(eq(checkoutLines.id, current.id));
    } else if (current) {
      await ctx.db.update(checkoutLines).set({ quantity: t.quantity }).where(eq(checkoutLines.id, current.id));
    } else {
      await ctx.db.insert(checkoutLines).values({ checkoutId, variantId: t.variantId, quantity: t.quantity });
    }
  }
  // The lines left, known from what was read and written: no count query afterwards.
  const left = new Set(existing.map((l) => l.variantId));
  for (const t of targets) {
    if (t.quantity === 0) left.delete(t.variantId);
    else left.add(t.variantId);
  }
  return { adjustments, lineCount: left.size, snapshots };
}

/**
 * After the lines change: an empty cart drops its voucher (docs/product/cart-and-checkout.md#promo-codes); a cart
 * with lines and no voucher gets the customer's unused referral voucher.
 */
async function afterLinesChanged(ctx: ServiceContext, row: CheckoutRow, knownLineCount?: number): Promise<CheckoutRow> {
  const lineCount = knownLineCount ?? (await countLines(ctx, row.id));
  if (lineCount === 0) {
    const touched = await touch(ctx, row.id, {
      voucherId: null,
      voucherCode: null,
      voucherSource: null,
    });
    await clearCheckoutPayment(ctx, row.id);
    return touched;
  }
  if (!row.voucherCode) {
    const referral = await referralVoucherOf(ctx, row.userId, null);
    if (referral) {
      return touch(ctx, row.id, {
        voucherId: null,
        voucherCode: referral.code,
        voucherSource: 'REFERRAL',
      });
    }
  }
  return touch(ctx, row.id);
}

/**
 * checkoutCreate: the customer's cart with these lines. A customer has one cart: when it
 * exists already, the lines are added to it.
 */
export async function createCheckout(
  ctx: ServiceContext,
  input: { lines: readonly LineInput[]; email?: string | null },
): Promise<CheckoutView> {
  const user = requireUser(ctx);
  checkLineInputs(input.lines, false);
  const email = input.email?.trim() || user.email;
  const { view, adjustments } = await ctx.db.transaction(async (tx) => {
    const txCtx = { ...ctx, db: tx };
    // Insert-or-get under the unique user index, so two concurrent creates share one cart. One
    // statement: an existing cart is "updated" to itself, which locks its row as FOR UPDATE
    // would and returns it (it was an insert, then a SELECT ... FOR UPDATE).
    const [row] = await upsertCart(tx).execute({ userId: user.id, email });
    const applied = await applyLines(txCtx, row!.id, input.lines, false);
    const touched = await afterLinesChanged(txCtx, row!, applied.lineCount);
    // The new view in the same transaction: the row and variants just read are not read again.
    return { view: await viewAfterWrite(txCtx, touched, applied.snapshots), adjustments: applied.adjustments };
  });
  return { ...view, adjustments };
}

/** checkoutLinesUpdate: adds to existing lines of the same variant (or sets, with replace). */
export async function updateLines(
  ctx: ServiceContext,
  checkoutId: number,
  lines: readonly LineInput[],
  options: { replace?: boolean } = {},
): Promise<CheckoutView> {
  checkLineInputs(lines, true);
  const { view, adjustments } = await ctx.db.transaction(async (tx) => {
    const txCtx = { ...ctx, db: tx };
    const row = await lockOwnCheckout(txCtx, checkoutId);
    const applied = await applyLines(txCtx, row.id, lines, options.replace === true);
    const touched = await afterLinesChanged(txCtx, row, applied.lineCount);
    return { view: await viewAfterWrite(txCtx, touched, applied.snapshots), adjustments: applied.adjustments };
  });
  return { ...view, adjustments };
}

export async function deleteLine(ctx: ServiceContext, checkoutId: number, lineId: number): Promise<CheckoutView> {
  await ctx.db.transaction(async (tx) => {
    const txCtx = { ...ctx, db: tx };
    const row = await lockOwnCheckout(txCtx, checkoutId);
    const deleted = await tx
      .delete(checkoutLines)
      .where(and(eq(checkoutLines.id, lineId), eq(checkoutLines.checkoutId, row.id)))
      .returning({ id: checkoutLines.id });
    if (deleted.length === 0) throw new DomainError(CHECKOUT_MESSAGES.lineNotFound, 'lineId');
    await afterLinesChanged(txCtx, row);
  });
  return freshView(ctx, checkoutId);
}

async function countLines(ctx: ServiceContext, checkoutId: number): Promise<number> {
  const [count] = await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(checkoutLines)
    .where(eq(checkoutLines.checkoutId, checkoutId));
  return count?.n ?? 0;
}
