// Payments: one row per attempt to pay for a checkout, attached to its order at completion;
// the ledger of provider events that alone move its status; per-gateway settings; and the
// built-in sandbox provider's own record of the sessions it hosts.
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

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
    // Centavos the provider reported taken so far: the total once paid in full, less while a
    // gateway that takes part payments waits for the rest (PARTIALLY_CHARGED, ADR 050).
    chargedAmount: integer().notNull().default(0),
    currency: text().notNull().default('PHP'),
    chargeStatus: text({ enum: CHARGE_STATUSES }).notNull().default('NOT_CHARGED'),
    captureStatus: text().notNull().default('NOT_CAPTURED'),
    // Only the latest payment of a checkout or order is active.
    isActive: boolean().notNull().default(true),
    redirectUrl: text(),
    // Nothing may be captured before staff confirm the order (a pre-order, docs/product/cart-and-checkout.md#pre-orders): PayPal
    // only authorises at approval and captures at orderConfirm (ADR 040). Set when the order is placed.
    holdUntilConfirmed: boolean().notNull().default(false),
    // Who hosts the payment ('sandbox', 'paypal', ...) and its id there (session, order, ...).
    provider: text(),
    providerReference: text(),
    // The secret of the signed return from 3-D Secure of a held card's charge (ADR 050): set
    // before Maya is asked, spent by the first genuine return, so a replay changes nothing.
    returnNonce: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payments_checkout_idx').on(t.checkoutId),
    index('payments_order_idx').on(t.orderId),
    index('payments_provider_reference_idx').on(t.provider, t.providerReference),
  ],
);

// REFUND_FAILED: the provider did not carry out a refund it had accepted (PayPal: FAILED, CANCELLED).
// AUTHORIZED: the payer's money is held, not taken (PayPal's authorisation of a pre-order); EXPIRED:
// that hold lapsed before it was captured and could not be renewed (ADR 040).
export const PAYMENT_EVENT_TYPES = [
  'PENDING', 'CANCELLED', 'DECLINED', 'AUTHORIZED', 'PAID', 'VOIDED', 'EXPIRED', 'REFUNDED', 'REFUND_FAILED',
  // ADR 045. APPROVED: a buy-now-pay-later provider approved the installment plan (BillEase); the
  // rest are states the shop itself causes (payment-lifecycle.service.ts): CONFIRMED (staff confirmed the
  // order: the deposit is asked for, the cash will be collected), PROOF_RECEIVED and PROOF_REFUSED
  // (a deposit slip), UNAVAILABLE (cash on delivery refused), SHIPPED (the courier collects).
  'APPROVED', 'CONFIRMED', 'PROOF_RECEIVED', 'PROOF_REFUSED', 'UNAVAILABLE', 'SHIPPED',
  // ADR 050: a held card's charge waits for the customer's 3-D Secure (Maya's FOR_AUTHENTICATION).
  'AUTHENTICATING',
] as const;
export type PaymentEventType = (typeof PAYMENT_EVENT_TYPES)[number];

export const PAYMENT_EVENT_OUTCOMES = ['APPLIED', 'IGNORED', 'MISMATCH'] as const;
export type PaymentEventOutcome = (typeof PAYMENT_EVENT_OUTCOMES)[number];

/**
 * Every event a provider told us (webhook, return, capture answer), once: the unique
 * (provider, event id) makes a replay or a duplicate delivery a no-op. Only these events move
 * a payment's chargeStatus/captureStatus (docs/product/orders-and-payments.md#payment-status).
 */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    provider: text().notNull(),
    eventId: text().notNull(),
    paymentId: integer(),
    orderId: integer(),
    type: text({ enum: PAYMENT_EVENT_TYPES }).notNull(),
    // What the provider said was paid, centavos, and in which currency.
    amount: integer(),
    currency: text(),
    // What the event did: moved the status, changed nothing (late, out of order, no effect), or
    // did not match its payment (amount, currency, order, provider).
    outcome: text({ enum: PAYMENT_EVENT_OUTCOMES }).notNull(),
    chargeStatus: text({ enum: CHARGE_STATUSES }),
    captureStatus: text(),
    payload: jsonb().notNull().default(sql`'{}'::jsonb`),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payment_events_provider_event_idx').on(t.provider, t.eventId),
    index('payment_events_payment_idx').on(t.paymentId),
  ],
);

