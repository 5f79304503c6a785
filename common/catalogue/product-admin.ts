// Staff's catalogue forms: the rules a product, a variant, an image and a category,
// brand or collection must meet. The same schemas run in the back office's forms (strings from
// a form) and in the services (typed GraphQL input), so both refuse with the same words.
import { z } from 'zod';
import { PROOF_MAX_BYTES, PROOF_MESSAGES } from '../orders/proof-of-billing';
import { base64ByteLength } from '../validation/account';

export const PRODUCT_ADMIN_MESSAGES = {
  nameRequired: 'Please enter a name.',
  nameTooLong: 'Name must be at most 250 characters.',
  slugInvalid: 'Slug may only use lower-case letters, digits and dashes.',
  slugTaken: 'This slug is already used.',
  priceInvalid: 'Price must be a number from 0 to 10,000,000.',
  priceRequired: 'Please enter a price.',
  salePercentInvalid: 'Sale percent must be a number from 0 to 100.',
  saleAmountInvalid: 'Sale amount must be a number from 0 to 10,000,000.',
  weightInvalid: 'Weight must be a whole number of grams from 0 to 1,000,000.',
  categoryRequired: 'Please choose a category.',
  categoryNotFound: 'Category not found.',
  productTypeRequired: 'Please choose a product type.',
  productTypeNotFound: 'Product type not found.',
  brandNotFound: 'Brand not found.',
  productNotFound: 'Product not found.',
  variantNotFound: 'Variant not found.',
  skuRequired: 'Please enter a SKU.',
  skuInvalid: 'SKU may only use letters, digits, dots, dashes and underscores (up to 64).',
  skuTaken: 'This SKU is already used by another variant.',
  stockInvalid: 'Stock must be a whole number from 0 to 1,000,000.',
  optionTooLong: 'Options must be at most 60 characters.',
  coverWarrantyInvalid: 'Warranty must be 0 or 12 months.',
  attributesInvalid: 'Write each attribute as "Name: value, value" on its own line (up to 30).',
  tireInvalid: 'Tire size must be a width of 100-400 mm, an aspect ratio of 20-100 and a rim of 10-30 inches.',
  tireLoadIndexInvalid: 'Load index must be a whole number from 50 to 150.',
  tireSpeedRatingInvalid: 'Speed rating must be one or two letters.',
  altTooLong: 'Alt text must be at most 255 characters.',
  colorTooLong: 'Colour must be at most 60 characters.',
  variantStylingTooLong: 'Variant styling must be at most 60 characters.',
  metadataInvalid: 'Give each metadata entry a key (up to 100 characters, each key once) and a value (up to 255), at most 50 entries.',
} as const;

const M = PRODUCT_ADMIN_MESSAGES;

export const NAME_MAX = 250;
export const SKU_PATTERN = /^[A-Za-z0-9._-]{1,64}$/;
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const MAX_PESOS = 10_000_000;
export const MAX_STOCK = 1_000_000;
export const COVER_WARRANTY_MONTHS = [0, 12] as const;
export const MAX_ATTRIBUTES = 30;

/** A slug from a name: 'Galaxy S24 Ultra (512GB)' gives 'galaxy-s24-ultra-512gb'. */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 200)
    .replace(/-+$/, '');
}

/** A form's text or the API's number: '' and null are "not given", commas are thousands. */
const numberish = (v: unknown) => {
  if (v === '' || v === undefined) return undefined;
  if (v === null) return null;
  if (typeof v === 'string') {
    const text = v.replace(/,/g, '').trim();
    return text === '' ? undefined : Number(text);
  }
  return v;
};

const numberRule = (message: string, min: number, max: number, integer: boolean) =>
  z.number({ error: message }).refine((n) => Number.isFinite(n) && n >= min && n <= max && (!integer || Number.isInteger(n)), message);

const number = (message: string, min: number, max: number, integer = false) => z.preprocess(numberish, numberRule(message, min, max, integer));

/** A number that may be left out or empty ('' from a form) or null (none). */
const optionalNumber = (message: string, min: number, max: number, integer = false) =>
  z.preprocess(numberish, numberRule(message, min, max, integer).nullish());

const pesos = (message: string) => number(message, 0, MAX_PESOS);

/** A form's checkbox ('on') or the API's boolean. */
const flag = z.preprocess((v) => (v === 'on' || v === 'true' ? true : v === 'false' || v === '' ? false : v), z.boolean());

/** Trimmed text, empty as null. */
const optionalText = (max: number, message: string) =>
  z.preprocess((v) => (typeof v === 'string' ? v.trim() || null : v), z.string().max(max, message).nullish());

const name = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim() : v),
  z.string({ error: M.nameRequired }).min(1, M.nameRequired).max(NAME_MAX, M.nameTooLong),
);

const slug = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim() || undefined : v),
  z.string().regex(SLUG_PATTERN, M.slugInvalid).max(200, M.slugInvalid).optional(),
);

const id = (message: string) => z.preprocess((v) => (typeof v === 'string' ? v.trim() : v), z.string({ error: message }).min(1, message));

