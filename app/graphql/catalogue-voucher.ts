// Custom-amount vouchers (spec 2 7.4 createCustomVoucher): the product page's typed amount
// becomes a voucher variant the cart can hold.
import { operation } from '../../common/graphql-operation';

/** The product a picked variant belongs to (createCustomVoucher takes the voucher product). */
export const VariantProductQuery = operation<
  { productVariants: { edges: { node: { id: string; product: { id: string } } }[] } | null },
  { id: string }
>(/* GraphQL */ `
  query VariantProduct($id: ID!) {
    productVariants(ids: [$id], first: 1) { edges { node { id product { id } } } }
  }
`);

export type GqlCustomVoucher = {
  id: string;
  name: string;
  sku: string;
  stockQuantity: number;
  isAvailable: boolean;
  pricing: { price: { gross: { amount: number } } } | null;
};

export const CreateCustomVoucherMutation = operation<
  { createCustomVoucher: { voucher: GqlCustomVoucher | null; errors: { field: string | null; message: string }[] } | null },
  { amount: string; products: string[] }
>(/* GraphQL */ `
  mutation CreateCustomVoucher($amount: String!, $products: [ID!]!) {
    createCustomVoucher(amount: $amount, products: $products) {
      voucher { id name sku stockQuantity isAvailable pricing { price { gross { amount } } } }
      errors { field message }
    }
  }
`);