export const REFUND_KINDS = ['STAFF', 'LATE_PAYMENT', 'PROVIDER'] as const;
export type RefundKind = (typeof REFUND_KINDS)[number];
export const REFUND_STATUSES = ['PENDING', 'COMPLETED', 'FAILED', 'NEEDS_STAFF'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/**
 * Money given back on a payment, one row per refund (staff's, in whole or in part; the automatic
 * refund of a payment that arrived after its order had expired; one the provider reported that
 * the shop did not ask for). PENDING and COMPLETED rows count against what may still be refunded
 * (written only under the payment's row lock); FAILED gives the amount back; NEEDS_STAFF is a late
 * payment its provider cannot refund through an API. The ledger (payment_events) keeps the events.
 */
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    paymentId: integer().notNull(),
    orderId: integer(),
    kind: text({ enum: REFUND_KINDS }).notNull(),
    status: text({ enum: REFUND_STATUSES }).notNull(),
    // Centavos.
    amount: integer().notNull(),
    currency: text().notNull().default('PHP'),
    reason: text().notNull().default(''),
    // Staff's reference of a refund made by hand (bank transfer number, cash receipt).
    reference: text(),
    // Who carried it out ('paypal', 'maya', 'sandbox', or 'staff' by hand) and its id there.
    provider: text(),
    providerRefundId: text(),
    actorUserId: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    // When the provider's answer to our request (or staff's word for a refund by hand) was
    // recorded. Null: the refund is recorded but its answer is not, because the provider is
    // being asked, or the process died first; the settle job finishes it (ADR 041).
    settledAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('payment_refunds_payment_idx').on(t.paymentId),
    uniqueIndex('payment_refunds_provider_refund_idx').on(t.provider, t.providerRefundId),
    // A late payment is refunded once, however many webhooks or replicas handle it.
    uniqueIndex('payment_refunds_late_payment_idx').on(t.paymentId).where(sql`kind = 'LATE_PAYMENT'`),
  ],
);

/** Staff-editable gateway settings; a gateway without a row uses its code defaults. */
export const gatewaySettings = pgTable('gateway_settings', {
  gateway: text().primaryKey(),
  displayName: text(),
  logoUrl: text(),
  // Centavos; null: the code default.
  maximumOrderAmount: integer(),
  isEnabled: boolean().notNull().default(true),
  // Minutes an order may wait unpaid (orders/payment-expiry.service.ts); null: the code default.
  paymentWindowMinutes: integer(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * The buy-now-pay-later provider's installment factors (docs/product/catalogue.md#installment-calculators): for each term of 1 to
 * 12 months, the multiplier applied to the financed amount (the price after the down payment).
 * A missing row is 1.0 (interest-free). Stored as ten-thousandths: 10000 = 1.0, so the
 * calculator's figures never depend on floating-point storage.
 */
export const installmentFactors = pgTable('installment_factors', {
  term: integer().primaryKey(),
  factorTenThousandths: integer().notNull(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const SANDBOX_SESSION_STATUSES = ['OPEN', 'APPROVED', 'AUTHORIZED', 'DECLINED', 'CANCELLED', 'CAPTURED', 'VOIDED', 'REFUNDED'] as const;
export type SandboxSessionStatus = (typeof SANDBOX_SESSION_STATUSES)[number];

/**
 * The sandbox provider's side: what a real provider keeps about a hosted payment. Our payment
 * refers to it by id (payments.provider_reference); the sandbox knows our payment only as the
 * merchant reference it was given.
 */
export const sandboxSessions = pgTable('sandbox_sessions', {
  id: text().primaryKey(),
  gateway: text().notNull(),
  merchantReference: text().notNull(),
  orderReference: text().notNull(),
  amount: integer().notNull(),
  currency: text().notNull(),
  description: text().notNull().default(''),
  returnUrl: text().notNull(),
  status: text({ enum: SANDBOX_SESSION_STATUSES }).notNull().default('OPEN'),
  // Whether approval only authorises (PayPal: the shop captures afterwards).
  captureByMerchant: boolean().notNull().default(false),
  // Centavos given back so far (refunds in part; REFUNDED once it is all).
  refundedAmount: integer().notNull().default(0),
  // Centavos paid so far when the payer paid part of the amount (WeChat Pay, ADR 050); null: the
  // whole amount once CAPTURED.
  paidAmount: integer(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * The sandbox's refunds by the shop's request id, as a provider's idempotency key keeps them:
 * a request repeated (a retry after a crash, the settle job) answers the first refund again.
 */
export const sandboxRefunds = pgTable('sandbox_refunds', {
  requestId: text().primaryKey(),
  sessionId: text().notNull(),
  refundId: text().notNull(),
  // Centavos.
  amount: integer().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** A payment as stored: the type the gateways and providers take, without importing the service. */
export type PaymentRow = typeof payments.$inferSelect;

/** A sandbox payment session as stored. */
export type SandboxSessionRow = typeof sandboxSessions.$inferSelect;