export type AttributeInput = { name: string; values: string[] };

const attributes = z
  .array(
    z.object({
      name: z.string().trim().min(1, M.attributesInvalid).max(100, M.attributesInvalid),
      values: z.array(z.string().trim().min(1, M.attributesInvalid).max(200, M.attributesInvalid)).min(1, M.attributesInvalid).max(20, M.attributesInvalid),
    }),
    { error: M.attributesInvalid },
  )
  .max(MAX_ATTRIBUTES, M.attributesInvalid);

/** The form's attributes box: 'Display: 6.1" OLED' and 'Colours: Black, White', one per line. */
export function parseAttributesText(text: string): AttributeInput[] | null {
  const list: AttributeInput[] = [];
  for (const line of text.split(/\r?\n/)) {
    if (!line.trim()) continue;
    const colon = line.indexOf(':');
    if (colon <= 0) return null;
    const values = line
      .slice(colon + 1)
      .split(',')
      .map((v) => v.trim())
      .filter(Boolean);
    if (values.length === 0) return null;
    list.push({ name: line.slice(0, colon).trim(), values });
  }
  return list;
}

export function formatAttributesText(list: readonly AttributeInput[]): string {
  return list.map((a) => `${a.name}: ${a.values.join(', ')}`).join('\n');
}

export const tireSizeSchema = z.object({
  width: number(M.tireInvalid, 100, 400, true),
  aspectRatio: number(M.tireInvalid, 20, 100, true),
  rimDiameter: number(M.tireInvalid, 10, 30, true),
  loadIndex: optionalNumber(M.tireLoadIndexInvalid, 50, 150, true),
  speedRating: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().toUpperCase() || null : v),
    z.string().regex(/^[A-Z]{1,2}$/, M.tireSpeedRatingInvalid).nullish(),
  ),
});

export type TireSizeInput = z.output<typeof tireSizeSchema>;

/** A product's tax class on a sales invoice (docs/product/invoices.md). */
export const TAX_CLASSES = ['VATABLE', 'VAT_EXEMPT', 'ZERO_RATED'] as const;
export const TAX_CLASS_LABELS: Record<(typeof TAX_CLASSES)[number], string> = { VATABLE: 'VATable (12% VAT included)', VAT_EXEMPT: 'VAT-exempt', ZERO_RATED: 'Zero-rated' };

const productFields = {
  name,
  slug,
  description: z.string().max(100_000).optional(),
  seoTitle: optionalText(200, M.nameTooLong),
  seoDescription: optionalText(300, M.nameTooLong),
  productType: id(M.productTypeRequired),
  category: id(M.categoryRequired),
  brand: z.preprocess((v) => (v === '' ? null : v), z.string().nullish()),
  basePrice: pesos(M.priceInvalid),
  salePercent: optionalNumber(M.salePercentInvalid, 0, 100),
  saleAmount: optionalNumber(M.saleAmountInvalid, 0, MAX_PESOS),
  weight: optionalNumber(M.weightInvalid, 0, 1_000_000, true),
  isPublished: flag.optional(),
  isPreOrder: flag.optional(),
  isFreeShippingFee: flag.optional(),
  isInstallmentReady: flag.optional(),
  hasInstacoverWarranty: flag.optional(),
  isFeatured: flag.optional(),
  /** How a sale of it is taxed on the sales invoice (docs/product/invoices.md); VATABLE when left out. */
  taxClass: z.enum(TAX_CLASSES, { error: 'Please choose a tax class.' }).optional(),
  attributes: attributes.optional(),
  /** A tire's size (tires module); null takes it away. */
  tire: tireSizeSchema.nullish(),
};

/** productCreate: name, type, category and base price are needed. */
export const productCreateSchema = z.object(productFields);
/** productUpdate: only what is given changes. */
export const productUpdateSchema = z.object(productFields).partial();

export type ProductCreateInput = z.output<typeof productCreateSchema>;
export type ProductUpdateInput = z.output<typeof productUpdateSchema>;

const variantFields = {
  name,
  sku: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    z.string({ error: M.skuRequired }).min(1, M.skuRequired).regex(SKU_PATTERN, M.skuInvalid),
  ),
  color: optionalText(60, M.optionTooLong),
  memory: optionalText(60, M.optionTooLong),
  coverWarranty: z.preprocess(
    numberish,
    z
      .number({ error: M.coverWarrantyInvalid })
      .refine((n) => (COVER_WARRANTY_MONTHS as readonly number[]).includes(n), M.coverWarrantyInvalid)
      .nullish(),
  ),
  /** Pesos before any sale: the product's base price plus this variant's extra. */
  price: z.preprocess(numberish, z.number({ error: M.priceRequired }).refine((n) => Number.isFinite(n) && n >= 0 && n <= MAX_PESOS, M.priceInvalid)),
  stockQuantity: optionalNumber(M.stockInvalid, 0, MAX_STOCK, true),
  exchangeRequestFee: optionalNumber(M.priceInvalid, 0, MAX_PESOS),
  sortOrder: optionalNumber(M.stockInvalid, 0, 100_000, true),
};

