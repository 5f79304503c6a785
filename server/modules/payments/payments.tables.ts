// Payments: one row per attempt to pay for a checkout, attached to its order at completion.
import { boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const CHARGE_STATUSES = [
  'NOT_CHARGED',
  'PARTIALLY_CHARGED',
  'FAILED',
  'REJECTED',
  'CASH_ON_DELIVERY_PENDING',
  'PAY_IN_INSTALLMENT_READY',
  'FULLY_CHARGED',
  'FULLY_REFUNDED',
] as const;
export type ChargeStatus = (typeof CHARGE_STATUSES)[number];

export const payments = pgTable(
  'payments',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    // The checkout it was created for, then the order it pays (ids of other domains: no FKs).
    checkoutId: integer(),
    orderId: integer(),
    userId: integer().notNull(),
    gateway: text().notNull(),
    // The client's payment token (a fixed placeholder for gateways that charge nothing now).
    token: text().notNull().default(''),
    // Centavos; set from the server's total at completion.
    total: integer().notNull(),
    chargeStatus: text({ enum: CHARGE_STATUSES }).notNull().default('NOT_CHARGED'),
    captureStatus: text().notNull().default('NOT_CAPTURED'),
    // Only the latest payment of a checkout or order is active.
    isActive: boolean().notNull().default(true),
    redirectUrl: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('payments_checkout_idx').on(t.checkoutId), index('payments_order_idx').on(t.orderId)],
);
