// The products(sortBy:) argument, named as Saleor names it: { field, direction }.
import { builder } from '../../graphql/builder';
import { PRODUCT_SORT_FIELDS, SORT_DIRECTIONS } from './product-sort';

const ProductOrderFieldEnum = builder.enumType('ProductOrderField', {
  description: 'PRICE: lowest price; CREATED: when added; RATING: average review rating; SALES: units sold.',
  values: PRODUCT_SORT_FIELDS,
});

const OrderDirectionEnum = builder.enumType('OrderDirection', { values: SORT_DIRECTIONS });

export const ProductOrderInput = builder.inputType('ProductOrder', {
  description: 'A listing order; ties go by product id in the same direction, so cursors page stably.',
  fields: (t) => ({
    field: t.field({ type: ProductOrderFieldEnum, required: true }),
    direction: t.field({ type: OrderDirectionEnum, required: true }),
  }),
});
