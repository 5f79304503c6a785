// The catalogue API's Product and ProductVariant types, with their pricing, attributes and options.
import { encodeGlobalID } from '@pothos/plugin-relay';
import { PUBLIC_STOCK_CAP, publicStock } from '../../../common/catalogue/stock';
import { builder } from '../../graphql/builder';
import { MoneyRef, TaxedMoneyRangeRef, TaxedMoneyRef, taxed } from '../../graphql/types/money';
import { catalogueLoaders, type VariantRow } from './catalogue.loaders';
import { isVariantAvailable } from './catalogue.service';
import type { ProductAttribute } from './catalogue.tables';
import {
  BrandRef,
  CategoryRef,
  CollectionRef,
  ImageRef,
  ProductImageRef,
  ProductRef,
  ProductTypeRef,
  ProductVariantRef,
  storedOf,
  WeightRef,
} from './catalogue.schema';
import { descriptionJson } from './description-json';
import { productPricing, variantPricing } from './pricing';
import { metadataItems, productAttributesByType, variantAttributesByType } from './product-type-facts';

// ---------------------------------------------------------------------------------------------
// Pricing

const ProductPricingRef = builder.objectRef<ReturnType<typeof productPricing>>('ProductPricingInfo').implement({
  fields: (t) => ({
    onSale: t.exposeBoolean('onSale'),
    discount: t.field({
      type: TaxedMoneyRef,
      nullable: true,
      description: 'Amount off the start of the range while on sale.',
      resolve: (p) => (p.discount != null ? taxed(p.discount) : null),
    }),
    priceRange: t.field({ type: TaxedMoneyRangeRef, resolve: (p) => p.priceRange }),
    priceRangeUndiscounted: t.field({ type: TaxedMoneyRangeRef, resolve: (p) => p.priceRangeUndiscounted }),
    priceRangeLocalCurrency: t.field({
      type: TaxedMoneyRangeRef,
      description: 'The shop sells in pesos only, so this equals priceRange.',
      resolve: (p) => p.priceRange,
    }),
  }),
});

const VariantPricingRef = builder.objectRef<ReturnType<typeof variantPricing>>('VariantPricingInfo').implement({
  fields: (t) => ({
    onSale: t.exposeBoolean('onSale'),
    discount: t.field({ type: TaxedMoneyRef, nullable: true, resolve: (p) => (p.discount != null ? taxed(p.discount) : null) }),
    price: t.field({ type: TaxedMoneyRef, resolve: (p) => taxed(p.price) }),
    priceUndiscounted: t.field({ type: TaxedMoneyRef, resolve: (p) => taxed(p.priceUndiscounted) }),
  }),
});

// ---------------------------------------------------------------------------------------------
// Product

const AttributeRef = builder.objectRef<{ name: string }>('Attribute').implement({
  fields: (t) => ({
    name: t.exposeString('name'),
    slug: t.string({ resolve: (a) => slugify(a.name) }),
  }),
});
const AttributeValueRef = builder.objectRef<{ name: string }>('AttributeValue').implement({
  fields: (t) => ({
    name: t.exposeString('name'),
    slug: t.string({ resolve: (v) => slugify(v.name) }),
  }),
});
const SelectedAttributeRef = builder.objectRef<ProductAttribute>('SelectedAttribute').implement({
  description: 'A specification of the product, e.g. Display: 6.1" OLED.',
  fields: (t) => ({
    attribute: t.field({ type: AttributeRef, resolve: (a) => ({ name: a.name }) }),
    values: t.field({ type: [AttributeValueRef], resolve: (a) => a.values.map((name) => ({ name })) }),
  }),
});

const MetadataItemRef = builder.objectRef<{ key: string; value: string }>('MetadataItem').implement({
  fields: (t) => ({
    key: t.exposeString('key'),
    value: t.exposeString('value'),
  }),
});

