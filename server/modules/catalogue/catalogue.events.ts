// What the catalogue tells the modules that stand on it, and what it asks them
// (docs/decisions/046-one-way-modules.md): they answer in their `*.reactions.ts`.
import type { SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { ServiceContext } from '../../graphql/context';
import { domainEvent, port } from '../system/domain-events';

type InTransaction = Pick<ServiceContext, 'db'>;

/** Products whose stock went from none to some, inside the transaction that restocked them. */
export const productsBackInStock = domainEvent<{ productIds: readonly number[] }, InTransaction>('catalogue.productsBackInStock');

/** After a restock committed: the moment to tell the shoppers waiting for it. */
export const restockCommitted = domainEvent<void, Pick<ServiceContext, 'db' | 'config' | 'log'>>('catalogue.restockCommitted');

export type TireSize = { width: number; aspectRatio: number; rimDiameter: number; loadIndex?: number | null; speedRating?: string | null };

/** Staff gave a product a tire size, or took it away (null, also when the product is deleted). */
export const productTireSizeSet = domainEvent<{ productId: number; size: TireSize | null }, InTransaction>('catalogue.productTireSizeSet');

/**
 * A read a higher module adds to the product page's one statement (product-page.ts): `select`
 * gives its value for the product whose id is `productId` (the outer row's id column) as JSON,
 * `keep` hands the parsed value to the module's per-request loader, so its field asks nothing more.
 */
export type ProductPageRead = {
  select: (productId: PgColumn) => SQL;
  keep: (ctx: ServiceContext, productId: number, value: unknown) => void;
};

/** The review average and count of the product and of its related products (their cards show it). */
export const productPageRating = port<() => ProductPageRead>('catalogue.productPageRating');

/** The product's tire size row (null for anything but a tire). */
export const productPageTire = port<() => ProductPageRead>('catalogue.productPageTire');
