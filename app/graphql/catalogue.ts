// Catalogue operations shared by the browsing screens, and the mapping to component view models.
import { operation } from '../../common/graphql-operation';
import type { PricingInput } from '../../common/catalogue/pricing';
import type { ProductCardData, TileData } from '../components/catalogue/types';

// ---------------------------------------------------------------------------------------------
// Shared shapes

type Amount = { amount: number };
type Taxed = { gross: Amount };
type TaxedRange = { start: Taxed; stop: Taxed };
export type GqlImage = { url: string; alt: string | null; width?: number | null; height?: number | null; srcSet?: string | null };

export type GqlPricing = {
  onSale: boolean;
  discount: Taxed | null;
  priceRange: TaxedRange | null;
  priceRangeUndiscounted: TaxedRange | null;
};

export const PRICING_FIELDS = /* GraphQL */ `
  onSale
  discount { gross { amount } }
  priceRange { start { gross { amount } } stop { gross { amount } } }
  priceRangeUndiscounted { start { gross { amount } } stop { gross { amount } } }
`;

export type GqlProductCard = {
  id: string;
  name: string;
  isPreOrder: boolean;
  brand: { name: string } | null;
  thumbnail: GqlImage | null;
  pricing: GqlPricing | null;
  totalRating: number | null;
};

export const PRODUCT_CARD_FIELDS = /* GraphQL */ `
  id
  name
  isPreOrder
  brand { name }
  thumbnail(size: 255) { url alt width height srcSet }
  pricing { ${PRICING_FIELDS} }
  totalRating
`;

export type PageInfo = { hasNextPage: boolean; endCursor: string | null };
export type Connection<T> = { totalCount?: number | null; pageInfo: PageInfo; edges: { node: T }[] };

export const nodes = <T,>(c: Connection<T> | null | undefined): T[] => (c?.edges ?? []).map((e) => e.node);

export function toPricing(p: GqlPricing | null | undefined): PricingInput | null {
  if (!p) return null;
  const range = (r: TaxedRange | null) => (r ? { start: r.start.gross.amount, stop: r.stop.gross.amount } : null);
  return {
    onSale: p.onSale,
    discount: p.discount?.gross.amount ?? null,
    priceRange: range(p.priceRange),
    priceRangeUndiscounted: range(p.priceRangeUndiscounted),
  };
}

export function toCard(p: GqlProductCard): ProductCardData {
  return {
    id: p.id,
    name: p.name,
    brandName: p.brand?.name ?? null,
    isPreOrder: p.isPreOrder,
    thumbnail: p.thumbnail,
    pricing: toPricing(p.pricing),
    rating: p.totalRating ?? null,
  };
}

export type GqlTile = { id: string; name: string; image: GqlImage | null };

export function toTile(t: GqlTile): TileData {
  return { id: t.id, name: t.name, image: t.image };
}

// ---------------------------------------------------------------------------------------------
// Tiles

export const CategoriesQuery = operation<
  { categories: Connection<GqlTile> },
  { first: number; after?: string | null; level?: number | null }
>(/* GraphQL */ `
  query Categories($first: Int!, $after: String, $level: Int) {
    categories(first: $first, after: $after, level: $level) {
      totalCount
      pageInfo { hasNextPage endCursor }
      edges { node { id name image: backgroundImage(size: 255) { url alt width height } } }
    }
  }
`);

export const BrandsQuery = operation<{ brands: Connection<GqlTile> }, { first: number; after?: string | null }>(/* GraphQL */ `
  query Brands($first: Int!, $after: String) {
    brands(first: $first, after: $after) {
      totalCount
      pageInfo { hasNextPage endCursor }
      edges { node { id name image(size: 128) { url alt width height } } }
    }
  }
`);
