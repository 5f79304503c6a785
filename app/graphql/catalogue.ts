// Catalogue operations shared by the browsing screens, and the mapping to component view models.
import { operation } from '../../common/graphql-operation';
import type * as G from './generated';
import type { PricingInput } from '../../common/catalogue/pricing';
import type { ImageData, ProductCardData, TileData } from '../components/catalogue/types';

// ---------------------------------------------------------------------------------------------
// Shared shapes

/** An image as the API gives it (every field nullable in the schema). */
export type GqlImage = { url: string | null; alt: string | null; width?: number | null; height?: number | null; srcSet?: string | null };

export type GqlPricing = G.PricingFieldsFragment;

export const PRICING_FIELDS = /* GraphQL */ `
  fragment PricingFields on ProductPricingInfo {
    onSale
    discount { gross { amount } }
    priceRange { start { gross { amount } } stop { gross { amount } } }
    priceRangeUndiscounted { start { gross { amount } } stop { gross { amount } } }
  }
`;

export type GqlProductCard = G.ProductCardFieldsFragment;

export const PRODUCT_CARD_FIELDS = /* GraphQL */ `
  fragment ProductCardFields on Product {
    id
    name
    isPreOrder
    brand { name }
    thumbnail(size: 255) { url alt width height srcSet }
    pricing { ...PricingFields }
    totalRating
  }
  ${PRICING_FIELDS}
`;

export type PageInfo = { hasNextPage: boolean; endCursor: string | null };
export type Connection<T> = { totalCount?: number | null; pageInfo: PageInfo; edges: { node: T }[] };

export const nodes = <T,>(c: { edges: { node: T }[] } | null | undefined): T[] => (c?.edges ?? []).map((e) => e.node);

/** The schema allows an image without a URL; the components render a placeholder for none. */
export function toImage(i: GqlImage | null | undefined): ImageData | null {
  return i?.url ? { ...i, url: i.url } : null;
}

type Range = { start: { gross: { amount: number | null } | null } | null; stop: { gross: { amount: number | null } | null } | null };

export function toPricing(p: GqlPricing | null | undefined): PricingInput | null {
  if (!p) return null;
  const range = (r: Range | null) => {
    const start = r?.start?.gross?.amount;
    const stop = r?.stop?.gross?.amount;
    return start != null && stop != null ? { start, stop } : null;
  };
  return {
    onSale: p.onSale,
    discount: p.discount?.gross?.amount ?? null,
    priceRange: range(p.priceRange),
    priceRangeUndiscounted: range(p.priceRangeUndiscounted),
  };
}

export function toCard(p: GqlProductCard): ProductCardData {
  return {
    id: p.id,
    name: p.name ?? '',
    brandName: p.brand?.name ?? null,
    isPreOrder: p.isPreOrder ?? false,
    thumbnail: toImage(p.thumbnail),
    pricing: toPricing(p.pricing),
    rating: p.totalRating ?? null,
  };
}

export type GqlTile = { id: string; name: string | null; image: GqlImage | null };

export function toTile(t: GqlTile): TileData {
  return { id: t.id, name: t.name ?? '', image: toImage(t.image) };
}

// ---------------------------------------------------------------------------------------------
// Tiles

export const CategoriesQuery = operation<G.CategoriesQuery, G.CategoriesQueryVariables>(/* GraphQL */ `
  query Categories($first: Int!, $after: String, $level: Int) {
    categories(first: $first, after: $after, level: $level) {
      totalCount
      pageInfo { hasNextPage endCursor }
      edges { node { id name image: backgroundImage(size: 255) { url alt width height } } }
    }
  }
`);

export const BrandsQuery = operation<G.BrandsQuery, G.BrandsQueryVariables>(/* GraphQL */ `
  query Brands($first: Int!, $after: String) {
    brands(first: $first, after: $after) {
      totalCount
      pageInfo { hasNextPage endCursor }
      edges { node { id name image(size: 128) { url alt width height } } }
    }
  }
`);
