// The demo catalogue's writer: brands, categories, products with variants and generated images, tires.
// Deterministic (seeded PRNG, plans in catalogue.seed-plans.ts) and bulk-inserted in batches, so 100,000 products stay practical.
import { encodeGlobalID } from '@pothos/plugin-relay';
import type { Logger } from 'pino';
import type { Database } from '../../db/client';
import type { FileStorage } from '../../storage/file-storage';
import { tires } from '../../modules/tires/tires.tables';
import {
  brands,
  categories,
  collections,
  productCollections,
  productImages,
  productTypes,
  productVariants,
  products,
} from '../../modules/catalogue/catalogue.tables';
import { refreshSearchTerms } from '../../modules/catalogue/catalogue.service';
import { priceBounds, rangeAddedPrices } from '../../modules/catalogue/pricing';
import { BRANDS, CATEGORIES, type CategorySeed } from './catalogue.seed-data';
import { artKey, brandOf, PRODUCT_TYPES, slugify, type ArtPlan, type ProductPlan } from './catalogue.seed-plan';
import { productPlans } from './catalogue.seed-plans';
import { ArtQueue, brandSvg, productSvg, wideSvg } from '../product-art';
import { seededRandom } from '../seed-random';

export type CatalogueSeedOptions = {
  products: number;
  /** Where generated images go (server/storage); without it only the database rows are written. */
  storage?: FileStorage;
  log?: Logger;
};

export type CatalogueSeedResult = {
  productIds: number[];
  brandIds: Map<string, number>;
  categoryIds: Map<string, number>;
  /** Shop paths other seeds link to (the home banners). */
  links: { samsungBrand: string; appleBrand: string };
  /** Product ids by full name (brand + name, as shoppers see it), for seeds that name products. */
  productIdByName: Map<string, number>;
};

const BATCH = 500;

