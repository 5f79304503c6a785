// Staff's product API (MANAGE_PRODUCTS), Saleor's names: productCreate/Update/Delete,
// productVariantCreate/Update/Delete, and the back office's product table (staffProducts).
import { TAX_CLASSES } from '../../../common/catalogue/product-admin';
import { builder } from '../../graphql/builder';
import { offsetConnection } from '../../graphql/pagination';
import { ErrorRef, runMutation, type WithErrors } from '../../graphql/types/errors';
import { MoneyRef } from '../../graphql/types/money';
import {
  countStaffProducts,
  createProduct,
  createVariant,
  deleteProduct,
  deleteVariant,
  getStaffProduct,
  listProductTypes,
  listStaffProducts,
  updateProduct,
  updateVariant,
  type VariantRow,
} from './catalogue-staff-products.service';
import type { ProductRow } from './catalogue.service';
import { ProductConnection, ProductRef, ProductTypeRef, ProductVariantRef } from './catalogue.schema';
import { parseId } from './ids';

const ProductAttributeInput = builder.inputType('ProductAttributeInput', {
  description: 'A specification: a name and its values, e.g. Display: 6.1" OLED.',
  fields: (t) => ({
    name: t.string({ required: true }),
    values: t.stringList({ required: true }),
  }),
});

const TireSizeInput = builder.inputType('TireSizeInput', {
  description: 'The size of a tire product, e.g. 205/55 R16 91V.',
  fields: (t) => ({
    width: t.int({ required: true, description: 'Section width, millimetres.' }),
    aspectRatio: t.int({ required: true, description: 'Sidewall height, percent of the width.' }),
    rimDiameter: t.int({ required: true, description: 'Inches.' }),
    loadIndex: t.int(),
    speedRating: t.string(),
  }),
});

/** The fields productCreate and productUpdate share; `required` for productCreate's four. */
function productInputFields(required: boolean) {
  return (t: PothosInputFieldBuilder) => ({
    name: t.string({ required }),
    slug: t.string({ description: 'Made from the name when not given.' }),
    description: t.string({ description: 'HTML; sanitised before it is stored.' }),
    seoTitle: t.string(),
    seoDescription: t.string(),
    productType: t.id({ required }),
    category: t.id({ required }),
    brand: t.id({ description: 'Null for no brand.' }),
    basePrice: t.float({ required, description: 'Pesos: what the first variant costs before a sale.' }),
    salePercent: t.float({ description: 'A sale: percent off every variant (wins over saleAmount); 0 or null for none.' }),
    saleAmount: t.float({ description: 'A sale: pesos off every variant; 0 or null for none.' }),
    weight: t.int({ description: 'Grams; 0 uses the product type\'s weight.' }),
    isPublished: t.boolean(),
    isPreOrder: t.boolean(),
    isFreeShippingFee: t.boolean(),
    isInstallmentReady: t.boolean(),
    hasInstacoverWarranty: t.boolean(),
    isFeatured: t.boolean({ description: 'Listed under BEST DEALS.' }),
    taxClass: t.field({ type: TaxClassEnum, description: "How a sale of it is taxed on the sales invoice; VATABLE when left out." }),
    attributes: t.field({ type: [ProductAttributeInput] }),
    tire: t.field({ type: TireSizeInput, description: 'A tire\'s size; null removes it.' }),
  });
}

const TaxClassEnum = builder.enumType('TaxClass', { values: TAX_CLASSES, description: "A product's tax class on a sales invoice: VATABLE (12% VAT in the price), VAT_EXEMPT or ZERO_RATED." });

type PothosInputFieldBuilder = Parameters<Parameters<typeof builder.inputType>[1]['fields']>[0];

const ProductCreateInput = builder.inputType('ProductCreateInput', { fields: productInputFields(true) });
const ProductInput = builder.inputType('ProductInput', { fields: productInputFields(false) });

function variantInputFields(required: boolean) {
  return (t: PothosInputFieldBuilder) => ({
    name: t.string({ required }),
    sku: t.string({ required }),
    color: t.string(),
    memory: t.string({ description: 'Storage, e.g. 256GB.' }),
    coverWarranty: t.int({ description: 'Months of exchange warranty: 0 or 12; null when not offered.' }),
    price: t.float({ required, description: 'Pesos before any sale of the product.' }),
    stockQuantity: t.int(),
    exchangeRequestFee: t.float({ description: 'Pesos.' }),
    sortOrder: t.int(),
  });
}

const ProductVariantCreateInput = builder.inputType('ProductVariantCreateInput', {
  fields: (t) => ({ product: t.id({ required: true }), ...variantInputFields(true)(t) }),
});
const ProductVariantInput = builder.inputType('ProductVariantInput', { fields: variantInputFields(false) });

/** What staff edit but the storefront does not show as such. */
const ProductAdminInfoRef = builder.objectRef<ProductRow>('ProductAdminInfo').implement({
  description: 'Staff (MANAGE_PRODUCTS): the stored pricing and state of a product.',
  fields: (t) => ({
    isPublished: t.exposeBoolean('isPublished'),
    basePrice: t.field({ type: MoneyRef, resolve: (p) => p.basePrice }),
    salePercent: t.float({ nullable: true, resolve: (p) => p.salePercent }),
    saleAmount: t.field({ type: MoneyRef, nullable: true, resolve: (p) => p.saleAmount }),
    weightGrams: t.exposeInt('weightGrams'),
    taxClass: t.field({ type: TaxClassEnum, resolve: (p) => p.taxClass }),
    created: t.field({ type: 'DateTime', resolve: (p) => p.createdAt }),
    updated: t.field({ type: 'DateTime', resolve: (p) => p.updatedAt }),
  }),
});