/** productVariantCreate. */
export const variantCreateSchema = z.object(variantFields);
/** productVariantUpdate: only what is given changes (the inline price/stock edit sends two). */
export const variantUpdateSchema = z.object(variantFields).partial();

export type VariantCreateInput = z.output<typeof variantCreateSchema>;
export type VariantUpdateInput = z.output<typeof variantUpdateSchema>;

/** productMediaCreate / productMediaUpdate: alt text and the colour the picture shows. */
export const mediaFieldsSchema = z.object({
  alt: z.preprocess((v) => (typeof v === 'string' ? v.trim() : v ?? ''), z.string().max(255, M.altTooLong)),
  color: optionalText(60, M.colorTooLong),
});

/** categoryCreate / brandCreate / collectionCreate: the shared fields. */
export const taxonomyCreateSchema = z.object({
  name,
  slug,
  description: z.string().max(100_000).optional(),
  isFeatured: flag.optional(),
  parent: z.preprocess((v) => (v === '' ? null : v), z.string().nullish()),
  isInstallmentReady: flag.optional(),
  sortOrder: optionalNumber('Sort order must be a whole number from 0 to 100,000.', 0, 100_000, true),
  // Categories only: the product page's variant picker style (ADR 044); empty clears it.
  variantStyling: optionalText(60, M.variantStylingTooLong),
});
export const taxonomyUpdateSchema = taxonomyCreateSchema.partial();

/** A product type's metadata (productTypeUpdate): replaces the whole list. */
export const METADATA_MAX_ENTRIES = 50;
export const productTypeMetadataSchema = z
  .array(
    z.object({
      key: z.preprocess((v) => (typeof v === 'string' ? v.trim() : v), z.string({ error: M.metadataInvalid }).min(1, M.metadataInvalid).max(100, M.metadataInvalid)),
      value: z.string({ error: M.metadataInvalid }).max(255, M.metadataInvalid),
    }),
    { error: M.metadataInvalid },
  )
  .max(METADATA_MAX_ENTRIES, M.metadataInvalid)
  .refine((items) => new Set(items.map((i) => i.key)).size === items.length, M.metadataInvalid);

export type TaxonomyCreateInput = z.output<typeof taxonomyCreateSchema>;
export type TaxonomyUpdateInput = z.output<typeof taxonomyUpdateSchema>;

/**
 * productMediaCreate's picture: the limits of the other uploads (proof of billing, profile
 * picture): a base64 image (or data: URL) up to 5,000,000 bytes, checked again by decoding it.
 */
export const MEDIA_MAX_BYTES = PROOF_MAX_BYTES;
export const mediaUploadSchema = mediaFieldsSchema.extend({
  image: z
    .string({ error: PROOF_MESSAGES.missing })
    .refine((s) => s.trim().length > 0, PROOF_MESSAGES.missing)
    .refine((s) => !s.startsWith('data:') || s.startsWith('data:image/'), PROOF_MESSAGES.notImage)
    .refine((s) => base64ByteLength(s) <= MEDIA_MAX_BYTES, PROOF_MESSAGES.tooLarge),
});

export const PRODUCT_FLAGS = ['isPublished', 'isPreOrder', 'isFreeShippingFee', 'isInstallmentReady', 'hasInstacoverWarranty', 'isFeatured'] as const;

export const PRODUCT_FLAG_LABELS: Record<(typeof PRODUCT_FLAGS)[number], string> = {
  isPublished: 'Published',
  isPreOrder: 'Pre-order',
  isFreeShippingFee: 'Free shipping',
  isInstallmentReady: 'Installment-ready',
  hasInstacoverWarranty: 'InstaCover warranty',
  isFeatured: 'Featured (BEST DEALS)',
};

/**
 * The product form's fields as the schemas' input: an unticked box is false, the tire fields
 * (tire.width...) one size or none, the attributes box a list (or a string the schema refuses).
 */
export function productFormInput(form: Record<string, string>): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const key of ['name', 'slug', 'description', 'seoTitle', 'seoDescription', 'productType', 'category', 'brand', 'basePrice', 'salePercent', 'saleAmount', 'weight', 'taxClass']) {
    if (key in form) input[key] = form[key];
  }
  if (input.salePercent === '') input.salePercent = null;
  if (input.saleAmount === '') input.saleAmount = null;
  for (const flag of PRODUCT_FLAGS) input[flag] = form[flag] === 'on';
  if ('attributes' in form) input.attributes = parseAttributesText(form.attributes ?? '') ?? form.attributes;
  const tireKeys = ['width', 'aspectRatio', 'rimDiameter', 'loadIndex', 'speedRating'] as const;
  if (tireKeys.some((k) => `tire.${k}` in form)) {
    const tire = Object.fromEntries(tireKeys.map((k) => [k, form[`tire.${k}`] ?? '']));
    input.tire = tireKeys.slice(0, 3).every((k) => !tire[k]?.trim()) ? null : tire;
  }
  return input;
}
