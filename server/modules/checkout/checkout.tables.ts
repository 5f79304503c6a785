// Checkout tables: carts in progress, their copies of addresses, shipping zones and rates,
// vouchers with their usage records, and the shop's checkout settings.
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { postalAddressColumns } from '../../db/columns';

export const checkouts = pgTable(
  'checkouts',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    token: uuid().notNull().defaultRandom(),
    // The owner (accounts' user id; no foreign key across domains).
    userId: integer().notNull(),
    email: text().notNull().default(''),
    shippingMethodId: integer().references(() => shippingMethods.id),
    hasInsurance: boolean().notNull().default(false),
    voucherId: integer().references(() => vouchers.id),
    // 'SHOP' (a vouchers row) or 'REFERRAL' (the accounts module's one-time referral voucher).
    voucherSource: text({ enum: ['SHOP', 'REFERRAL'] }),
    voucherCode: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('checkouts_token_idx').on(t.token),
    // One cart per customer: me.checkout is that cart.
    uniqueIndex('checkouts_user_idx').on(t.userId),
  ],
);

export const checkoutLines = pgTable(
  'checkout_lines',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    checkoutId: integer()
      .notNull()
      .references(() => checkouts.id, { onDelete: 'cascade' }),
    // The catalogue's variant id (no foreign key across domains).
    variantId: integer().notNull(),
    quantity: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('checkout_lines_variant_idx').on(t.checkoutId, t.variantId),
    check('checkout_lines_quantity_positive', sql`${t.quantity} > 0`),
  ],
);

export const checkoutAddresses = pgTable(
  'checkout_addresses',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    checkoutId: integer()
      .notNull()
      .references(() => checkouts.id, { onDelete: 'cascade' }),
    ...postalAddressColumns(),
  },
  (t) => [uniqueIndex('checkout_addresses_type_idx').on(t.checkoutId, t.type)],
);

/** The two fixed methods: the first (by sort order) is pickup, the second delivery. */
export const shippingMethods = pgTable('shipping_methods', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  name: text().notNull(),
  type: text({ enum: ['PICKUP', 'DELIVERY'] }).notNull(),
  sortOrder: integer().notNull(),
  minimumOrderPrice: integer(),
  maximumOrderPrice: integer(),
  minimumOrderWeightGrams: integer(),
  maximumOrderWeightGrams: integer(),
});

export const shippingZones = pgTable('shipping_zones', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  name: text().notNull(),
  // The zone used when a province matches no zone.
  isDefault: boolean().notNull().default(false),
  // Province names (countryArea) that belong to the zone, matched case-insensitively.
  provinces: text()
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  // Added per started kilogram above the heaviest band of the rate table.
  extraPerKgPrice: integer().notNull().default(0),
  sortOrder: integer().notNull().default(0),
});

/** The rate table: the price of a parcel up to maxWeightGrams in a zone. */
export const shippingRates = pgTable(
  'shipping_rates',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    zoneId: integer()
      .notNull()
      .references(() => shippingZones.id, { onDelete: 'cascade' }),
    maxWeightGrams: integer().notNull(),
    price: integer().notNull(),
  },
  (t) => [uniqueIndex('shipping_rates_zone_weight_idx').on(t.zoneId, t.maxWeightGrams)],
);

export const vouchers = pgTable(
  'vouchers',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    code: text().notNull(),
    name: text().notNull(),
    type: text({ enum: ['FIXED', 'PERCENTAGE'] }).notNull(),
    // FIXED: centavos. PERCENTAGE: basis points (1000 = 10%).
    value: integer().notNull(),
    minimumSpend: integer().notNull().default(0),
    // null: unlimited.
    usageLimit: integer(),
    used: integer().notNull().default(0),
    applyOncePerCustomer: boolean().notNull().default(true),
    // A promo tied to one payment gateway (checkout.voucher.paymentMethod); null: any.
    gateway: text(),
    startDate: timestamp({ withTimezone: true }).notNull().defaultNow(),
    endDate: timestamp({ withTimezone: true }),
    isActive: boolean().notNull().default(true),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('vouchers_code_lower_idx').on(sql`lower(${t.code})`),
    check('vouchers_used_within_limit', sql`${t.usageLimit} IS NULL OR ${t.used} <= ${t.usageLimit}`),
  ],
);

export const voucherUsages = pgTable(
  'voucher_usages',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    voucherId: integer()
      .notNull()
      .references(() => vouchers.id, { onDelete: 'cascade' }),
    userId: integer().notNull(),
    // The orders module's order id (no foreign key across domains).
    orderId: integer().notNull(),
    onePerCustomer: boolean().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('voucher_usages_voucher_idx').on(t.voucherId),
    // "One per customer" enforced by the database even under concurrent completions.
    uniqueIndex('voucher_usages_once_idx')
      .on(t.voucherId, t.userId)
      .where(sql`${t.onePerCustomer}`),
  ],
);

/** One row (id 1) of settings staff may edit; code defaults apply when it is missing. */
export const checkoutSettings = pgTable('checkout_settings', {
  id: integer().primaryKey(),
  // Basis points: 100 = 1%.
  insuranceRate: integer().notNull().default(100),
  insuranceMinimum: integer().notNull().default(5000),
  codFeeRate: integer().notNull().default(200),
  codFeeMinimum: integer().notNull().default(2000),
  codMaximumOrder: integer().notNull().default(5_000_000),
  paypalFeeRate: integer().notNull().default(440),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
