// Product page operations.
import { operation } from '../../common/graphql-operation';
import type * as G from './generated';
import { PRICING_FIELDS, PRODUCT_CARD_FIELDS } from './catalogue';

export type GqlProduct = NonNullable<G.ProductPageQuery['product']>;
export type GqlVariant = NonNullable<GqlProduct['variants']>[number];
export type GqlReview = NonNullable<GqlProduct['reviews']>['edges'][number]['node'];

const REVIEW_FIELDS = /* GraphQL */ `
  fragment ReviewFields on ReviewCountableConnection {
    pageInfo { hasNextPage endCursor }
    edges { node { id date note rating user { firstName lastName } } }
  }
`;

export const ProductQuery = operation<G.ProductPageQuery, G.ProductPageQueryVariables>(/* GraphQL */ `
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
      totalRating
      reviewCount
      brand { id name }
      category { id name parent { id name } }
      productType { name isAgeRestricted }
      tire { size }
      images { url(size: 510) alt width(size: 510) height(size: 510) }
      pricing { ...PricingFields }
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
      reviews(first: 10) { ...ReviewFields }
    }
    relatedProducts(id: $id, first: 8) { ...ProductCardFields }
  }
  ${PRICING_FIELDS}${REVIEW_FIELDS}${PRODUCT_CARD_FIELDS}
`);

/**
 * The viewer's watchlist mark, asked apart: with it the page's big query would be personal and
 * skip the visitors' cached answer (server/graphql/in-process.ts, VIEWER_DEPENDENT_FIELDS).
 */
export const ProductWatchlistQuery = operation<G.ProductWatchlistQuery, G.ProductWatchlistQueryVariables>(/* GraphQL */ `
  query ProductWatchlist($id: ID!) {
    product(id: $id) { id isInWatchlist }
  }
`);

export const ProductReviewsQuery = operation<G.ProductReviewsQuery, G.ProductReviewsQueryVariables>(/* GraphQL */ `
  query ProductReviews($id: ID!, $after: String!) {
    product(id: $id) { reviews(first: 10, after: $after) { ...ReviewFields } }
  }
  ${REVIEW_FIELDS}
`);
