// The demo catalogue's order of products (productPlans), and its tire, voucher and spirits plans.
import {
  ACCESSORIES,
  CASE_LINES,
  LAPTOPS,
  PASSENGER_SIZES,
  PHONES,
  SPIRITS,
  SUV_SIZES,
  TABLETS,
  TIRE_MODELS,
  VOUCHER_AMOUNTS,
  WEARABLES,
  type ModelSeed,
} from './catalogue.seed-data';
import { accessoryProduct, caseProduct, deviceProduct } from './catalogue.seed-devices';
import {
  artKey,
  COMMON_TIRE_SIZE,
  COMMON_TIRES_AFTER,
  fmt,
  peso,
  seoText,
  type ProductPlan,
} from './catalogue.seed-plan';
import { seededRandom, type Random } from '../seed-random';

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
