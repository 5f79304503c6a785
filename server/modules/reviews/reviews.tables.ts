// Product reviews by customers (written after a fulfilled order; read on the product page).
import { index, integer, pgTable, real, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const reviews = pgTable(
  'reviews',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    // Ids of a catalogue product and an accounts user: no foreign keys across domains (ADR 004).
    productId: integer().notNull(),
    userId: integer().notNull(),
    /** 1 to 5; a float in the rulebook's Review type. */
    rating: real().notNull(),
    note: text().notNull().default(''),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One review per customer and product; updateReview edits it.
    uniqueIndex('reviews_product_user_idx').on(t.productId, t.userId),
    index('reviews_product_created_idx').on(t.productId, t.createdAt),
  ],
);
