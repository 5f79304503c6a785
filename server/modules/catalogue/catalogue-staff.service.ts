// What staff change in the catalogue (MANAGE_PRODUCTS). A variant's stock: set in one
// transaction with the back-in-stock marks it owes the watchers (docs/decisions/015-watchlist.md),
// the alerts sent after commit.
import { eq } from 'drizzle-orm';
import type { ServiceContext } from '../../graphql/context';
import { DomainError } from '../../lib/domain-error';
import { raise } from '../system/domain-events';
import { logStaffAction, requirePermission } from '../system/staff-access.service';
import { productsBackInStock, restockCommitted } from './catalogue.events';
import { productVariants } from './catalogue.tables';

export const CATALOGUE_ADMIN_MESSAGES = {
  variantNotFound: 'Variant not found.',
  invalidStock: 'Stock must be a whole number from 0 to 1,000,000.',
} as const;

export const MAX_STOCK = 1_000_000;

export type VariantStockRow = typeof productVariants.$inferSelect;

/** productVariantStocksUpdate: sets a variant's stock; from none to some alerts the product's watchers. */
export async function setVariantStock(ctx: ServiceContext, variantId: number, stockQuantity: number): Promise<VariantStockRow> {
  await requirePermission(ctx, 'MANAGE_PRODUCTS');
  if (!Number.isInteger(stockQuantity) || stockQuantity < 0 || stockQuantity > MAX_STOCK) {
    throw new DomainError(CATALOGUE_ADMIN_MESSAGES.invalidStock, 'stockQuantity');
  }
  const { row, restocked } = await ctx.db.transaction(async (db) => {
    const tx = { ...ctx, db };
    const [before] = await db.select().from(productVariants).where(eq(productVariants.id, variantId)).for('update');
    if (!before) throw new DomainError(CATALOGUE_ADMIN_MESSAGES.variantNotFound, 'id');
    const [after] = await db.update(productVariants).set({ stockQuantity }).where(eq(productVariants.id, variantId)).returning();
    const restocked = before.stockQuantity === 0 && stockQuantity > 0;
    if (restocked) await raise(tx, productsBackInStock, { productIds: [before.productId] });
    await logStaffAction(tx, { action: 'stockSet', subjectType: 'variant', subjectId: variantId, note: `${before.stockQuantity} -> ${stockQuantity}` });
    return { row: after!, restocked };
  });
  if (restocked) await raise(ctx, restockCommitted, undefined);
  return row;
}