// What a product type's products share: read from the products (product-type-facts.ts); its
// metadata is set by staff (productTypeUpdate).
builder.objectFields(ProductTypeRef, (t) => ({
  variantAttributes: t.field({
    type: [AttributeRef],
    description: 'The choices the variant picker offers for this type (Color, Memory, Exchange Warranty), as its published products\' variants have them.',
    resolve: (type, _args, ctx) => variantAttributesByType(ctx).load(type.id),
  }),
  productAttributes: t.field({
    type: [AttributeRef],
    description: 'The specification names (e.g. Display, Chipset) the type\'s published products list.',
    resolve: async (type, _args, ctx) => (await productAttributesByType(ctx).load(type.id)).map((name) => ({ name })),
  }),
  meta: t.field({
    type: [MetadataItemRef],
    description: 'Public key-value facts about the type, A to Z by key; staff set them (productTypeUpdate).',
    resolve: (type) => metadataItems(type.metadata),
  }),
}));

function slugify(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
}

const ProductOptionsRef = builder
  .objectRef<{ colors: string[]; memories: string[]; coverWarranties: number[] }>('ProductOptions')
  .implement({
    description: 'The distinct choices the variant picker offers, in picker order.',
    fields: (t) => ({
      colors: t.exposeStringList('colors'),
      memories: t.exposeStringList('memories'),
      coverWarranties: t.exposeIntList('coverWarranties'),
    }),
  });

ProductRef.implement({
  fields: (t) => ({
    name: t.exposeString('name'),
    slug: t.exposeString('slug'),
    description: t.exposeString('description', { description: 'Sanitised HTML.' }),
    descriptionJson: t.string({
      description: 'The description as rich-text blocks, JSON in Editor.js\'s shape ({"blocks":[{"type":"paragraph","data":{"text":...}}, ...]}), made from the HTML description.',
      resolve: (p) => descriptionJson(p.description),
    }),
    seoTitle: t.string({ resolve: (p) => p.seoTitle || p.name }),
    seoDescription: t.exposeString('seoDescription'),
    url: t.string({ resolve: (p) => `/product/${encodeGlobalID('Product', p.id)}` }),
    isPreOrder: t.exposeBoolean('isPreOrder'),
    isFreeShippingFee: t.exposeBoolean('isFreeShippingFee'),
    isInstallmentReady: t.exposeBoolean('isInstallmentReady'),
    hasInstacoverWarranty: t.exposeBoolean('hasInstacoverWarranty'),
    isFeatured: t.exposeBoolean('isFeatured', { description: 'Listed under BEST DEALS.' }),
    // isInWatchlist: the watchlist module adds it (watchlist.schema.ts), batched per request.
    weight: t.field({ type: WeightRef, resolve: (p) => p.weightGrams }),
    brand: t.field({ type: BrandRef, nullable: true, resolve: (p) => p.brandId }),
    category: t.field({ type: CategoryRef, resolve: (p) => p.categoryId }),
    productType: t.field({ type: ProductTypeRef, resolve: (p) => p.productTypeId }),
    attributes: t.field({ type: [SelectedAttributeRef], resolve: (p) => p.attributes }),
    collections: t.field({
      type: [CollectionRef],
      resolve: (p, _args, ctx) => catalogueLoaders.collectionsByProduct(ctx).load(p.id),
    }),
    images: t.field({
      type: [ProductImageRef],
      resolve: (p, _args, ctx) => catalogueLoaders.imagesByProduct(ctx).load(p.id),
    }),
    thumbnail: t.field({
      type: ImageRef,
      nullable: true,
      args: { size: t.arg.int({ description: 'Width in pixels wanted (e.g. 255, or 510 for 2x).' }) },
      resolve: async (p, args, ctx) => {
        const [first] = await catalogueLoaders.imagesByProduct(ctx).load(p.id);
        return first ? { image: storedOf(first), alt: first.alt || p.name, size: args.size ?? 255 } : null;
      },
    }),
    pricing: t.field({ type: ProductPricingRef, resolve: (p) => productPricing(p) }),
    variants: t.field({
      type: [ProductVariantRef],
      resolve: (p, _args, ctx) => catalogueLoaders.variantsByProduct(ctx).load(p.id),
    }),
    options: t.field({
      type: ProductOptionsRef,
      resolve: async (p, _args, ctx) => {
        const variants = await catalogueLoaders.variantsByProduct(ctx).load(p.id);
        const distinct = <T>(values: (T | null)[]) => [...new Set(values.filter((v): v is T => v != null))];
        return {
          colors: distinct(variants.map((v) => v.color)),
          memories: distinct(variants.map((v) => v.memory)),
          coverWarranties: distinct(variants.map((v) => v.coverWarranty)),
        };
      },
    }),
  }),
});

