// The demo catalogue: brands, categories, products with variants and generated images, tires.
// Deterministic (seeded PRNG) and bulk-inserted in batches, so 100,000 products stay practical.
import { encodeGlobalID } from '@pothos/plugin-relay';
import type { Logger } from 'pino';
import type { Database } from '../../db/client';
import { tires } from '../tires/tires.tables';
import {
  brands,
  categories,
  collections,
  productCollections,
  productImages,
  productTypes,
  productVariants,
  products,
  type ProductAttribute,
} from './catalogue.tables';
import { refreshSearchTerms } from './catalogue.service';
import { priceBounds, rangeAddedPrices } from './pricing';
import {
  ACCESSORIES,
  BRANDS,
  CASE_LINES,
  CATEGORIES,
  LAPTOPS,
  PASSENGER_SIZES,
  PHONES,
  SPIRITS,
  SUV_SIZES,
  TABLETS,
  TIRE_MODELS,
  VOUCHER_AMOUNTS,
  WEARABLES,
  type CategorySeed,
  type ModelSeed,
} from './catalogue.seed-data';
import { ArtQueue, brandSvg, productSvg, wideSvg, type ArtKind } from './product-art';
import { seededRandom, type Random } from './seed-random';

export type CatalogueSeedOptions = {
  products: number;
  /** Where generated images go (DATA_DIR/media); without it only the database rows are written. */
  mediaDir?: string;
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

// Bumping the version renames every generated file, which is what lets /media cache for a year.
const ART_VERSION = 'v2';
const BATCH = 500;

const PRODUCT_TYPES = [
  { slug: 'smartphone', name: 'Smartphone', weightGrams: 450 },
  { slug: 'tablet', name: 'Tablet', weightGrams: 900 },
  { slug: 'laptop', name: 'Laptop', weightGrams: 2500 },
  { slug: 'wearable', name: 'Wearable', weightGrams: 300 },
  { slug: 'accessory', name: 'Accessory', weightGrams: 250 },
  { slug: 'tire', name: 'Tire', weightGrams: 9000, hasVariants: false },
  { slug: 'voucher', name: 'Voucher', weightGrams: 0, isShippingRequired: false, isDigital: true },
  { slug: 'spirits', name: 'Spirits', weightGrams: 1400, isAgeRestricted: true },
] as const;

type TypeSlug = (typeof PRODUCT_TYPES)[number]['slug'];

export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/["″]/g, '-inch')
    .replace(/\+/g, '-plus')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

type VariantPlan = {
  name: string;
  color: string | null;
  memory: string | null;
  coverWarranty: number | null;
  addedPrice: number;
  exchangeRequestFee: number;
  stockQuantity: number;
};

type ArtPlan = { key: string; kind: ArtKind; brand: string; title: string; color: string | null; label?: string };

type ProductPlan = {
  name: string;
  brand: string;
  category: string;
  type: TypeSlug;
  basePrice: number;
  salePercent: number | null;
  saleAmount: number | null;
  isPreOrder: boolean;
  isFreeShippingFee: boolean;
  isInstallmentReady: boolean;
  hasInstacoverWarranty: boolean;
  isFeatured: boolean;
  weightGrams: number;
  attributes: ProductAttribute[];
  description: string;
  seoDescription: string;
  variants: VariantPlan[];
  art: ArtPlan[];
  tire?: { width: number; aspectRatio: number; rimDiameter: number; loadIndex: number; speedRating: string };
  collections: string[];
};

const peso = (n: number) => Math.round(n * 100);
/** 205/55 R16: the demo's best-stocked tire size (PASSENGER_SIZES[0]). */
const COMMON_TIRE_SIZE = PASSENGER_SIZES.find(([w, a, r]) => w === 205 && a === 55 && r === 16)!;
const COMMON_TIRES_AFTER = 60;
const brandOf = (name: string) => BRANDS.find((b) => b.name === name)!;
const fmt = (pesos: number) => `₱${pesos.toLocaleString('en-PH')}`;

function artKey(kind: string, ...parts: string[]) {
  return `${ART_VERSION}/${kind}/${parts.map(slugify).join('-')}`;
}

function stock(rng: Random, preOrder = false): number {
  if (preOrder) return rng.int(20, 60);
  return rng.chance(0.07) ? 0 : rng.int(3, 45);
}

function saleOf(model: { sale?: { percent?: number; amount?: number } }) {
  return {
    salePercent: model.sale?.percent ?? null,
    saleAmount: model.sale?.amount != null ? peso(model.sale.amount) : null,
  };
}

function seoText(name: string, extra: string) {
  return `Buy ${name} at Suki. ${extra}`.slice(0, 158);
}

/** Phones, tablets, laptops: colour x memory, plus the 12-month exchange warranty on phones. */
function deviceProduct(rng: Random, model: ModelSeed, kind: ArtKind, category: string, type: TypeSlug): ProductPlan {
  const brand = brandOf(model.brand);
  const withWarranty = type === 'smartphone' && model.price >= 15000;
  const warrantyPrice = Math.round((model.price * 0.06) / 10) * 10;
  const variants: VariantPlan[] = [];
  for (const color of model.colors) {
    for (const [memory, added] of model.memories ?? [[null, 0] as [string | null, number]]) {
      for (const cover of withWarranty ? [0, 12] : [null]) {
        variants.push({
          name: [color, memory, cover === 12 ? '12-Month Exchange Warranty' : null].filter(Boolean).join(' / '),
          color,
          memory,
          coverWarranty: cover,
          addedPrice: peso(added + (cover === 12 ? warrantyPrice : 0)),
          exchangeRequestFee: cover === 12 ? peso(model.price >= 50000 ? 2500 : 1500) : 0,
          stockQuantity: stock(rng, model.preOrder),
        });
      }
    }
  }
  const fullName = model.name.startsWith(model.brand) ? model.name : `${model.brand} ${model.name}`;
  const specs = model.specs ?? [];
  const memories = (model.memories ?? []).map(([m]) => m);
  return {
    name: model.name,
    brand: model.brand,
    category,
    type,
    basePrice: peso(model.price),
    ...saleOf(model),
    isPreOrder: model.preOrder ?? false,
    isFreeShippingFee: model.price >= 10000,
    isInstallmentReady: (brand.installment ?? false) && model.price >= 5000,
    hasInstacoverWarranty: withWarranty,
    isFeatured: model.sale != null && rng.chance(0.6),
    weightGrams: model.weight + 250,
    attributes: [
      ...specs.map(([name, value]) => ({ name, values: [value] })),
      ...(memories.length ? [{ name: 'Storage', values: memories }] : []),
      { name: 'Colors', values: model.colors },
      { name: 'Warranty', values: ['1 year official Philippine warranty'] },
    ],
    description:
      `<p>The <strong>${fullName}</strong> is brand new, sealed and covered by the official 1-year Philippine warranty.</p>` +
      (specs.length ? `<ul>${specs.map(([n, v]) => `<li><strong>${n}:</strong> ${v}</li>`).join('')}</ul>` : '') +
      `<p>Available in ${model.colors.join(', ')}${memories.length ? ` with ${memories.join(', ')} storage` : ''}.` +
      `${withWarranty ? ' Add the 12-month exchange warranty for a replacement unit if anything goes wrong.' : ''}</p>` +
      (model.preOrder ? '<p>Pre-order now: units ship on the official Philippine release date.</p>' : ''),
    seoDescription: seoText(fullName, `From ${fmt(model.price)}, ${model.colors.length} colours, official warranty, 0% installment.`),
    variants,
    // Every colour pictured: choosing a colour shows that colour, in the gallery and the cart.
    art: model.colors.map((color) => ({
      key: artKey('p', model.brand, model.name, color),
      kind,
      brand: model.brand,
      title: model.name,
      color,
    })),
    collections: model.preOrder ? ['new-arrivals'] : [],
  };
}

function accessoryProduct(rng: Random, model: ModelSeed & { kind: ArtKind; label?: string }, category: string, type: TypeSlug): ProductPlan {
  const fullName = `${model.brand} ${model.name}`;
  return {
    name: model.name,
    brand: model.brand,
    category,
    type,
    basePrice: peso(model.price),
    ...saleOf(model),
    isPreOrder: false,
    isFreeShippingFee: model.price >= 10000,
    isInstallmentReady: (brandOf(model.brand).installment ?? false) && model.price >= 5000,
    hasInstacoverWarranty: false,
    isFeatured: model.sale != null && rng.chance(0.5),
    weightGrams: model.weight + 120,
    attributes: [
      { name: 'Colors', values: model.colors },
      { name: 'Warranty', values: [model.price >= 3000 ? '1 year' : '6 months'] },
    ],
    description:
      `<p><strong>${fullName}</strong>: authentic ${model.brand} product from the official Philippine distributor.</p>` +
      `<p>Colours: ${model.colors.join(', ')}.</p>`,
    seoDescription: seoText(fullName, `Only ${fmt(model.price)}. Authentic, with warranty and fast delivery nationwide.`),
    variants: model.colors.map((color) => ({
      name: color,
      color,
      memory: null,
      coverWarranty: null,
      addedPrice: 0,
      exchangeRequestFee: 0,
      stockQuantity: stock(rng),
    })),
    art: model.colors.map((color) => ({
      key: artKey('p', model.brand, model.name, color),
      kind: model.kind,
      brand: model.brand,
      title: model.name,
      color,
      label: model.label,
    })),
    collections: [],
  };
}

function caseProduct(rng: Random, line: (typeof CASE_LINES)[number], phone: ModelSeed): ProductPlan {
  const phoneName = phone.name.startsWith(phone.brand) ? phone.name : `${phone.brand === 'Apple' ? '' : `${phone.brand} `}${phone.name}`;
  const name = `${line.name} for ${phoneName.trim()}`;
  return {
    ...accessoryProduct(rng, { ...line, weight: 60, name, kind: line.kind }, line.kind === 'case' ? 'cases' : 'screen-protectors', 'accessory'),
    // One picture per case line and colour: every phone's version of a case looks the same.
    art: line.colors.map((color) => ({
      key: artKey('p', line.brand, line.name, color),
      kind: line.kind,
      brand: line.brand,
      title: line.name,
      color,
    })),
    isFeatured: false,
  };
}

type TireEdition = 'standard' | 'xl' | 'runflat';
const EDITION = {
  standard: { suffix: '', loadUp: 0, priceFactor: 1, construction: null },
  // Reinforced: load index 3 higher, a little dearer.
  xl: { suffix: ' XL', loadUp: 3, priceFactor: 1.06, construction: 'Extra Load (XL)' },
  runflat: { suffix: ' Run Flat', loadUp: 0, priceFactor: 1.25, construction: 'Run Flat' },
} as const;

function tireProduct(
  rng: Random,
  model: (typeof TIRE_MODELS)[number],
  size: [number, number, number, number],
  editionName: TireEdition = 'standard',
): ProductPlan {
  const edition = EDITION[editionName];
  const [width, aspectRatio, rimDiameter, standardLoad] = size;
  const loadIndex = standardLoad + edition.loadUp;
  const sizeText = `${width}/${aspectRatio} R${rimDiameter}`;
  const price = Math.round((model.pricePerInch * rimDiameter * (width / 200) * edition.priceFactor) / 10) * 10 - 10;
  const onSale = rng.chance(0.2);
  return {
    name: `${model.name} ${sizeText} ${loadIndex}${model.speed}${edition.suffix}`,
    brand: model.brand,
    category: model.suv ? 'suv-light-truck-tires' : 'passenger-car-tires',
    type: 'tire',
    basePrice: peso(price),
    salePercent: onSale ? 10 : null,
    saleAmount: null,
    isPreOrder: false,
    isFreeShippingFee: false,
    isInstallmentReady: false,
    hasInstacoverWarranty: false,
    isFeatured: onSale && rng.chance(0.3),
    weightGrams: Math.round(width * rimDiameter * 2.6),
    attributes: [
      { name: 'Size', values: [sizeText] },
      { name: 'Load Index', values: [String(loadIndex)] },
      { name: 'Speed Rating', values: [model.speed] },
      { name: 'Type', values: [model.suv ? 'SUV / Light Truck' : 'Passenger Car'] },
      ...(edition.construction ? [{ name: 'Construction', values: [edition.construction] }] : []),
    ],
    description:
      `<p>The <strong>${model.brand} ${model.name}</strong> in ${sizeText}, load index ${loadIndex}, speed rating ${model.speed}.</p>` +
      `<p>Price is per tire. Mounting and balancing available at partner shops in Metro Manila.</p>`,
    seoDescription: seoText(`${model.brand} ${model.name} ${sizeText}`, `${fmt(price)} per tire. Genuine, fresh stock.`),
    variants: [{ name: sizeText, color: null, memory: null, coverWarranty: null, addedPrice: 0, exchangeRequestFee: 0, stockQuantity: rng.int(0, 24) }],
    art: [{ key: artKey('p', model.brand, model.name), kind: 'tire', brand: model.brand, title: model.name, color: null, label: model.brand.toUpperCase() }],
    tire: { width, aspectRatio, rimDiameter, loadIndex, speedRating: model.speed },
    collections: [],
  };
}

function voucherProduct(): ProductPlan {
  return {
    name: 'Suki Gift Voucher',
    brand: 'Suki',
    category: 'vouchers',
    type: 'voucher',
    basePrice: peso(VOUCHER_AMOUNTS[0]!),
    salePercent: null,
    saleAmount: null,
    isPreOrder: false,
    isFreeShippingFee: true,
    isInstallmentReady: false,
    hasInstacoverWarranty: false,
    isFeatured: false,
    weightGrams: 0,
    attributes: [{ name: 'Delivery', values: ['By email'] }],
    description:
      '<p>Give the gift of choice. The Suki Gift Voucher is sent by email and can be used on anything in the shop.</p>' +
      '<p>Pick an amount, or enter your own amount from ₱100 to ₱10,000.</p>',
    seoDescription: seoText('a Suki Gift Voucher', 'Sent by email, usable on every product in the shop.'),
    variants: VOUCHER_AMOUNTS.map((amount) => ({
      name: fmt(amount),
      color: null,
      memory: null,
      coverWarranty: null,
      addedPrice: peso(amount - VOUCHER_AMOUNTS[0]!),
      exchangeRequestFee: 0,
      stockQuantity: 9999,
    })),
    art: [{ key: artKey('p', 'suki', 'gift-voucher'), kind: 'voucher', brand: 'Suki', title: 'Suki Gift Voucher', color: null, label: 'GIFT' }],
    collections: [],
  };
}

function spiritsProduct(rng: Random, s: (typeof SPIRITS)[number]): ProductPlan {
  return {
    name: s.name,
    brand: s.brand,
    category: 'wines-spirits',
    type: 'spirits',
    basePrice: peso(s.price),
    salePercent: null,
    saleAmount: s.sale ? peso(s.sale.amount) : null,
    isPreOrder: false,
    isFreeShippingFee: false,
    isInstallmentReady: false,
    hasInstacoverWarranty: false,
    isFeatured: false,
    weightGrams: s.weight,
    attributes: [{ name: 'Origin', values: ['Philippines'] }],
    description: `<p><strong>${s.name}</strong>, distilled in the Philippines. For adults 18 years old and above. Drink responsibly.</p>`,
    seoDescription: seoText(s.name, 'For adults 18 and above.'),
    variants: [{ name: 'Bottle', color: null, memory: null, coverWarranty: null, addedPrice: 0, exchangeRequestFee: 0, stockQuantity: rng.int(5, 40) }],
    art: [{ key: artKey('p', s.name), kind: 'bottle', brand: s.brand, title: s.name, color: s.brand === 'Tanduay' ? 'Red' : 'Brown', label: s.brand }],
    collections: [],
  };
}

/** Interleaves `count` picks over pools: a round robin that skips empty pools. */
function* interleave(pools: (() => ProductPlan | null)[], pattern: number[]): Generator<ProductPlan> {
  for (;;) {
    let any = false;
    for (const p of pattern) {
      const plan = pools[p]!();
      if (plan) {
        any = true;
        yield plan;
      }
    }
    if (!any) return;
  }
}

/**
 * Every product of the demo shop in a fixed order: a mix of phones, tires, accessories, cases,
 * tablets and wearables from the start, so any N gives a representative shop. After the real
 * catalogue runs out, further rounds add renewed/open-box editions and numbered lots.
 */
export function* productPlans(rng: Random): Generator<ProductPlan> {
  yield voucherProduct();
  for (const s of SPIRITS) yield spiritsProduct(rng, s);
  const passengerModels = TIRE_MODELS.filter((m) => !m.suv);
  // The commonest size in every passenger model, standard and XL, and run-flat in the first four
  // (24 tires), after the first 60 mixed products: tire search for 205/55 R16 lists more than a
  // page (20) even in the e2e shop of 120 products. Their own generator keeps the rest of the
  // catalogue as it was; none is featured, so BEST DEALS is unchanged.
  function* commonSizeTires(): Generator<ProductPlan> {
    const tireRng = seededRandom(20_550_016);
    const plans: [(typeof TIRE_MODELS)[number], TireEdition][] = [
      ...passengerModels.map((m) => [m, 'standard'] as [(typeof TIRE_MODELS)[number], TireEdition]),
      ...passengerModels.map((m) => [m, 'xl'] as [(typeof TIRE_MODELS)[number], TireEdition]),
      ...passengerModels.slice(0, 4).map((m) => [m, 'runflat'] as [(typeof TIRE_MODELS)[number], TireEdition]),
    ];
    for (const [model, edition] of plans) yield { ...tireProduct(tireRng, model, COMMON_TIRE_SIZE, edition), isFeatured: false };
  }
  for (let round = 0; ; round++) {
    const suffix = round === 0 ? '' : round === 1 ? ' (Renewed)' : round === 2 ? ' (Open Box)' : ` (Lot ${round - 2})`;
    const cursor = <T>(list: readonly T[], make: (item: T) => ProductPlan) => {
      let i = 0;
      return () => (i < list.length ? withSuffix(make(list[i++]!), suffix, round) : null);
    };
    const passenger = passengerModels;
    const suv = TIRE_MODELS.filter((m) => m.suv);
    // The common size came first in round 0; later rounds (renewed, open box) include it again.
    const sizes = round === 0 ? PASSENGER_SIZES.filter((size) => size !== COMMON_TIRE_SIZE) : PASSENGER_SIZES;
    // Size-major with the model rotating, so the first few tires already span every size.
    const tirePairs: [(typeof TIRE_MODELS)[number], [number, number, number, number]][] = [];
    for (let i = 0; i < passenger.length * sizes.length; i++) {
      const s = i % sizes.length;
      tirePairs.push([passenger[(Math.floor(i / sizes.length) + s) % passenger.length]!, sizes[s]!]);
      if (i % 3 === 2) {
        const j = Math.floor(i / 3);
        if (j < suv.length * SUV_SIZES.length) {
          const t = j % SUV_SIZES.length;
          tirePairs.push([suv[(Math.floor(j / SUV_SIZES.length) + t) % suv.length]!, SUV_SIZES[t]!]);
        }
      }
    }
    const casePairs: [(typeof CASE_LINES)[number], ModelSeed][] = [];
    for (let i = 0; i < CASE_LINES.length * PHONES.length; i++) {
      const p = i % PHONES.length;
      casePairs.push([CASE_LINES[(Math.floor(i / PHONES.length) + p) % CASE_LINES.length]!, PHONES[p]!]);
    }
    const pools = [
      cursor(PHONES, (m) => deviceProduct(rng, m, m.name.includes('Fold') ? 'foldable' : 'phone', 'mobile-phones', 'smartphone')),
      cursor(tirePairs, ([m, s]) => tireProduct(rng, m, s)),
      cursor(ACCESSORIES, (m) => accessoryProduct(rng, m, m.category, 'accessory')),
      cursor(casePairs, ([line, phone]) => caseProduct(rng, line, phone)),
      cursor(TABLETS, (m) => deviceProduct(rng, m, 'tablet', 'tablets', 'tablet')),
      cursor(WEARABLES, (m) => accessoryProduct(rng, m, 'wearables', 'wearable')),
      cursor(LAPTOPS, (m) => deviceProduct(rng, m, 'laptop', 'laptops', 'laptop')),
    ];
    let mixed = 0;
    for (const plan of interleave(pools, [0, 1, 2, 0, 3, 4, 0, 1, 5, 2, 3, 1, 0, 6, 2])) {
      yield plan;
      if (round === 0 && ++mixed === COMMON_TIRES_AFTER) yield* commonSizeTires();
    }
  }
}

function withSuffix(plan: ProductPlan, suffix: string, round: number): ProductPlan {
  if (round === 0) return plan;
  // Renewed and open-box units sell for less and are never pre-orders.
  const factor = round === 1 ? 0.8 : round === 2 ? 0.9 : 1;
  return {
    ...plan,
    name: `${plan.name}${suffix}`,
    basePrice: Math.round((plan.basePrice * factor) / 100) * 100,
    isPreOrder: false,
    isFeatured: false,
    collections: [],
    variants: plan.variants.map((v) => ({ ...v, stockQuantity: Math.max(0, v.stockQuantity - 10) })),
  };
}

async function insertBatches<T>(rows: T[], size: number, insert: (batch: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

export async function seedCatalogue(db: Database, options: CatalogueSeedOptions): Promise<CatalogueSeedResult> {
  const rng = seededRandom(20_261_122);
  const { mediaDir } = options;
  const started = performance.now();

  // Product types, brands (with logo tiles), categories (with background pictures).
  const typeRows = await db.insert(productTypes).values(PRODUCT_TYPES.map((t) => ({ ...t }))).returning();
  const typeIds = new Map(typeRows.map((t) => [t.slug, t.id]));

  const queue = new ArtQueue(mediaDir);
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

