// The catalogue API: brands, categories, products, variants, pricing and images (spec 2, 7.1).
import { encodeGlobalID } from '@pothos/plugin-relay';
import { parseNodeKey } from '../../graphql/node-key';
import { builder } from '../../graphql/builder';
import type { GraphQLContext } from '../../graphql/context';
import { offsetConnection } from '../../graphql/pagination';
import { ErrorRef, runMutation, type WithErrors } from '../../graphql/types/errors';
import { MoneyRef, TaxedMoneyRangeRef, TaxedMoneyRef, taxed } from '../../graphql/types/money';
import { pesosToCentavos } from '../../../common/money';
import { productAndRelated, productFor } from './product-page';
import {
  catalogueLoaders,
  loadByIds,
  loadRows,
  type BrandRow,
  type CategoryRow,
  type CollectionRow,
  type ProductImageRow,
  type ProductTypeRow,
  type VariantRow,
} from './catalogue.loaders';
import {
  countBrands,
  countCategories,
  createCustomVoucherVariant,
  countProducts,
  getCategoryBySlug,
  getProducts,
  isVariantAvailable,
  listBrands,
  listCategories,
  listProducts,
  type ProductFilter,
  type ProductRow,
} from './catalogue.service';
import { parseId, parseIds } from './ids';
import { pickDerivative, srcSet, type StoredImage } from './media';
import { productPricing, variantPricing } from './pricing';
import type { ProductAttribute } from './catalogue.tables';
import { ProductOrderInput } from './product-sort.schema';

// ---------------------------------------------------------------------------------------------
// Images: every image carries its width and height so screens can reserve the space.

export type ImageShape = { image: StoredImage; alt: string; size?: number | null };

export const ImageRef = builder.objectRef<ImageShape>('Image').implement({
  description: 'An image served from /media, as a WebP derivative of the requested size.',
  fields: (t) => ({
    url: t.string({ resolve: (i) => pickDerivative(i.image, i.size).url }),
    alt: t.string({ resolve: (i) => i.alt }),
    width: t.int({ resolve: (i) => pickDerivative(i.image, i.size).width }),
    height: t.int({ resolve: (i) => pickDerivative(i.image, i.size).height }),
    srcSet: t.string({ description: 'Every derivative, for <img srcset>.', resolve: (i) => srcSet(i.image) }),
  }),
});

export function imageOf(image: StoredImage | null | undefined, alt: string, size?: number | null): ImageShape | null {
  return image ? { image, alt: image.alt ?? alt, size } : null;
}

type ProductImageShape = ProductImageRow & { size?: number | null };

const storedOf = (row: ProductImageRow): StoredImage => ({ key: row.mediaKey, width: row.width, height: row.height });

export const ProductImageRef = builder.objectRef<ProductImageShape>('ProductImage').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    sortOrder: t.exposeInt('sortOrder'),
    alt: t.exposeString('alt'),
    url: t.string({
      args: { size: t.arg.int({ description: 'Width in pixels wanted; the nearest larger derivative is given.' }) },
      resolve: (i, args) => pickDerivative(storedOf(i), args.size ?? i.size).url,
    }),
    width: t.int({ args: { size: t.arg.int() }, resolve: (i, args) => pickDerivative(storedOf(i), args.size ?? i.size).width }),
    height: t.int({ args: { size: t.arg.int() }, resolve: (i, args) => pickDerivative(storedOf(i), args.size ?? i.size).height }),
    srcSet: t.string({ resolve: (i) => srcSet(storedOf(i)) }),
  }),
});

// ---------------------------------------------------------------------------------------------
// Nodes

export const BrandRef = builder.loadableNodeRef<BrandRow, number>('Brand', {
  id: { resolve: (b) => b.id, parse: parseNodeKey },
  load: (ids, ctx) => loadByIds(ids, (list) => loadRows.brands(ctx, list), 'Brand'),
});

export const CategoryRef = builder.loadableNodeRef<CategoryRow, number>('Category', {
  id: { resolve: (c) => c.id, parse: parseNodeKey },
  load: (ids, ctx) => loadByIds(ids, (list) => loadRows.categories(ctx, list), 'Category'),
});

