// Ids for sitemap.xml: products, categories and brands, in pages of 100 (the API's maximum).
import { operation } from '../../common/graphql-operation';
import type { Connection } from './catalogue';

type Id = { id: string };

export const SitemapCountsQuery = operation<{
  products: { totalCount: number | null } | null;
  categories: Connection<Id> | null;
  brands: Connection<Id> | null;
}>(/* GraphQL */ `
  query SitemapCounts {
    products(first: 1) { totalCount }
    categories(first: 100) { pageInfo { hasNextPage endCursor } edges { node { id } } }
    brands(first: 100) { pageInfo { hasNextPage endCursor } edges { node { id } } }
  }
`);

export const SitemapProductsQuery = operation<{ products: Connection<Id> | null }, { first: number; after?: string | null }>(/* GraphQL */ `
  query SitemapProducts($first: Int!, $after: String) {
    products(first: $first, after: $after) { pageInfo { hasNextPage endCursor } edges { node { id } } }
  }
`);
