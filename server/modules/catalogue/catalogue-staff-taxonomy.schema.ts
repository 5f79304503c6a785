// Staff organising the catalogue (MANAGE_PRODUCTS), Saleor's names: categoryCreate/Update/Delete,
// brandCreate/Update/Delete, collectionCreate/Update/Delete, collectionAddProducts and
// collectionRemoveProducts; productTypeUpdate (its metadata); staffCollections for the back office's list.
import { builder } from '../../graphql/builder';
import { ErrorRef, runMutation, type WithErrors } from '../../graphql/types/errors';
import type { BrandRow, CategoryRow, CollectionRow, ProductTypeRow } from './catalogue.loaders';
import { BrandRef, CategoryRef, CollectionRef, ProductTypeRef } from './catalogue.schema';
import {
  createBrand,
  createCategory,
  createCollection,
  deleteBrand,
  deleteCategory,
  deleteCollection,
  listCollections,
  setCollectionProducts,
  updateBrand,
  updateCategory,
  updateCollection,
  updateProductTypeMetadata,
} from './catalogue-staff-taxonomy.service';
import { parseId } from './ids';

const CategoryInput = builder.inputType('CategoryInput', {
  fields: (t) => ({
    name: t.string(),
    slug: t.string({ description: 'Made from the name when not given at creation.' }),
    description: t.string({ description: 'HTML; sanitised before it is stored.' }),
    parent: t.id({ description: 'Null for a top-level category.' }),
    sortOrder: t.int(),
    variantStyling: t.string({
      description: "The product page's variant picker style for the category's products, e.g. 'Mobile phones' or 'Tablets' (first color and its memory preselected); null or empty: the plain picker.",
    }),
  }),
});

const MetadataInput = builder.inputType('MetadataInput', {
  fields: (t) => ({
    key: t.string({ required: true }),
    value: t.string({ required: true }),
  }),
});

const ProductTypeInput = builder.inputType('ProductTypeInput', {
  fields: (t) => ({
    metadata: t.field({ type: [MetadataInput], required: true, description: 'The whole list: it replaces the type\'s metadata (an empty list clears it).' }),
  }),
});

const BrandInput = builder.inputType('BrandInput', {
  fields: (t) => ({
    name: t.string(),
    slug: t.string({ description: 'Made from the name when not given at creation.' }),
    description: t.string({ description: 'HTML; sanitised before it is stored.' }),
    isFeatured: t.boolean({ description: 'Listed under TOP BRANDS.' }),
    isInstallmentReady: t.boolean(),
    sortOrder: t.int(),
  }),
});

const CollectionInput = builder.inputType('CollectionInput', {
  fields: (t) => ({ name: t.string(), slug: t.string() }),
});

function payload<K extends 'category' | 'brand' | 'collection', T extends object>(name: string, key: K, type: typeof CategoryRef | typeof BrandRef | typeof CollectionRef) {
  return builder.objectRef<WithErrors<Record<K, T>>>(name).implement({
    fields: (t) => ({
      [key]: t.field({ type: type as typeof CollectionRef, nullable: true, resolve: (p) => ((p as Partial<Record<K, T>>)[key] ?? null) as CollectionRow | null }),
      errors: t.field({ type: [ErrorRef], resolve: (p) => p.errors }),
    }),
  });
}

const STAFF = { permission: 'MANAGE_PRODUCTS' } as const;

const CollectionListItemRef = builder.objectRef<CollectionRow & { productCount: number }>('StaffCollection').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    name: t.exposeString('name'),
    slug: t.exposeString('slug'),
    productCount: t.exposeInt('productCount'),
  }),
});

builder.queryField('staffCollections', (t) =>
  t.field({
    type: [CollectionListItemRef],
    nullable: true,
    description: 'Staff (MANAGE_PRODUCTS): every collection with its number of products.',
    authScopes: STAFF,
    resolve: (_root, _args, ctx) => listCollections(ctx),
  }),
);