// ---------------------------------------------------------------------------------------------
// ProductVariant

/** A variant's own pictures: those of its colour, else (no colour, or none pictured) all. */
function variantImages<T extends { color: string | null }>(images: T[], color: string | null): T[] {
  const own = color == null ? [] : images.filter((i) => i.color === color);
  return own.length > 0 ? own : images;
}

const VariantOptionsRef = builder.objectRef<VariantRow>('VariantOptions').implement({
  fields: (t) => ({
    color: t.exposeString('color', { nullable: true }),
    memory: t.exposeString('memory', { nullable: true }),
    coverWarranty: t.exposeInt('coverWarranty', {
      nullable: true,
      description: 'Months of exchange warranty: 0 (Not availed) or 12; null when not offered.',
    }),
  }),
});

ProductVariantRef.implement({
  fields: (t) => ({
    name: t.exposeString('name'),
    sku: t.exposeString('sku'),
    options: t.field({ type: VariantOptionsRef, resolve: (v) => v }),
    stockQuantity: t.int({
      description: `Units in stock, reported up to ${PUBLIC_STOCK_CAP} ("${PUBLIC_STOCK_CAP} or more"; exact for staff). A cart line's quantityAvailable is exact.`,
      // Exact for staff calling the API; a storefront page shows everyone what shoppers see.
      extensions: { sharedWithVisitors: 'staff read exact stock in the back office; storefront pages show the capped count' },
      resolve: (v, _args, ctx) => (ctx.user?.isStaff ? v.stockQuantity : publicStock(v.stockQuantity)),
    }),
    isAvailable: t.boolean({
      resolve: async (v, _args, ctx) => {
        const product = await ProductRef.getDataloader(ctx).load(v.productId);
        return isVariantAvailable(v.stockQuantity, product.isPublished);
      },
    }),
    addedPrice: t.field({ type: MoneyRef, resolve: (v) => v.addedPrice }),
    exchangeRequestFee: t.field({ type: MoneyRef, resolve: (v) => v.exchangeRequestFee }),
    images: t.field({
      type: [ProductImageRef],
      description: 'The pictures of this variant\'s colour; the product\'s pictures when its colour has none.',
      resolve: async (v, _args, ctx) => variantImages(await catalogueLoaders.imagesByProduct(ctx).load(v.productId), v.color),
    }),
    thumbnail: t.field({
      type: ImageRef,
      nullable: true,
      description: 'The first picture of this variant\'s colour (the product\'s first when it has none): what a cart line shows.',
      args: { size: t.arg.int({ description: 'Width in pixels wanted (e.g. 160, or 510 for 2x).' }) },
      resolve: async (v, args, ctx) => {
        const [first] = variantImages(await catalogueLoaders.imagesByProduct(ctx).load(v.productId), v.color);
        return first ? { image: storedOf(first), alt: first.alt || v.name, size: args.size ?? 255 } : null;
      },
    }),
    pricing: t.field({
      type: VariantPricingRef,
      resolve: async (v, _args, ctx) => variantPricing(await ProductRef.getDataloader(ctx).load(v.productId), v.addedPrice),
    }),
    product: t.field({ type: ProductRef, resolve: (v) => v.productId }),
  }),
});