builder.objectField(ProductRef, 'adminInfo', (t) =>
  t.field({
    type: ProductAdminInfoRef,
    nullable: true,
    description: 'Staff (MANAGE_PRODUCTS) only.',
    authScopes: { permission: 'MANAGE_PRODUCTS' },
    extensions: { viewerDependent: true },
    resolve: (p) => p,
  }),
);

const productPayload = (name: string) =>
  builder.objectRef<WithErrors<{ product: ProductRow }>>(name).implement({
    fields: (t) => ({
      product: t.field({ type: ProductRef, nullable: true, resolve: (p) => p.product ?? null }),
      errors: t.field({ type: [ErrorRef], resolve: (p) => p.errors }),
    }),
  });

const variantPayload = (name: string) =>
  builder.objectRef<WithErrors<{ productVariant: VariantRow }>>(name).implement({
    fields: (t) => ({
      productVariant: t.field({ type: ProductVariantRef, nullable: true, resolve: (p) => p.productVariant ?? null }),
      errors: t.field({ type: [ErrorRef], resolve: (p) => p.errors }),
    }),
  });

const ProductCreatePayload = productPayload('ProductCreate');
const ProductUpdatePayload = productPayload('ProductUpdate');
const ProductDeletePayload = productPayload('ProductDelete');
const VariantCreatePayload = variantPayload('ProductVariantCreate');
const VariantUpdatePayload = variantPayload('ProductVariantUpdate');
const VariantDeletePayload = variantPayload('ProductVariantDelete');

const STAFF = { permission: 'MANAGE_PRODUCTS' } as const;

builder.mutationFields((t) => ({
  productCreate: t.field({
    type: ProductCreatePayload,
    description: 'Staff (MANAGE_PRODUCTS): a new product (add its variants with productVariantCreate).',
    authScopes: STAFF,
    args: { input: t.arg({ type: ProductCreateInput, required: true }) },
    resolve: (_root, args, ctx) => runMutation(async () => ({ product: await createProduct(ctx, args.input) })),
  }),
  productUpdate: t.field({
    type: ProductUpdatePayload,
    description: 'Staff (MANAGE_PRODUCTS): changes the fields given.',
    authScopes: STAFF,
    args: { id: t.arg.id({ required: true }), input: t.arg({ type: ProductInput, required: true }) },
    resolve: (_root, args, ctx) => runMutation(async () => ({ product: await updateProduct(ctx, parseId(args.id, 'Product'), args.input) })),
  }),
  productDelete: t.field({
    type: ProductDeletePayload,
    description: 'Staff (MANAGE_PRODUCTS): deletes a product with its variants and images.',
    authScopes: STAFF,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => runMutation(async () => ({ product: await deleteProduct(ctx, parseId(args.id, 'Product')) })),
  }),
  productVariantCreate: t.field({
    type: VariantCreatePayload,
    description: 'Staff (MANAGE_PRODUCTS): a new variant of a product.',
    authScopes: STAFF,
    args: { input: t.arg({ type: ProductVariantCreateInput, required: true }) },
    resolve: (_root, args, ctx) =>
      runMutation(async () => {
        const { product, ...input } = args.input;
        return { productVariant: await createVariant(ctx, parseId(product, 'Product'), input) };
      }),
  }),
  productVariantUpdate: t.field({
    type: VariantUpdatePayload,
    description: 'Staff (MANAGE_PRODUCTS): changes the fields given; back in stock alerts the product\'s watchers.',
    authScopes: STAFF,
    args: { id: t.arg.id({ required: true }), input: t.arg({ type: ProductVariantInput, required: true }) },
    resolve: (_root, args, ctx) => runMutation(async () => ({ productVariant: await updateVariant(ctx, parseId(args.id, 'ProductVariant'), args.input) })),
  }),
  productVariantDelete: t.field({
    type: VariantDeletePayload,
    description: 'Staff (MANAGE_PRODUCTS): deletes a variant.',
    authScopes: STAFF,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => runMutation(async () => ({ productVariant: await deleteVariant(ctx, parseId(args.id, 'ProductVariant')) })),
  }),
}));

builder.queryFields((t) => ({
  productTypes: t.field({
    type: [ProductTypeRef],
    description: 'Every product type (phone, tire, voucher...), by name: the product form\'s choices.',
    resolve: (_root, _args, ctx) => listProductTypes(ctx),
  }),
  staffProducts: t.connection(
    {
      type: ProductRef,
      nullable: true,
      description: 'Staff (MANAGE_PRODUCTS): every product, published or not, newest first.',
      authScopes: STAFF,
      args: {
        search: t.arg.string({ description: 'Part of the name, brand or a SKU.' }),
        category: t.arg.id({ description: 'Includes its subcategories.' }),
        brand: t.arg.id(),
        collection: t.arg.id(),
        lowStock: t.arg.boolean({ description: 'Only products with a variant at or under the low-stock threshold.' }),
      },
      resolve: (_root, args, ctx) => {
        const filter = {
          search: args.search,
          categoryId: args.category != null ? (parseId(args.category, 'Category') ?? -1) : null,
          brandId: args.brand != null ? (parseId(args.brand, 'Brand') ?? -1) : null,
          collectionId: args.collection != null ? (parseId(args.collection, 'Collection') ?? -1) : null,
          lowStock: args.lowStock,
        };
        return offsetConnection(args, (page) => listStaffProducts(ctx, filter, page), () => countStaffProducts(ctx, filter));
      },
    },
    ProductConnection,
  ),
  staffProduct: t.field({
    type: ProductRef,
    nullable: true,
    description: 'Staff (MANAGE_PRODUCTS): one product, published or not.',
    authScopes: STAFF,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => getStaffProduct(ctx, parseId(args.id, 'Product')),
  }),
}));
