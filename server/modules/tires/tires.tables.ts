// Tire sizes of tire products: the tire search filters on width, aspect ratio and rim diameter.
import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';

export const tires = pgTable(
  'tires',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    // The catalogue product sold in this size: no foreign key across domains (ADR 004).
    productId: integer().notNull(),
    /** Section width in millimetres, e.g. 205. */
    width: integer().notNull(),
    /** Sidewall height as a percentage of the width, e.g. 55. */
    aspectRatio: integer().notNull(),
    /** Wheel diameter in inches, e.g. 16. */
    rimDiameter: integer().notNull(),
    loadIndex: integer(),
    speedRating: text(),
  },
  (t) => [
    uniqueIndex('tires_product_idx').on(t.productId),
    index('tires_size_idx').on(t.width, t.aspectRatio, t.rimDiameter),
  ],
);