export const ProductTypeRef = builder.loadableNodeRef<ProductTypeRow, number>('ProductType', {
  id: { resolve: (p) => p.id, parse: parseNodeKey },
  load: (ids, ctx) => loadByIds(ids, (list) => loadRows.productTypes(ctx, list), 'ProductType'),
});

/** Loadable by numeric id: other modules return `ProductRef` with a product id. */
export const ProductRef = builder.loadableNodeRef<ProductRow, number>('Product', {
  id: { resolve: (p) => p.id, parse: parseNodeKey },
  load: (ids, ctx) => loadByIds(ids, (list) => getProducts(ctx, list), 'Product'),
});

/** Loadable by numeric id: checkout returns `ProductVariantRef` with a variant id on cart lines. */
export const ProductVariantRef = builder.loadableNodeRef<VariantRow, number>('ProductVariant', {
  id: { resolve: (v) => v.id, parse: parseNodeKey },
  load: (ids, ctx) => loadByIds(ids, (list) => loadRows.variants(ctx, list), 'ProductVariant'),
});

export const CollectionRef = builder.objectRef<CollectionRow>('Collection').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    name: t.exposeString('name'),
    slug: t.exposeString('slug'),
  }),
});

const WeightRef = builder.objectRef<number>('Weight').implement({
  description: 'A weight in grams.',
  fields: (t) => ({
    unit: t.string({ resolve: () => 'G' }),
    value: t.float({ resolve: (grams) => grams }),
  }),
});

/** Listed products go into the request's product loader: their variants' pricing needs no re-read. */
async function primed(ctx: GraphQLContext, rows: Promise<ProductRow[]>): Promise<ProductRow[]> {
  const list = await rows;
  const loader = ProductRef.getDataloader(ctx);
  for (const row of list) loader.prime(row.id, row);
  return list;
}

// Named connections, shared by every field that lists the same type.
export const ProductConnection = builder.connectionObject({ type: ProductRef, name: 'ProductCountableConnection' });
export const ProductVariantConnection = builder.connectionObject({
  type: ProductVariantRef,
  name: 'ProductVariantCountableConnection',
});
export const CategoryConnection = builder.connectionObject({ type: CategoryRef, name: 'CategoryCountableConnection' });
export const BrandConnection = builder.connectionObject({ type: BrandRef, name: 'BrandCountableConnection' });

// ---------------------------------------------------------------------------------------------
// Brand, Category, ProductType

BrandRef.implement({
  fields: (t) => ({
    name: t.exposeString('name'),
    slug: t.exposeString('slug'),
    description: t.exposeString('description'),
    // Shop pages address brands, categories and products by their global IDs.
    url: t.string({ description: 'The brand\'s shop page.', resolve: (b) => `/shop/brand/${encodeGlobalID('Brand', b.id)}` }),
    image: t.field({ type: ImageRef, nullable: true, args: { size: t.arg.int() }, resolve: (b, args) => imageOf(b.image, b.name, args.size) }),
    isInstallmentReady: t.exposeBoolean('isInstallmentReady'),
    isFeatured: t.exposeBoolean('isFeatured'),
    products: t.connection(
      {
        type: ProductRef,
        resolve: (b, args, ctx) =>
          offsetConnection(
            args,
            (page) => primed(ctx, listProducts(ctx, { brandIds: [b.id] }, page)),
            () => countProducts(ctx, { brandIds: [b.id] }),
          ),
      },
      ProductConnection,
    ),
  }),
});

CategoryRef.implement({
  fields: (t) => ({
    name: t.exposeString('name'),
    slug: t.exposeString('slug'),
    description: t.exposeString('description'),
    seoTitle: t.exposeString('seoTitle'),
    seoDescription: t.exposeString('seoDescription'),
    level: t.exposeInt('level'),
    url: t.string({ resolve: (c) => `/shop/category/${encodeGlobalID('Category', c.id)}` }),
    parent: t.field({ type: CategoryRef, nullable: true, resolve: (c) => c.parentId }),
    children: t.field({
      type: [CategoryRef],
      resolve: (c, _args, ctx) => catalogueLoaders.childrenByCategory(ctx).load(c.id),
    }),
    backgroundImage: t.field({
      type: ImageRef,
      nullable: true,
      args: { size: t.arg.int() },
      resolve: (c, args) => imageOf(c.backgroundImage, c.name, args.size),
    }),
    products: t.connection(
      {
        type: ProductRef,
        description: 'Products of this category and of its subcategories.',
        resolve: (c, args, ctx) =>
          offsetConnection(
            // category(productsCount: N) sets the page size when the field names none.
            args.first == null && args.last == null ? { ...args, first: (c as CategoryWithCount).productsCount } : args,
            (page) => primed(ctx, listProducts(ctx, { categoryIds: [c.id] }, page)),
            () => countProducts(ctx, { categoryIds: [c.id] }),
          ),
      },
      ProductConnection,
    ),
  }),
});

