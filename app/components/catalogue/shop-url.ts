// The shop's address holds every choice: category (path), brand (path, or ?brand= beside a
// category), query, minPrice, maxPrice and sort; links change one and keep the others.

export type ProductOrder = { field: 'PRICE' | 'CREATED' | 'RATING' | 'SALES'; direction: 'ASC' | 'DESC' };

/** The sort menu: ?sort= value and label. */
export const SORT_OPTIONS = [
  ['price-asc', 'Price: Low to High'],
  ['price-desc', 'Price: High to Low'],
  ['newest', 'Newest'],
  ['best-rated', 'Best Rated'],
  ['best-selling', 'Best Selling'],
] as const;

// Read by the loader only (so it stays out of the browser's bundle).
const SORT_BY: Record<string, ProductOrder> = {
  'price-asc': { field: 'PRICE', direction: 'ASC' },
  'price-desc': { field: 'PRICE', direction: 'DESC' },
  newest: { field: 'CREATED', direction: 'DESC' },
  'best-rated': { field: 'RATING', direction: 'DESC' },
  'best-selling': { field: 'SALES', direction: 'DESC' },
};

/** The API order for the address's ?sort= value; null (the default order) for none or an unknown one. */
export function sortByParam(value: string | null): ProductOrder | null {
  return (value != null && Object.hasOwn(SORT_BY, value) && SORT_BY[value]) || null;
}

/** Parameters every shop link keeps, in this order. */
const KEPT = ['query', 'minPrice', 'maxPrice', 'sort'] as const;

/** '?query=...&sort=...' of the kept parameters ('' when none), after any given first. */
export function keptParams(params: URLSearchParams, first: Record<string, string | null> = {}): string {
  const kept = new URLSearchParams();
  for (const [key, value] of Object.entries(first)) if (value) kept.set(key, value);
  for (const key of KEPT) {
    const value = params.get(key);
    if (value) kept.set(key, value);
  }
  const text = kept.toString();
  return text ? `?${text}` : '';
}

export type ShopFilters = { categoryId: string | null; brandId: string | null };

/** The page for a category and a brand: /shop/category/{id}?brand={id}, /shop/brand/{id} or /shop. */
export function shopHref(filters: ShopFilters, params: URLSearchParams): string {
  const { categoryId, brandId } = filters;
  if (categoryId) return `/shop/category/${encodeURIComponent(categoryId)}${keptParams(params, { brand: brandId })}`;
  if (brandId) return `/shop/brand/${encodeURIComponent(brandId)}${keptParams(params)}`;
  return `/shop${keptParams(params)}`;
}

/**
 * A sidebar link: choosing a category keeps the brand and the other way round; choosing the
 * one already chosen removes it.
 */
export function filterHref(kind: 'category' | 'brand', id: string, current: ShopFilters, params: URLSearchParams): string {
  const toggle = (active: string | null) => (active === id ? null : id);
  return shopHref(
    kind === 'category'
      ? { categoryId: toggle(current.categoryId), brandId: current.brandId }
      : { categoryId: current.categoryId, brandId: toggle(current.brandId) },
    params,
  );
}