builder.mutationFields((t) => ({
  categoryCreate: t.field({
    type: payload<'category', CategoryRow>('CategoryCreate', 'category', CategoryRef),
    description: 'Staff (MANAGE_PRODUCTS): a new category (under `parent`, or at the top).',
    authScopes: STAFF,
    args: { input: t.arg({ type: CategoryInput, required: true }) },
    resolve: (_root, args, ctx) => runMutation(async () => ({ category: await createCategory(ctx, args.input) })),
  }),
  categoryUpdate: t.field({
    type: payload<'category', CategoryRow>('CategoryUpdate', 'category', CategoryRef),
    description: 'Staff (MANAGE_PRODUCTS): changes the fields given; a move re-levels the tree.',
    authScopes: STAFF,
    args: { id: t.arg.id({ required: true }), input: t.arg({ type: CategoryInput, required: true }) },
    resolve: (_root, args, ctx) => runMutation(async () => ({ category: await updateCategory(ctx, parseId(args.id, 'Category'), args.input) })),
  }),
  categoryDelete: t.field({
    type: payload<'category', CategoryRow>('CategoryDelete', 'category', CategoryRef),
    description: 'Staff (MANAGE_PRODUCTS): deletes a category without products or subcategories.',
    authScopes: STAFF,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => runMutation(async () => ({ category: await deleteCategory(ctx, parseId(args.id, 'Category')) })),
  }),
  productTypeUpdate: t.field({
    type: builder.objectRef<WithErrors<{ productType: ProductTypeRow }>>('ProductTypeUpdate').implement({
      fields: (f) => ({
        productType: f.field({ type: ProductTypeRef, nullable: true, resolve: (p) => p.productType ?? null }),
        errors: f.field({ type: [ErrorRef], resolve: (p) => p.errors }),
      }),
    }),
    description: "Staff (MANAGE_PRODUCTS): sets a product type's public metadata (ProductType.meta).",
    authScopes: STAFF,
    args: { id: t.arg.id({ required: true }), input: t.arg({ type: ProductTypeInput, required: true }) },
    resolve: (_root, args, ctx) =>
      runMutation(async () => ({ productType: await updateProductTypeMetadata(ctx, parseId(args.id, 'ProductType'), args.input.metadata) })),
  }),
  brandCreate: t.field({
    type: payload<'brand', BrandRow>('BrandCreate', 'brand', BrandRef),
    description: 'Staff (MANAGE_PRODUCTS): a new brand.',
    authScopes: STAFF,
    args: { input: t.arg({ type: BrandInput, required: true }) },
    resolve: (_root, args, ctx) => runMutation(async () => ({ brand: await createBrand(ctx, args.input) })),
  }),
  brandUpdate: t.field({
    type: payload<'brand', BrandRow>('BrandUpdate', 'brand', BrandRef),
    description: 'Staff (MANAGE_PRODUCTS): changes the fields given (isFeatured: TOP BRANDS).',
    authScopes: STAFF,
    args: { id: t.arg.id({ required: true }), input: t.arg({ type: BrandInput, required: true }) },
    resolve: (_root, args, ctx) => runMutation(async () => ({ brand: await updateBrand(ctx, parseId(args.id, 'Brand'), args.input) })),
  }),
  brandDelete: t.field({
    type: payload<'brand', BrandRow>('BrandDelete', 'brand', BrandRef),
    description: 'Staff (MANAGE_PRODUCTS): deletes a brand no product uses.',
    authScopes: STAFF,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => runMutation(async () => ({ brand: await deleteBrand(ctx, parseId(args.id, 'Brand')) })),
  }),
  collectionCreate: t.field({
    type: payload<'collection', CollectionRow>('CollectionCreate', 'collection', CollectionRef),
    description: 'Staff (MANAGE_PRODUCTS): a new collection.',
    authScopes: STAFF,
    args: { input: t.arg({ type: CollectionInput, required: true }) },
    resolve: (_root, args, ctx) => runMutation(async () => ({ collection: await createCollection(ctx, args.input) })),
  }),
  collectionUpdate: t.field({
    type: payload<'collection', CollectionRow>('CollectionUpdate', 'collection', CollectionRef),
    description: 'Staff (MANAGE_PRODUCTS): renames a collection.',
    authScopes: STAFF,
    args: { id: t.arg.id({ required: true }), input: t.arg({ type: CollectionInput, required: true }) },
    resolve: (_root, args, ctx) => runMutation(async () => ({ collection: await updateCollection(ctx, parseId(args.id, 'Collection'), args.input) })),
  }),
  collectionDelete: t.field({
    type: payload<'collection', CollectionRow>('CollectionDelete', 'collection', CollectionRef),
    description: 'Staff (MANAGE_PRODUCTS): deletes a collection (its products stay).',
    authScopes: STAFF,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => runMutation(async () => ({ collection: await deleteCollection(ctx, parseId(args.id, 'Collection')) })),
  }),
  collectionAddProducts: t.field({
    type: payload<'collection', CollectionRow>('CollectionAddProducts', 'collection', CollectionRef),
    description: 'Staff (MANAGE_PRODUCTS): adds products to a collection.',
    authScopes: STAFF,
    args: { collectionId: t.arg.id({ required: true }), products: t.arg.idList({ required: true }) },
    resolve: (_root, args, ctx) =>
      runMutation(async () => ({ collection: await setCollectionProducts(ctx, parseId(args.collectionId, 'Collection'), args.products.map((p) => parseId(p, 'Product')), true) })),
  }),
  collectionRemoveProducts: t.field({
    type: payload<'collection', CollectionRow>('CollectionRemoveProducts', 'collection', CollectionRef),
    description: 'Staff (MANAGE_PRODUCTS): takes products out of a collection.',
    authScopes: STAFF,
    args: { collectionId: t.arg.id({ required: true }), products: t.arg.idList({ required: true }) },
    resolve: (_root, args, ctx) =>
      runMutation(async () => ({ collection: await setCollectionProducts(ctx, parseId(args.collectionId, 'Collection'), args.products.map((p) => parseId(p, 'Product')), false) })),
  }),
}));

