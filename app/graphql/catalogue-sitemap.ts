// Ids for sitemap.xml: products, categories and brands, in pages of 100 (the API's maximum).
import { operation } from '../../common/graphql-operation';
import type * as G from './generated';


export const SitemapCountsQuery = operation<G.SitemapCountsQuery, G.SitemapCountsQueryVariables>(/* GraphQL */ `
  query SitemapCounts {
    products(first: 1) { totalCount }
    categories(first: 100) { pageInfo { hasNextPage endCursor } edges { node { id } } }
    brands(first: 100) { pageInfo { hasNextPage endCursor } edges { node { id } } }
  }
`);

export const SitemapProductsQuery = operation<G.SitemapProductsQuery, G.SitemapProductsQueryVariables>(/* GraphQL */ `
  query SitemapProducts($first: Int!, $after: String) {
    products(first: $first, after: $after) { pageInfo { hasNextPage endCursor } edges { node { id } } }
  }
`);
