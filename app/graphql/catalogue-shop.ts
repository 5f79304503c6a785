// Shop listing operations: products with filters, the sidebar lists, the category header.
import { operation } from '../../common/graphql-operation';
import type { ProductOrder } from '../components/catalogue/shop-url';
import { PRODUCT_CARD_FIELDS, type Connection, type GqlProductCard } from './catalogue';

export type ProductsVars = {
  first: number;
  after?: string | null;
  categories?: string[] | null;
  brand?: string | null;
  query?: string | null;
  minimumPrice?: number | null;
  maximumPrice?: number | null;
  sortBy?: ProductOrder | null;
};

export const ShopProductsQuery = operation<{ products: Connection<GqlProductCard> | null }, ProductsVars>(/* GraphQL */ `
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
      edges { node { ${PRODUCT_CARD_FIELDS} } }
    }
  }
`);

export const BestDealsQuery = operation<{ featuredProducts: Connection<GqlProductCard> | null }, { first: number; after?: string | null }>(
  /* GraphQL */ `
  query BestDeals($first: Int!, $after: String) {
    featuredProducts(first: $first, after: $after) {
      totalCount
      pageInfo { hasNextPage endCursor }
      edges { node { ${PRODUCT_CARD_FIELDS} } }
    }
  }
`,
);

export type SidebarItem = { id: string; name: string };

export const SidebarCategoriesQuery = operation<{ categories: Connection<SidebarItem> | null }, { first: number; after?: string | null }>(
  /* GraphQL */ `
  query SidebarCategories($first: Int!, $after: String) {
    categories(first: $first, after: $after, level: 0) {
      pageInfo { hasNextPage endCursor }
      edges { node { id name } }
    }
  }
`,
);

export const SidebarBrandsQuery = operation<{ brands: Connection<SidebarItem> | null }, { first: number; after?: string | null }>(/* GraphQL */ `
  query SidebarBrands($first: Int!, $after: String) {
    brands(first: $first, after: $after) {
      pageInfo { hasNextPage endCursor }
      edges { node { id name } }
    }
  }
`);

export type GqlShopCategory = {
  id: string;
  name: string;
  description: string | null;
  seoTitle: string | null;
  seoDescription: string | null;
  parent: { id: string; name: string } | null;
  children: { id: string; name: string; products: Connection<GqlProductCard> | null }[] | null;
};

export const ShopCategoryQuery = operation<{ category: GqlShopCategory | null }, { id: string }>(/* GraphQL */ `
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
        products(first: 8) { pageInfo { hasNextPage endCursor } edges { node { ${PRODUCT_CARD_FIELDS} } } }
      }
    }
  }
`);

export const ShopBrandQuery = operation<
  { brand: { id: string; name: string; description: string | null } | null },
  { id: string }
>(/* GraphQL */ `
  query ShopBrand($id: ID!) {
    brand(id: $id) { id name description }
  }
`);
