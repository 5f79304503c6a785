// The catalogue API's queries (products, categories, brands) and the custom voucher mutation.
import { builder } from '../../graphql/builder';
import { offsetConnection } from '../../graphql/pagination';
import { ErrorRef, runMutation, type WithErrors } from '../../graphql/types/errors';
import { pesosToCentavos } from '../../../common/money';
import type { CategoryRow, VariantRow } from './catalogue.loaders';
import {
  BrandConnection,
  BrandRef,
  CategoryConnection,
  CategoryRef,
  primed,
  ProductConnection,
  ProductRef,
  ProductVariantConnection,
  ProductVariantRef,
} from './catalogue.schema';
import {
  countBrands,
  countCategories,
  createCustomVoucherVariant,
  countProducts,
  getCategoryBySlug,
  listBrands,
  listCategories,
  listProducts,
  searchProductsPage,
  searchWords,
  type ProductFilter,
  type ProductRow,
} from './catalogue.service';
import { parseId, parseIds } from './ids';
import { productAndRelated, productFor } from './product-page';
import { ProductOrderInput } from './product-sort.schema';

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
        if (!searchWords(filter.query ?? '').length) {
          return offsetConnection(args, (page) => primed(ctx, listProducts(ctx, filter, page)), () => countProducts(ctx, filter));
        }
        // A search: the page's statement also counts the matches (searchProductsPage); offsetConnection
        // asks for the page before the count, so the count waits for that statement.
        let found: Promise<{ rows: ProductRow[]; total: number | null }> | undefined;
        return offsetConnection(
          args,
          (page) => primed(ctx, (found = searchProductsPage(ctx, filter, page)).then((f) => f.rows)),
          async () => (found ? ((await found).total ?? countProducts(ctx, filter)) : countProducts(ctx, filter)),
        );
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
