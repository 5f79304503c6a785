// Listing orders the shopper chooses (products(sortBy:)): price, newest, best rated, best
// selling. Every order ends with the product id, so offset cursors page without repeats or gaps.
import { asc, desc, eq, sql, type SQL, type Subquery } from 'drizzle-orm';
import type { PgColumn, PgSelect } from 'drizzle-orm/pg-core';
import type { ServiceContext } from '../../graphql/context';
import { ask } from '../system/domain-events';
import { unitsSoldByProduct } from './catalogue.events';
import { products } from './catalogue.tables';

export const PRODUCT_SORT_FIELDS = ['PRICE', 'CREATED', 'RATING', 'SALES'] as const;
export const SORT_DIRECTIONS = ['ASC', 'DESC'] as const;
export type ProductSortField = (typeof PRODUCT_SORT_FIELDS)[number];
export type SortDirection = (typeof SORT_DIRECTIONS)[number];
export type ProductSort = { field: ProductSortField; direction: SortDirection };

export type ProductSorting = {
  orderBy: SQL[];
  /** Joins what the order reads from another domain (units sold); products only otherwise. */
  join: <T extends PgSelect>(query: T) => T;
  /** Whether the order reads a joined table (SALES); else only products' own columns. */
  joined: boolean;
};

/**
 * A left join to a one-row-per-product subquery: the listing selects products' columns only,
 * so the rows keep their type and number (drizzle types every join as a new selection).
 */
function leftJoinOnProduct<T extends PgSelect>(query: T, table: Subquery & { productId: PgColumn }): T {
  return query.leftJoin(table, eq(table.productId, products.id)) as unknown as T;
}

/**
 * The ORDER BY (and the join it needs) for a sort. Ties go by id in the same direction, so
 * "newest" and the ends of every other order are deterministic.
 * - PRICE: the lowest price the product sells at (min_price, indexed), as the card shows it.
 * - CREATED: when the product was added (read in order from products_published_created_idx).
 * - RATING: average rating, then how many reviews; unreviewed products count as 0 (read in order
 *   from products_published_rating_idx; the columns are kept by triggers on reviews, ADR 057).
 * - SALES: units sold on orders not cancelled or rejected; none counts as 0. Joined from the
 *   order lines: kept on products, every checkout would write its products' rows (ADR 057).
 */
export function productSorting(ctx: ServiceContext, sort: ProductSort): ProductSorting {
  const by = sort.direction === 'ASC' ? asc : desc;
  const tieBreak = by(products.id);
  const none: ProductSorting['join'] = (query) => query;
  switch (sort.field) {
    case 'PRICE':
      return { orderBy: [by(products.minPrice), tieBreak], join: none, joined: false };
    case 'CREATED':
      return { orderBy: [by(products.createdAt), tieBreak], join: none, joined: false };
    case 'RATING':
      return { orderBy: [by(products.ratingAverage), by(products.reviewCount), tieBreak], join: none, joined: false };
    case 'SALES': {
      const sold = ask(unitsSoldByProduct)(ctx);
      return {
        orderBy: [by(sql`coalesce(${sold.units}, 0)`), tieBreak],
        join: (query) => leftJoinOnProduct(query, sold),
        joined: true,
      };
    }
  }
}
