// Custom-amount vouchers (docs/product/catalogue.md#custom-vouchers createCustomVoucher): the product page's typed amount
// becomes a voucher variant the cart can hold.
import { operation } from '../../common/graphql-operation';
import type * as G from './generated';

/** The product a picked variant belongs to (createCustomVoucher takes the voucher product). */
export const VariantProductQuery = operation<G.VariantProductQuery, G.VariantProductQueryVariables>(/* GraphQL */ `
  query VariantProduct($id: ID!) {
    productVariants(ids: [$id], first: 1) { edges { node { id product { id } } } }
  }
`);

export const CreateCustomVoucherMutation = operation<G.CreateCustomVoucherMutation, G.CreateCustomVoucherMutationVariables>(/* GraphQL */ `
  mutation CreateCustomVoucher($amount: String!, $products: [ID!]!) {
    createCustomVoucher(amount: $amount, products: $products) {
      voucher { id name sku stockQuantity isAvailable pricing { price { gross { amount } } } }
      errors { field message }
    }
  }
`);
