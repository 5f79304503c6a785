// The catalogue API's types: images, the node types, connections, and brand, category and product type
// (docs/product/catalogue.md). Product and variant fields are in catalogue-products.schema.ts, queries in catalogue-queries.schema.ts.
import { encodeGlobalID } from '@pothos/plugin-relay';
import { parseNodeKey } from '../../graphql/node-key';
import { builder } from '../../graphql/builder';
import type { GraphQLContext } from '../../graphql/context';
import { offsetConnection } from '../../graphql/pagination';
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
import { countProducts, getProducts, listProducts, type ProductRow } from './catalogue.service';
import { pickDerivative, srcSet, type StoredImage } from './media';

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

export const storedOf = (row: ProductImageRow): StoredImage => ({ key: row.mediaKey, width: row.width, height: row.height });

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

export const WeightRef = builder.objectRef<number>('Weight').implement({
  description: 'A weight in grams.',
  fields: (t) => ({
    unit: t.string({ resolve: () => 'G' }),
    value: t.float({ resolve: (grams) => grams }),
  }),
});

/** Listed products go into the request's product loader: their variants' pricing needs no re-read. */
export async function primed(ctx: GraphQLContext, rows: Promise<ProductRow[]>): Promise<ProductRow[]> {
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

const VariantStylingRef = builder.objectRef<{ name: string }>('VariantStyling').implement({
  fields: (t) => ({ name: t.exposeString('name') }),
});

CategoryRef.implement({
  fields: (t) => ({
    name: t.exposeString('name'),
    slug: t.exposeString('slug'),
    description: t.exposeString('description'),
    seoTitle: t.exposeString('seoTitle'),
    seoDescription: t.exposeString('seoDescription'),
    level: t.exposeInt('level'),
    variantStyling: t.field({
      type: VariantStylingRef,
      nullable: true,
      description: "How the product page's variant picker behaves for this category's products ('Mobile phones' and 'Tablets' preselect the first color and its memory); null: the plain picker. Staff set it (categoryUpdate).",
      resolve: (c) => (c.variantStyling ? { name: c.variantStyling } : null),
    }),
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

