// Product reviews by customers (written after a fulfilled order; read on the product page).
import { index, integer, pgTable, real, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.tables';
import { products } from '../catalogue/catalogue.tables';

export const reviews = pgTable(
  'reviews',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 1 to 5; a float in the spec's Review type. */
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
