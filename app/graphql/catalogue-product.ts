// Product page operations.
import { operation } from '../../common/graphql-operation';
import { PRICING_FIELDS, PRODUCT_CARD_FIELDS, type Connection, type GqlPricing, type GqlProductCard } from './catalogue';

type Amount = { amount: number };
type Taxed = { gross: Amount };

export type GqlVariant = {
  id: string;
  name: string;
  sku: string;
  isAvailable: boolean;
  stockQuantity: number;
  options: { color: string | null; memory: string | null; coverWarranty: number | null } | null;
  pricing: { onSale: boolean; discount: Taxed | null; price: Taxed; priceUndiscounted: Taxed } | null;
  images: { url: string; alt: string | null; width: number | null; height: number | null }[] | null;
};

export type GqlReview = {
  id: string;
  date: string | null;
  note: string | null;
  rating: number | null;
  user: { firstName: string | null; lastName: string | null } | null;
};

export type GqlProduct = {
  id: string;
  name: string;
  description: string | null;
  seoTitle: string | null;
  seoDescription: string | null;
  isPreOrder: boolean;
  isFreeShippingFee: boolean;
  isInstallmentReady: boolean;
  isInWatchlist: boolean | null;
  totalRating: number | null;
  reviewCount: number | null;
  brand: { id: string; name: string } | null;
  category: { id: string; name: string; parent: { id: string; name: string } | null } | null;
  productType: { name: string; isAgeRestricted: boolean | null } | null;
  images: { url: string; alt: string | null; width: number | null; height: number | null }[] | null;
  pricing: GqlPricing | null;
  variants: GqlVariant[] | null;
  reviews: Connection<GqlReview> | null;
};

const REVIEW_FIELDS = /* GraphQL */ `
  pageInfo { hasNextPage endCursor }
  edges { node { id date note rating user { firstName lastName } } }
`;

export const ProductQuery = operation<
  { product: GqlProduct | null; relatedProducts: GqlProductCard[] | null },
  { id: string }
>(/* GraphQL */ `
  query ProductPage($id: ID!) {
    product(id: $id) {
      id
      name
      description
      seoTitle
      seoDescription
      isPreOrder
      isFreeShippingFee
      isInstallmentReady
      isInWatchlist
      totalRating
      reviewCount
      brand { id name }
      category { id name parent { id name } }
      productType { name isAgeRestricted }
      images { url(size: 510) alt width(size: 510) height(size: 510) }
      pricing { ${PRICING_FIELDS} }
      variants {
        id
        name
        sku
        isAvailable
        stockQuantity
        options { color memory coverWarranty }
        pricing {
          onSale
          discount { gross { amount } }
          price { gross { amount } }
          priceUndiscounted { gross { amount } }
        }
        images { url(size: 510) alt width(size: 510) height(size: 510) }
      }
      reviews(first: 10) { ${REVIEW_FIELDS} }
    }
    relatedProducts(id: $id, first: 8) { ${PRODUCT_CARD_FIELDS} }
  }
`);

export const ProductReviewsQuery = operation<
  { product: { reviews: Connection<GqlReview> | null } | null },
  { id: string; after: string }
>(/* GraphQL */ `
  query ProductReviews($id: ID!, $after: String!) {
    product(id: $id) { reviews(first: 10, after: $after) { ${REVIEW_FIELDS} } }
  }
`);
