// What a product card shows besides the product's own row: its images (the thumbnail is the
// first) and its review average. Read as two columns of the statement that lists the products,
// they prime the request's loaders, so a page of cards asks no statement of its own for them:
// the product page and its related products (product-page.ts) and a search's page of results
// (catalogue.service.ts rankedPage) each read their cards in one statement.
import type { SQL } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { ServiceContext } from '../../graphql/context';
import { ask } from '../system/domain-events';
import { productPageRating } from './catalogue.events';
import { catalogueLoaders, jsonRowOf, qualified as q, type ProductImageRow } from './catalogue.loaders';
import { productImages } from './catalogue.tables';

/** A JSON value as the driver gives it: parsed already (pg, PGlite), or text. */
export const parsedJson = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;

/** Every image of the product, as the images loader orders them, as a JSON array ('[]' for none). */
function imagesColumn(productId: PgColumn): SQL<unknown> {
  return sql<unknown>`(select coalesce(json_agg(${jsonRowOf(productImages)} order by ${q(productImages.sortOrder)}, ${q(productImages.id)}), '[]') from ${productImages} where ${q(productImages.productId)} = ${q(productId)})`;
}

/** The reviews module's read of a product's average and count (its answer to productPageRating). */
const ratingRead = () => ask(productPageRating)();

/** The two card columns of a listing's statement, for products.id. */
export function cardColumns(productId: PgColumn): { cardImages: SQL<unknown>; cardRating: SQL<unknown> } {
  return { cardImages: imagesColumn(productId), cardRating: ratingRead().select(productId) };
}

/** Primes the request's loaders with one row's card columns. */
export function primeCard(ctx: ServiceContext, productId: number, images: unknown, rating: unknown): void {
  catalogueLoaders.imagesByProduct(ctx).prime(productId, parsedJson<ProductImageRow[]>(images));
  ratingRead().keep(ctx, productId, parsedJson(rating));
}
