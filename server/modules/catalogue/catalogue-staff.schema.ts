// Staff's catalogue API (MANAGE_PRODUCTS), Saleor's names: a variant's stock.
import { builder } from '../../graphql/builder';
import { ErrorRef, runMutation, type WithErrors } from '../../graphql/types/errors';
import { DomainError } from '../../lib/domain-error';
import { CATALOGUE_ADMIN_MESSAGES, setVariantStock, type VariantStockRow } from './catalogue-staff.service';
import { ProductVariantRef } from './catalogue.schema';
import { parseId } from './ids';

const StocksUpdatePayload = builder.objectRef<WithErrors<{ productVariant: VariantStockRow }>>('ProductVariantStocksUpdate').implement({
  fields: (t) => ({
    productVariant: t.field({ type: ProductVariantRef, nullable: true, resolve: (p) => p.productVariant ?? null }),
    errors: t.field({ type: [ErrorRef], resolve: (p) => p.errors }),
  }),
});

builder.mutationField('productVariantStocksUpdate', (t) =>
  t.field({
    type: StocksUpdatePayload,
    description: "Staff (MANAGE_PRODUCTS): sets a variant's stock; back in stock alerts its product's watchers.",
    authScopes: { permission: 'MANAGE_PRODUCTS' },
    args: { variantId: t.arg.id({ required: true }), stockQuantity: t.arg.int({ required: true }) },
    resolve: (_root, args, ctx) =>
      runMutation(async () => {
        const id = parseId(args.variantId, 'ProductVariant');
        if (id === null) throw new DomainError(CATALOGUE_ADMIN_MESSAGES.variantNotFound, 'variantId');
        return { productVariant: await setVariantStock(ctx, id, args.stockQuantity) };
      }),
  }),
);
