// Orders: what a customer bought, with copies of the lines, addresses and totals at the time,
// and the history of its status.
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { CANCEL_REASONS } from '../../../common/orders/order-cancel';
import { ORDER_STATUSES } from '../../../common/orders/order-status';
import { postalAddressColumns } from '../../db/columns';

export const orders = pgTable(
  'orders',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    token: uuid().notNull().defaultRandom(),
    // The customer-facing "Order#": short, unambiguous, unique.
    referenceKey: text().notNull(),
    userId: integer().notNull(),
    userEmail: text().notNull(),
    // The completion key: one order per checkout, so repeating checkoutComplete finds it.
    checkoutId: integer().notNull(),
    status: text({ enum: ORDER_STATUSES }).notNull(),
    // Unread for its customer (the account's red dot) until readOrders.
    isRead: boolean().notNull().default(false),
    shippingMethodId: integer(),
    shippingMethodName: text(),
    shippingMethodType: text({ enum: ['PICKUP', 'DELIVERY'] }),
    subtotal: integer().notNull(),
    shippingPrice: integer().notNull().default(0),
    estimatedShippingFee: integer().notNull().default(0),
    hasInsurance: boolean().notNull().default(false),
    insurance: integer().notNull().default(0),
    cashOnDeliveryFee: integer().notNull().default(0),
    // PayPal's fee, charged on top when the order is paid with Paypal Checkout (ADR 040); part of total.
    paypalFee: integer().notNull().default(0),
    discount: integer().notNull().default(0),
    discountName: text(),
    voucherCode: text(),
    total: integer().notNull(),
    gateway: text(),
    trackingNumber: text(),
    trackingLink: text(),
    trackingClientId: text(),
    // The customer's cancellation request (requestOrderCancel).
    cancelReason: text({ enum: CANCEL_REASONS }),
    cancelNote: text(),
    // The uploaded deposit slip: a media path under DATA_DIR/media (random, unguessable name).
    proofOfBillingPath: text(),
    proofOfBillingAlt: text(),
    // The gateway's payment window (payments/gateways/gateway-rules.ts): unpaid then, the order is
    // cancelled by a job (payment-expiry.service.ts); null: no window (e.g. Cash on Delivery).
    paymentDueAt: timestamp({ withTimezone: true }),
    // The "please pay" reminder went out (once).
    paymentReminderSentAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('orders_token_idx').on(t.token),
    uniqueIndex('orders_reference_key_idx').on(t.referenceKey),
    uniqueIndex('orders_checkout_idx').on(t.checkoutId),
    index('orders_user_created_idx').on(t.userId, t.createdAt),
  ],
);

export const orderLines = pgTable(
  'order_lines',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    variantId: integer().notNull(),
    productId: integer().notNull(),
    productName: text().notNull(),
    /** The brand as it was when the order was placed; null for a product without one. */
    brandName: text(),
    variantName: text().notNull(),
    productSku: text().notNull(),
    quantity: integer().notNull(),
    unitPrice: integer().notNull(),
    undiscountedUnitPrice: integer().notNull(),
    thumbnailUrl: text(),
    isPreOrder: boolean().notNull().default(false),
  },
  (t) => [index('order_lines_order_idx').on(t.orderId)],
);

export const orderAddresses = pgTable(
  'order_addresses',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    ...postalAddressColumns(),
  },
  (t) => [uniqueIndex('order_addresses_type_idx').on(t.orderId, t.type)],
);

export const orderStatusLogs = pgTable(
  'order_status_logs',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: text({ enum: ORDER_STATUSES }).notNull(),
    event: text().notNull(),
    // Who moved it: a user id (customer or staff); null for the system.
    actorUserId: integer(),
    note: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_status_logs_order_idx').on(t.orderId, t.createdAt)],
);
