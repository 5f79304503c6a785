// Listing orders the shopper chooses (products(sortBy:)): price, newest, best rated, best
// selling. Every order ends with the product id, so offset cursors page without repeats or gaps.
import { asc, desc, type SQL } from 'drizzle-orm';
import { products } from './catalogue.tables';

export const PRODUCT_SORT_FIELDS = ['PRICE', 'CREATED', 'RATING', 'SALES'] as const;
export const SORT_DIRECTIONS = ['ASC', 'DESC'] as const;
export type ProductSortField = (typeof PRODUCT_SORT_FIELDS)[number];
export type SortDirection = (typeof SORT_DIRECTIONS)[number];
export type ProductSort = { field: ProductSortField; direction: SortDirection };

/**
 * The ORDER BY for a sort, on products' own columns only, each read in order from a partial index
 * of the published products and stopped at the page. Ties go by id in the same direction, so
 * "newest" and the ends of every other order are deterministic.
 * - PRICE: the lowest price the product sells at (min_price, indexed), as the card shows it.
 * - CREATED: when the product was added (products_published_created_idx).
 * - RATING: average rating, then how many reviews; unreviewed products count as 0
 *   (products_published_rating_idx; the columns are kept by triggers on reviews, ADR 057).
 * - SALES: units sold on orders not cancelled or rejected; none counts as 0
 *   (products_published_units_sold_idx; folded in by a job within a minute of the sale, ADR 058).
 */
export function productOrder(sort: ProductSort): SQL[] {
  const by = sort.direction === 'ASC' ? asc : desc;
  const tieBreak = by(products.id);
  switch (sort.field) {
    case 'PRICE':
      return [by(products.minPrice), tieBreak];
    case 'CREATED':
      return [by(products.createdAt), tieBreak];
    case 'RATING':
      return [by(products.ratingAverage), by(products.reviewCount), tieBreak];
    case 'SALES':
      return [by(products.unitsSold), tieBreak];
  }
}