async function insertBatches<T>(rows: T[], size: number, insert: (batch: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

export async function seedCatalogue(db: Database, options: CatalogueSeedOptions): Promise<CatalogueSeedResult> {
  const rng = seededRandom(20_261_122);
  const { storage } = options;
  const started = performance.now();
  const SEEDED_VARIANT_STYLING: Record<string, string> = { 'mobile phones': 'Mobile phones', tablets: 'Tablets' };

  // Product types, brands (with logo tiles), categories (with background pictures).
  const typeRows = await db.insert(productTypes).values(PRODUCT_TYPES.map((t) => ({ ...t }))).returning();
  const typeIds = new Map(typeRows.map((t) => [t.slug, t.id]));

  const queue = new ArtQueue(storage);
  const brandImages = BRANDS.map((b) => queue.add(artKey('brand', b.name), () => brandSvg(b.name, b.color), 510, 510));
  const brandRows = await db
    .insert(brands)
    .values(
      BRANDS.map((b, i) => ({
        name: b.name,
        slug: slugify(b.name),
        description: `Official ${b.name} products with Philippine warranty.`,
        image: { ...brandImages[i]!, alt: `${b.name} logo` },
        isInstallmentReady: b.installment ?? false,
        isFeatured: b.featured ?? false,
        sortOrder: i,
      })),
    )
    .returning({ id: brands.id, name: brands.name });
  const brandIds = new Map(brandRows.map((b) => [b.name, b.id]));

  const categoryIds = new Map<string, number>();
  // The category path each product's search text carries ('Accessories Chargers').
  const categoryPaths = new Map<string, string>();
  const insertCategories = async (list: CategorySeed[], parentId: number | null, level: number, parentPath = '') => {
    const images = list.map((c) =>
      queue.add(
        artKey('category', c.slug),
        () => wideSvg({ width: 1200, height: 400, headline: c.name, subline: 'The best deals for you!', color: c.color, kind: c.kind, label: c.kind === 'voucher' ? '₱1,000' : c.kind === 'tire' ? 'SUKI' : '' }),
        1200,
        400,
      ),
    );
    const rows = await db
      .insert(categories)
      .values(
        list.map((c, i) => ({
          name: c.name,
          slug: c.slug,
          description: c.description,
          seoTitle: `${c.name} | Suki`,
          seoDescription: c.description,
          parentId,
          level,
          backgroundImage: { ...images[i]!, alt: c.name },
          sortOrder: i,
          // The picker style the product page gives phones and tablets (ADR 044, as migration 0026).
          variantStyling: SEEDED_VARIANT_STYLING[c.name.toLowerCase()] ?? null,
        })),
      )
      .returning({ id: categories.id, slug: categories.slug });
    for (const r of rows) categoryIds.set(r.slug, r.id);
    for (const c of list) {
      categoryPaths.set(c.slug, parentPath ? `${parentPath} ${c.name}` : c.name);
      if (c.children) await insertCategories(c.children, categoryIds.get(c.slug)!, level + 1, c.name);
    }
  };
  await insertCategories(CATEGORIES, null, 0);

  const collectionRows = await db
    .insert(collections)
    .values([
      { name: 'Best Deals', slug: 'best-deals' },
      { name: 'New Arrivals', slug: 'new-arrivals' },
    ])
    .returning();
  const collectionIds = new Map(collectionRows.map((c) => [c.slug, c.id]));

  // Products, in chunks: plan, insert products, then their variants, images, tires, collections.
  const plans = productPlans(rng);
  const usedSlugs = new Set<string>();
  const art = new Map<string, ArtPlan>();
  const productIds: number[] = [];
  const productIdByName = new Map<string, number>();
  let skuNo = 0;
  for (let done = 0; done < options.products; ) {
    const chunk: ProductPlan[] = [];
    while (chunk.length < BATCH && done + chunk.length < options.products) {
      const next = plans.next();
      if (next.done) break;
      chunk.push(next.value);
    }
    if (chunk.length === 0) break;
    const productValues = chunk.map((p) => {
      const fullName = p.name.toLowerCase().startsWith(p.brand.toLowerCase()) ? p.name : `${p.brand} ${p.name}`;
      let slug = slugify(fullName);
      for (let n = 2; usedSlugs.has(slug); n++) slug = `${slugify(fullName)}-${n}`;
      usedSlugs.add(slug);
      return {
        name: p.name,
        slug,
        description: p.description,
        seoTitle: `${fullName} | Suki`,
        seoDescription: p.seoDescription,
        productTypeId: typeIds.get(p.type)!,
        brandId: brandIds.get(p.brand) ?? null,
        categoryId: categoryIds.get(p.category)!,
        isPreOrder: p.isPreOrder,
        isFreeShippingFee: p.isFreeShippingFee,
        // The demo's example of a sale without VAT on its invoice (docs/decisions/052-sales-invoices.md):
        // a gift voucher is not goods delivered; the VAT falls on what it buys when redeemed.
        taxClass: p.category === 'vouchers' ? ('VAT_EXEMPT' as const) : ('VATABLE' as const),
        isInstallmentReady: p.isInstallmentReady,
        hasInstacoverWarranty: p.hasInstacoverWarranty,
        isFeatured: p.isFeatured,
        weightGrams: p.weightGrams,
        attributes: p.attributes,
        basePrice: p.basePrice,
        salePercent: p.salePercent,
        saleAmount: p.saleAmount,
        // What refreshProductDerivedFields would compute, written at once: a second pass over
        // 100,000 rows would rewrite every search index entry.
        ...priceBounds(p, rangeAddedPrices(p.variants)),
        searchName: `${p.brand} ${p.name}`,
        searchCategory: categoryPaths.get(p.category)!,
      };
    });
    const inserted = await db.insert(products).values(productValues).returning({ id: products.id, slug: products.slug });
    const idBySlug = new Map(inserted.map((r) => [r.slug, r.id]));
    const ids = productValues.map((v) => idBySlug.get(v.slug)!);
    productIds.push(...ids);
    chunk.forEach((p, i) => {
      const fullName = p.name.toLowerCase().startsWith(p.brand.toLowerCase()) ? p.name : `${p.brand} ${p.name}`;
      if (!productIdByName.has(fullName)) productIdByName.set(fullName, ids[i]!);
    });

    const variantRows: (typeof productVariants.$inferInsert)[] = [];
    const imageRows: (typeof productImages.$inferInsert)[] = [];
    const tireRows: (typeof tires.$inferInsert)[] = [];
    const collectionLinks: (typeof productCollections.$inferInsert)[] = [];
    chunk.forEach((p, i) => {
      const productId = ids[i]!;
      const code = slugify(p.brand).slice(0, 3).toUpperCase();
      skuNo++;
      p.variants.forEach((v, vi) => {
        variantRows.push({ productId, ...v, sku: `${code}-${String(skuNo).padStart(6, '0')}-${vi + 1}`, sortOrder: vi });
      });
      p.art.forEach((a, ai) => {
        // One picture per model and colour, shared by every product that shows it.
        if (!art.has(a.key)) {
          art.set(a.key, a);
          queue.add(
            a.key,
            () => productSvg({ kind: a.kind, brand: a.brand, brandColor: brandOf(a.brand)?.color ?? '#f26b1d', title: a.title, color: a.color, label: a.label }),
            510,
            510,
          );
        }
        imageRows.push({
          productId,
          sortOrder: ai,
          alt: a.color ? `${p.brand} ${p.name} in ${a.color}` : `${p.brand} ${p.name}`,
          color: a.color,
          mediaKey: a.key,
          width: 510,
          height: 510,
        });
      });
      if (p.tire) tireRows.push({ productId, ...p.tire });
      const inCollections = new Set(p.collections);
      if (p.isFeatured) inCollections.add('best-deals');
      for (const slug of inCollections) collectionLinks.push({ productId, collectionId: collectionIds.get(slug)! });
    });
    await insertBatches(variantRows, 1000, (b) => db.insert(productVariants).values(b));
    await insertBatches(imageRows, 1000, (b) => db.insert(productImages).values(b));
    if (tireRows.length) await db.insert(tires).values(tireRows);
    if (collectionLinks.length) await db.insert(productCollections).values(collectionLinks);
    done += chunk.length;
    if (done % 10_000 === 0) options.log?.info({ products: done, ms: Math.round(performance.now() - started) }, 'seeding products');
  }
  await refreshSearchTerms({ db });
  const dbMs = performance.now() - started;

  // The images were rendering meanwhile; wait for the last of them.
  const artStarted = performance.now();
  await queue.drain();
  options.log?.info(
    { products: productIds.length, images: art.size, dbMs: Math.round(dbMs), imagesWaitMs: Math.round(performance.now() - artStarted) },
    'demo catalogue seeded',
  );
  const brandPath = (name: string) => `/shop/brand/${encodeGlobalID('Brand', brandIds.get(name)!)}`;
  return {
    productIds,
    brandIds,
    categoryIds,
    links: { samsungBrand: brandPath('Samsung'), appleBrand: brandPath('Apple') },
    productIdByName,
  };
}
