// Saved (vaulted) cards and each customer's default payment method. We keep only what the
// provider gives back: its customer and card token ids, the brand and the last 4 digits.
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const CARD_STATES = ['PENDING', 'VERIFIED', 'FAILED'] as const;
export type CardState = (typeof CARD_STATES)[number];

export const savedCards = pgTable(
  'saved_cards',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer().notNull(),
    provider: text().notNull().default('maya'),
    customerId: text().notNull(),
    // Null until the provider vaulted the payment token.
    cardTokenId: text(),
    brand: text().notNull(),
    last4: text().notNull(),
    // PENDING until the customer passes 3-D Secure at verificationUrl.
    state: text({ enum: CARD_STATES }).notNull().default('PENDING'),
    verificationUrl: text(),
    // The secret of the card's signed return addresses from 3-D Secure, cleared when one is
    // used: a return is believed once, and only from the address Maya was given (ADR 041).
    returnNonce: text(),
    isDefault: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    verifiedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('saved_cards_user_idx').on(t.userId, t.state),
    uniqueIndex('saved_cards_token_uq').on(t.provider, t.cardTokenId),
    // At most one default card per customer, whatever two requests do at once.
    uniqueIndex('saved_cards_one_default_uq').on(t.userId).where(sql`${t.isDefault}`),
  ],
);

/** The provider's customer record of a user (Maya vaults cards under a customer). */
export const paymentCustomers = pgTable(
  'payment_customers',
  {
    userId: integer().notNull(),
    provider: text().notNull(),
    customerId: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.provider] })],
);

/** A customer's default payment method (a gateway name), me.defaultPaymentMethod. */
export const paymentPreferences = pgTable('payment_preferences', {
  userId: integer().primaryKey(),
  gateway: text().notNull(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
