// The customers' watchlists: one row per customer and product they keep an eye on, with the
// back-in-stock alert each row is owed.
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const watchlist = pgTable(
  'watchlist',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    // Ids of an accounts user and a catalogue product: no foreign keys across domains (ADR 004).
    userId: integer().notNull(),
    productId: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /**
     * Set (in the transaction that returned the stock) when a variant of the product went from
     * no stock to some; cleared when the alert email is claimed for sending. The durable record
     * that makes the alert go out once per return to stock, even across a crash or two replicas.
     */
    backInStockAt: timestamp({ withTimezone: true }),
    /** When the last back-in-stock email was sent for this row. */
    alertedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    // One entry per customer and product; also serves the customer's list.
    uniqueIndex('watchlist_user_product_idx').on(t.userId, t.productId),
    // The watchers of a product (marking alerts after a restock).
    index('watchlist_product_idx').on(t.productId),
    // The alerts waiting to be sent: few rows at any time.
    index('watchlist_back_in_stock_idx').on(t.backInStockAt).where(sql`${t.backInStockAt} IS NOT NULL`),
  ],
);
