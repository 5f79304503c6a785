// Small hand-made catalogue rows for tests that need exact prices and stock.
import type { Database } from '../../db/client';
import { brands, categories, productTypes, productVariants, products } from './catalogue.tables';
import { refreshProductDerivedFields } from './catalogue.service';

let counter = 0;

export async function createTestProduct(
  db: Database,
  input: {
    name?: string;
    basePrice: number;
    salePercent?: number | null;
    saleAmount?: number | null;
    variants: { addedPrice?: number; stockQuantity?: number; color?: string; memory?: string; coverWarranty?: number }[];
    typeSlug?: string;
  },
) {
  const n = ++counter;
  const [type] = await db
    .insert(productTypes)
    .values({ name: input.typeSlug === 'voucher' ? 'Voucher' : `Type ${n}`, slug: input.typeSlug ?? `type-${n}-${Date.now()}` })
    .returning();
  const [brand] = await db.insert(brands).values({ name: `Brand ${n}`, slug: `brand-${n}-${Date.now()}` }).returning();
  const [category] = await db.insert(categories).values({ name: `Category ${n}`, slug: `category-${n}-${Date.now()}` }).returning();
  const [product] = await db
    .insert(products)
    .values({
      name: input.name ?? `Fixture ${n}`,
      slug: `fixture-${n}-${Date.now()}`,
      productTypeId: type!.id,
      brandId: brand!.id,
      categoryId: category!.id,
      basePrice: input.basePrice,
      salePercent: input.salePercent ?? null,
      saleAmount: input.saleAmount ?? null,
      weightGrams: 300,
    })
    .returning();
  const variants = await db
    .insert(productVariants)
    .values(
      input.variants.map((v, i) => ({
        productId: product!.id,
        name: [v.color, v.memory].filter(Boolean).join(' / ') || `Variant ${i + 1}`,
        sku: `FX-${n}-${i}-${Date.now()}`,
        color: v.color ?? null,
        memory: v.memory ?? null,
        coverWarranty: v.coverWarranty ?? null,
        addedPrice: v.addedPrice ?? 0,
        stockQuantity: v.stockQuantity ?? 10,
        sortOrder: i,
      })),
    )
    .returning();
  await refreshProductDerivedFields({ db }, [product!.id]);
  return { product: product!, variants, brand: brand!, category: category! };
}
