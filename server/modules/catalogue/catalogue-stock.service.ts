// What the back office asks the catalogue about stock: the published variants running low.
import { and, asc, eq, lte, ne } from 'drizzle-orm';
import type { ServiceContext } from '../../graphql/context';
import { products, productTypes, productVariants } from './catalogue.tables';
import { VOUCHER_PRODUCT_TYPE_SLUG } from './catalogue.service';

export type LowStockVariant = { variantId: number; productId: number; productName: string; variantName: string; sku: string; stockQuantity: number };

/** Published variants with at most `threshold` units, fewest first (custom vouchers left out). */
export async function lowStockVariants(ctx: ServiceContext, threshold: number, limit: number): Promise<LowStockVariant[]> {
  return ctx.db
    .select({
      variantId: productVariants.id,
      productId: products.id,
      productName: products.name,
      variantName: productVariants.name,
      sku: productVariants.sku,
      stockQuantity: productVariants.stockQuantity,
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .innerJoin(productTypes, eq(productTypes.id, products.productTypeId))
    .where(and(eq(products.isPublished, true), lte(productVariants.stockQuantity, threshold), ne(productTypes.slug, VOUCHER_PRODUCT_TYPE_SLUG)))
    .orderBy(asc(productVariants.stockQuantity), asc(productVariants.id))
    .limit(limit);
}