/** A category fetched by `category(productsCount:)` carries the page size for its products. */
type CategoryWithCount = CategoryRow & { productsCount?: number | null };

ProductTypeRef.implement({
  fields: (t) => ({
    name: t.exposeString('name'),
    slug: t.exposeString('slug'),
    hasVariants: t.exposeBoolean('hasVariants'),
    isShippingRequired: t.exposeBoolean('isShippingRequired'),
    isDigital: t.exposeBoolean('isDigital'),
    isAgeRestricted: t.exposeBoolean('isAgeRestricted', {
      description: 'The product page asks for the shopper\'s age first (spirits).',
    }),
    weight: t.field({ type: WeightRef, resolve: (p) => p.weightGrams }),
  }),
});


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
    stockQuantity: t.exposeInt('stockQuantity'),
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

// ---------------------------------------------------------------------------------------------
// Queries

const pesos = (value: number | null | undefined) => (value != null && Number.isFinite(value) ? pesosToCentavos(value) : null);

builder.queryFields((t) => ({
  products: t.connection(
    {
      type: ProductRef,
      description: 'Published products, filtered; in `sortBy` order, else by relevance when `query` is given, else featured first.',
      args: {
        categories: t.arg.idList({ description: 'Each category includes its subcategories.' }),
        brand: t.arg.id(),
        query: t.arg.string(),
        minimumPrice: t.arg.float({ description: 'Pesos, compared with the lowest price.' }),
        maximumPrice: t.arg.float({ description: 'Pesos, compared with the lowest price.' }),
        sortBy: t.arg({ type: ProductOrderInput }),
      },
      resolve: (_root, args, ctx) => {
        const brandId = args.brand != null ? parseId(args.brand, 'Brand') : null;
        const filter: ProductFilter = {
          categoryIds: parseIds(args.categories, 'Category'),
          brandIds: brandId != null ? [brandId] : args.brand != null ? [-1] : [],
          query: args.query,
          minimumPrice: pesos(args.minimumPrice),
          maximumPrice: pesos(args.maximumPrice),
          sort: args.sortBy,
        };
        return offsetConnection(args, (page) => primed(ctx, listProducts(ctx, filter, page)), () => countProducts(ctx, filter));
      },
    },
    ProductConnection,
  ),
  featuredProducts: t.connection(
    {
      type: ProductRef,
      description: 'BEST DEALS.',
      resolve: (_root, args, ctx) =>
        offsetConnection(
          args,
          (page) => primed(ctx, listProducts(ctx, { featured: true }, page)),
          () => countProducts(ctx, { featured: true }),
        ),
    },
    ProductConnection,
  ),
  product: t.field({
    type: ProductRef,
    nullable: true,
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, args, ctx, info) => {
      const id = parseId(args.id, 'Product');
      // Asked with its related products (the product page), both wait for one promise: product-page.ts.
      const product = id == null ? null : await productFor(ctx, ProductRef.getDataloader(ctx), id, info);
      return product?.isPublished ? product : null;
    },
  }),
  relatedProducts: t.field({
    type: [ProductRef],
    description: 'Products of the same category, nearest in price first.',
    args: { id: t.arg.id({ required: true }), first: t.arg.int({ defaultValue: 8 }) },
    resolve: async (_root, args, ctx) => {
      const id = parseId(args.id, 'Product');
      return id == null ? [] : (await productAndRelated(ctx, ProductRef.getDataloader(ctx), id, args.first))[1];
    },
  }),
  productVariants: t.connection(
    {
      type: ProductVariantRef,
      args: { ids: t.arg.idList() },
      resolve: async (_root, args, ctx) => {
        const ids = parseIds(args.ids, 'ProductVariant');
        // Missing ids count for nothing: totalCount is what the edges can hold. The list is
        // at most 100 ids (input limits), so loading them all is one batched query.
        const loaded = await Promise.all(ids.map((id) => ProductVariantRef.getDataloader(ctx).load(id).catch(() => null)));
        const found = loaded.filter((v): v is VariantRow => v != null);
        return offsetConnection(
          args,
          async (page) => found.slice(page.offset, page.offset + page.limit),
          async () => found.length,
        );
      },
    },
    ProductVariantConnection,
  ),
  categories: t.connection(
    {
      type: CategoryRef,
      args: { level: t.arg.int({ description: '0 for top-level categories.' }) },
      resolve: (_root, args, ctx) =>
        offsetConnection(
          args,
          (page) => listCategories(ctx, { level: args.level }, page),
          () => countCategories(ctx, { level: args.level }),
        ),
    },
    CategoryConnection,
  ),
  category: t.field({
    type: CategoryRef,
    nullable: true,
    args: {
      id: t.arg.id(),
      slug: t.arg.string(),
      productsCount: t.arg.int({ description: 'How many products `products` returns when it is given no first/last.' }),
    },
    resolve: async (_root, args, ctx) => {
      let category: CategoryRow | null = null;
      if (args.id != null) {
        const id = parseId(args.id, 'Category');
        category = id == null ? null : await CategoryRef.getDataloader(ctx).load(id).catch(() => null);
      } else if (args.slug) {
        category = await getCategoryBySlug(ctx, args.slug);
      }
      // A copy: the loaded row is shared by every field of this request.
      return category && args.productsCount != null ? { ...category, productsCount: args.productsCount } : category;
    },
  }),
  brands: t.connection(
    {
      type: BrandRef,
      resolve: (_root, args, ctx) =>
        offsetConnection(args, (page) => listBrands(ctx, {}, page), () => countBrands(ctx, {})),
    },
    BrandConnection,
  ),
  featuredBrands: t.connection(
    {
      type: BrandRef,
      description: 'TOP BRANDS.',
      resolve: (_root, args, ctx) =>
        offsetConnection(
          args,
          (page) => listBrands(ctx, { featured: true }, page),
          () => countBrands(ctx, { featured: true }),
        ),
    },
    BrandConnection,
  ),
  brand: t.field({
    type: BrandRef,
    nullable: true,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => {
      const id = parseId(args.id, 'Brand');
      return id == null ? null : BrandRef.getDataloader(ctx).load(id).catch(() => null);
    },
  }),
}));

