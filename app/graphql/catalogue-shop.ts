// Shop listing operations: products with filters, the sidebar lists, the category header.
import { operation } from '../../common/graphql-operation';
import type * as G from './generated';
import { PRODUCT_CARD_FIELDS } from './catalogue';

export type ProductsVars = G.ShopProductsQueryVariables;

export const ShopProductsQuery = operation<G.ShopProductsQuery, G.ShopProductsQueryVariables>(/* GraphQL */ `
  query ShopProducts(
    $first: Int!
    $after: String
    $categories: [ID!]
    $brand: ID
    $query: String
    $minimumPrice: Float
    $maximumPrice: Float
    $sortBy: ProductOrder
  ) {
    products(
      first: $first
      after: $after
      categories: $categories
      brand: $brand
      query: $query
      minimumPrice: $minimumPrice
      maximumPrice: $maximumPrice
      sortBy: $sortBy
    ) {
      totalCount
      pageInfo { hasNextPage endCursor }
      edges { node { ...ProductCardFields } }
    }
  }
  ${PRODUCT_CARD_FIELDS}
`);

export const BestDealsQuery = operation<G.BestDealsQuery, G.BestDealsQueryVariables>(
  /* GraphQL */ `
  query BestDeals($first: Int!, $after: String) {
    featuredProducts(first: $first, after: $after) {
      totalCount
      pageInfo { hasNextPage endCursor }
      edges { node { ...ProductCardFields } }
    }
  }
  ${PRODUCT_CARD_FIELDS}
`,
);


/** What the shop sidebar lists (a category or a brand). */
export type SidebarItem = { id: string; name: string };

export const SidebarCategoriesQuery = operation<G.SidebarCategoriesQuery, G.SidebarCategoriesQueryVariables>(
  /* GraphQL */ `
  query SidebarCategories($first: Int!, $after: String) {
    categories(first: $first, after: $after, level: 0) {
      pageInfo { hasNextPage endCursor }
      edges { node { id name } }
    }
  }
`,
);

export const SidebarBrandsQuery = operation<G.SidebarBrandsQuery, G.SidebarBrandsQueryVariables>(/* GraphQL */ `
  query SidebarBrands($first: Int!, $after: String) {
    brands(first: $first, after: $after) {
      pageInfo { hasNextPage endCursor }
      edges { node { id name } }
    }
  }
`);

export type GqlShopCategory = NonNullable<G.ShopCategoryQuery['category']>;

export const ShopCategoryQuery = operation<G.ShopCategoryQuery, G.ShopCategoryQueryVariables>(/* GraphQL */ `
  query ShopCategory($id: ID!) {
    category(id: $id) {
      id
      name
      description
      seoTitle
      seoDescription
      parent { id name }
      children {
        id
        name
        products(first: 8) { pageInfo { hasNextPage endCursor } edges { node { ...ProductCardFields } } }
      }
    }
  }
  ${PRODUCT_CARD_FIELDS}
`);

export const ShopBrandQuery = operation<G.ShopBrandQuery, G.ShopBrandQueryVariables>(/* GraphQL */ `
  query ShopBrand($id: ID!) {
    brand(id: $id) { id name description }
  }
`);
