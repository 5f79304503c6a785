// The demo catalogue's product plan: the shape every seeded product is planned in, and its helpers.
import type { ProductAttribute } from '../../modules/catalogue/catalogue.tables';
import { BRANDS, PASSENGER_SIZES } from './catalogue.seed-data';
import type { ArtKind } from '../product-art';
import type { Random } from '../seed-random';
import { formatDecimal } from '../../../common/money';

// Bumping the version renames every generated file, which is what lets /media cache for a year.
export const ART_VERSION = 'v2';

export const PRODUCT_TYPES = [
  { slug: 'smartphone', name: 'Smartphone', weightGrams: 450 },
  { slug: 'tablet', name: 'Tablet', weightGrams: 900 },
  { slug: 'laptop', name: 'Laptop', weightGrams: 2500 },
  { slug: 'wearable', name: 'Wearable', weightGrams: 300 },
  { slug: 'accessory', name: 'Accessory', weightGrams: 250 },
  { slug: 'tire', name: 'Tire', weightGrams: 9000, hasVariants: false },
  { slug: 'voucher', name: 'Voucher', weightGrams: 0, isShippingRequired: false, isDigital: true },
  { slug: 'spirits', name: 'Spirits', weightGrams: 1400, isAgeRestricted: true },
] as const;

export type TypeSlug = (typeof PRODUCT_TYPES)[number]['slug'];

export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/["″]/g, '-inch')
    .replace(/\+/g, '-plus')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

export type VariantPlan = {
  name: string;
  color: string | null;
  memory: string | null;
  coverWarranty: number | null;
  addedPrice: number;
  exchangeRequestFee: number;
  stockQuantity: number;
};

export type ArtPlan = { key: string; kind: ArtKind; brand: string; title: string; color: string | null; label?: string };

export type ProductPlan = {
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

export const peso = (n: number) => Math.round(n * 100);
/** 205/55 R16: the demo's best-stocked tire size (PASSENGER_SIZES[0]). */
export const COMMON_TIRE_SIZE = PASSENGER_SIZES.find(([w, a, r]) => w === 205 && a === 55 && r === 16)!;
export const COMMON_TIRES_AFTER = 60;
export const brandOf = (name: string) => BRANDS.find((b) => b.name === name)!;
export const fmt = (pesos: number) => `₱${formatDecimal(pesos)}`;

export function artKey(kind: string, ...parts: string[]) {
  return `${ART_VERSION}/${kind}/${parts.map(slugify).join('-')}`;
}

export function stock(rng: Random, preOrder = false): number {
  if (preOrder) return rng.int(20, 60);
  return rng.chance(0.07) ? 0 : rng.int(3, 45);
}

export function saleOf(model: { sale?: { percent?: number; amount?: number } }) {
  return {
    salePercent: model.sale?.percent ?? null,
    saleAmount: model.sale?.amount != null ? peso(model.sale.amount) : null,
  };
}

export function seoText(name: string, extra: string) {
  return `Buy ${name} at Suki. ${extra}`.slice(0, 158);
}

