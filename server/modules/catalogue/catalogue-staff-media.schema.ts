// Staff's product pictures (MANAGE_PRODUCTS), Saleor's names: productMediaCreate,
// productMediaUpdate, productMediaReorder, productMediaDelete.
import { builder } from '../../graphql/builder';
import { ErrorRef, runMutation, type WithErrors } from '../../graphql/types/errors';
import { ProductImageRef, ProductRef } from './catalogue.schema';
import { createProductMedia, deleteProductMedia, reorderProductMedia, updateProductMedia, type ProductImageRow } from './catalogue-staff-media.service';
import { parseId } from './ids';

// Product images carry the colour they show: its variants list them first.
builder.objectField(ProductImageRef, 'color', (t) =>
  t.string({ nullable: true, description: 'The colour this picture shows; variants of that colour list it first.', resolve: (i) => i.color }),
);

const ProductMediaCreateInput = builder.inputType('ProductMediaCreateInput', {
  fields: (t) => ({
    product: t.id({ required: true }),
    image: t.string({ required: true, description: 'The picture as base64 or a data URL (image/*), up to 5,000,000 bytes.' }),
    alt: t.string(),
    color: t.string({ description: 'The variant colour it shows (per-variant pictures).' }),
  }),
});

const ProductMediaUpdateInput = builder.inputType('ProductMediaUpdateInput', {
  fields: (t) => ({ alt: t.string(), color: t.string() }),
});

type MediaResult = WithErrors<{ media: ProductImageRow; productId: number }>;

const mediaPayload = (name: string) =>
  builder.objectRef<MediaResult>(name).implement({
    fields: (t) => ({
      media: t.field({ type: ProductImageRef, nullable: true, resolve: (p) => p.media ?? null }),
      product: t.field({ type: ProductRef, nullable: true, resolve: (p) => p.productId ?? null }),
      errors: t.field({ type: [ErrorRef], resolve: (p) => p.errors }),
    }),
  });

const ReorderPayload = builder.objectRef<WithErrors<{ productId: number; media: ProductImageRow[] }>>('ProductMediaReorder').implement({
  fields: (t) => ({
    media: t.field({ type: [ProductImageRef], nullable: true, resolve: (p) => p.media ?? null }),
    product: t.field({ type: ProductRef, nullable: true, resolve: (p) => p.productId ?? null }),
    errors: t.field({ type: [ErrorRef], resolve: (p) => p.errors }),
  }),
});

const STAFF = { permission: 'MANAGE_PRODUCTS' } as const;
const withProduct = (media: ProductImageRow) => ({ media, productId: media.productId });

builder.mutationFields((t) => ({
  productMediaCreate: t.field({
    type: mediaPayload('ProductMediaCreate'),
    description: 'Staff (MANAGE_PRODUCTS): uploads a picture to the end of a product\'s list.',
    authScopes: STAFF,
    args: { input: t.arg({ type: ProductMediaCreateInput, required: true }) },
    resolve: (_root, args, ctx) =>
      runMutation(async () => withProduct(await createProductMedia(ctx, parseId(args.input.product, 'Product'), args.input))),
  }),
  productMediaUpdate: t.field({
    type: mediaPayload('ProductMediaUpdate'),
    description: 'Staff (MANAGE_PRODUCTS): a picture\'s alt text and colour.',
    authScopes: STAFF,
    args: { id: t.arg.id({ required: true }), input: t.arg({ type: ProductMediaUpdateInput, required: true }) },
    resolve: (_root, args, ctx) =>
      runMutation(async () => withProduct(await updateProductMedia(ctx, parseId(args.id, 'ProductImage'), args.input))),
  }),
  productMediaReorder: t.field({
    type: ReorderPayload,
    description: 'Staff (MANAGE_PRODUCTS): the product\'s pictures in this order (every one, once).',
    authScopes: STAFF,
    args: { productId: t.arg.id({ required: true }), mediaIds: t.arg.idList({ required: true }) },
    resolve: (_root, args, ctx) =>
      runMutation(async () => {
        const productId = parseId(args.productId, 'Product');
        const media = await reorderProductMedia(ctx, productId, args.mediaIds.map((id) => parseId(id, 'ProductImage')));
        return { media, productId: productId! };
      }),
  }),
  productMediaDelete: t.field({
    type: mediaPayload('ProductMediaDelete'),
    description: 'Staff (MANAGE_PRODUCTS): deletes a picture.',
    authScopes: STAFF,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => runMutation(async () => withProduct(await deleteProductMedia(ctx, parseId(args.id, 'ProductImage')))),
  }),
}));