// ---------------------------------------------------------------------------------------------
// Mutations

const CreateCustomVoucherRef = builder.objectRef<WithErrors<{ voucher: VariantRow }>>('CreateCustomVoucher').implement({
  fields: (t) => ({
    voucher: t.field({
      type: ProductVariantRef,
      nullable: true,
      description: 'The voucher variant at the amount (id, name, sku, stockQuantity, isAvailable, images, pricing): add its id to the cart.',
      resolve: (p) => p.voucher ?? null,
    }),
    errors: t.field({ type: [ErrorRef], resolve: (p) => p.errors }),
  }),
});

builder.mutationField('createCustomVoucher', (t) =>
  t.field({
    type: CreateCustomVoucherRef,
    description:
      'A voucher at the amount the customer typed (whole pesos, 100 to 10,000), as a variant of the voucher ' +
      'product; the same amount gives the same variant. Signed-in customers only.',
    args: {
      amount: t.arg.string({ required: true, description: 'Whole pesos, digits only, e.g. "1500".' }),
      products: t.arg.idList({ required: true, description: 'The voucher product (one id).' }),
    },
    resolve: (_root, args, ctx) =>
      runMutation(async () => {
        const ids = args.products.map((id) => parseId(id, 'Product'));
        const productId = ids.length === 1 ? ids[0]! : null;
        return { voucher: await createCustomVoucherVariant(ctx, { productId, amount: args.amount }) };
      }),
  }),
);
