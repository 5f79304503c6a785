// The Commissioner programme's ledger: one row per reward a commissioner earns from a patron's
// order (and per reversal of one), and the programme's settings. The referral tree itself is
// users.parent_id (accounts' table; see docs/decisions/016-referrals.md).
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const REWARD_KINDS = ['EARNED', 'REVERSED'] as const;
export type RewardKind = (typeof REWARD_KINDS)[number];

export const referralRewards = pgTable(
  'referral_rewards',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    // Ids of accounts users and an orders order: no foreign keys across domains (ADR 004).
    /** The commissioner who earns (or loses) the points. */
    userId: integer().notNull(),
    /** The patron whose order it was: the log's "referral person". */
    patronId: integer().notNull(),
    orderId: integer().notNull(),
    /** 1: the patron's parent; 2: the patron's grandparent. */
    level: smallint().notNull(),
    kind: text({ enum: REWARD_KINDS }).notNull(),
    /** Whole points (1 point = ₱1.00); negative for a reversal. */
    points: integer().notNull(),
    /** What it was computed from: the order subtotal (centavos) and the rate (basis points). */
    orderSubtotal: integer().notNull(),
    rate: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /**
     * When the points may be claimed: the end of the order's refund window. Null while a
     * flagged purchase awaits staff review. Reversals are available at once.
     */
    availableAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    // Exactly once per order, level and kind, however often the trigger is delivered.
    uniqueIndex('referral_rewards_order_level_kind_idx').on(t.orderId, t.level, t.kind),
    // The commissioner's log (newest first) and balance.
    index('referral_rewards_user_idx').on(t.userId, t.id),
    // Points earned from each patron (the referrals list).
    index('referral_rewards_user_patron_idx').on(t.userId, t.patronId),
    check('referral_rewards_level_check', sql`${t.level} in (1, 2)`),
    check(
      'referral_rewards_points_check',
      sql`(${t.kind} = 'EARNED' and ${t.points} > 0) or (${t.kind} = 'REVERSED' and ${t.points} < 0)`,
    ),
  ],
);

/** One row (id 1) of programme settings; code defaults apply when it is missing. */
export const referralSettings = pgTable('referral_settings', {
  id: integer().primaryKey(),
  // Basis points of the order subtotal: 500 = 5% (docs/product/referrals.md#rewards).
  level1Rate: integer().notNull().default(500),
  level2Rate: integer().notNull().default(200),
  /** Days after fulfilment before a reward can be claimed (the order can no longer be refunded). */
  holdDays: integer().notNull().default(7),
  /**
   * The shop's expanded withholding tax on payouts, basis points of the claimed points: 10%, the
   * rate for an individual agent without a sworn declaration on file (ADR 051).
   */
  payoutTaxRate: integer().notNull().default(0),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

// ---------------------------------------------------------------------------------------------
// Payouts (docs/product/referrals.md#payouts: PENDING -> PROCESSING -> PAID, or REJECTED returning the points)

export const PAYOUT_TYPES = ['BANK', 'GCASH'] as const;
export type PayoutType = (typeof PAYOUT_TYPES)[number];
export const PAYOUT_STATUSES = ['PENDING', 'PROCESSING', 'PAID', 'REJECTED'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

export const payouts = pgTable(
  'payouts',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer().notNull(),
    type: text({ enum: PAYOUT_TYPES }).notNull(),
    status: text({ enum: PAYOUT_STATUSES }).notNull().default('PENDING'),
    /** Whole points claimed (the whole available balance at the time). */
    points: integer().notNull(),
    /** Centavos: the fee, the withholding tax and what is sent (points − fee − tax). */
    transactionFee: integer().notNull(),
    tax: integer().notNull(),
    totalPayout: integer().notNull(),
    /** The withholding rate used for `tax`, basis points: a later rate change leaves this payout as it was. */
    taxRate: integer().notNull().default(0),
    /** Where it goes, copied at claim time: GCash number (+63…) or the saved bank account. */
    phoneNumber: text(),
    bankCode: text(),
    accountName: text(),
    accountNumber: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    processingAt: timestamp({ withTimezone: true }),
    processingBy: integer(),
    paidAt: timestamp({ withTimezone: true }),
    paidBy: integer(),
    /** The bank's or GCash's transfer reference, given by staff when marking it PAID. */
    reference: text(),
    rejectedAt: timestamp({ withTimezone: true }),
    rejectedBy: integer(),
    rejectReason: text(),
  },
  (t) => [
    index('payouts_user_idx').on(t.userId, t.id),
    index('payouts_status_idx').on(t.status, t.id),
    check('payouts_points_check', sql`${t.points} > 0`),
    check('payouts_tax_rate_check', sql`${t.taxRate} between 0 and 10000`),
    // A quarter's withholding (certificates, the alphalist) reads the payouts paid in it.
    index('payouts_paid_at_idx').on(t.paidAt),
    check(
      'payouts_destination_check',
      sql`(${t.type} = 'GCASH' and ${t.phoneNumber} is not null) or (${t.type} = 'BANK' and ${t.accountNumber} is not null)`,
    ),
  ],
);

// ---------------------------------------------------------------------------------------------
// Fraud rules: where each order was placed from, and purchases held for staff review

/** Where an order was placed from (recorded at checkout completion) for the shared-origin rule. */
export const purchaseOrigins = pgTable(
  'purchase_origins',
  {
    orderId: integer().primaryKey(),
    userId: integer().notNull(),
    ip: text(),
    deviceId: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('purchase_origins_ip_idx').on(t.ip, t.createdAt), index('purchase_origins_device_idx').on(t.deviceId, t.createdAt)],
);

export const FLAG_REASONS = ['SAME_PERSON_PHONE', 'SAME_PERSON_BANK', 'SAME_PERSON_GCASH', 'SAME_PERSON_CARD', 'SHARED_IP', 'SHARED_DEVICE'] as const;
export type FlagReason = (typeof FLAG_REASONS)[number];
export const FLAG_DECISIONS = ['APPROVED', 'REJECTED'] as const;
export type FlagDecision = (typeof FLAG_DECISIONS)[number];

/**
 * A referred purchase the fraud rules stopped: SAME_PERSON_* withheld the reward outright
 * (nothing to review), SHARED_* held it until staff approve (rewards become available) or
 * reject (rewards reversed).
 */
export const referralFlags = pgTable(
  'referral_flags',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer().notNull(),
    patronId: integer().notNull(),
    /** The commissioner concerned (SAME_PERSON_*); null for a shared-origin flag on the order. */
    commissionerId: integer(),
    reason: text({ enum: FLAG_REASONS }).notNull(),
    /** What matched, for staff: the IP, the device, the phone or the account (masked). */
    detail: text().notNull().default(''),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    decision: text({ enum: FLAG_DECISIONS }),
    decidedAt: timestamp({ withTimezone: true }),
    decidedBy: integer(),
  },
  (t) => [
    uniqueIndex('referral_flags_order_reason_idx').on(t.orderId, t.reason, sql`coalesce(${t.commissionerId}, 0)`),
    index('referral_flags_open_idx').on(t.decision, t.id),
  ],
);

// ---------------------------------------------------------------------------------------------
// A commissioner's tax details (ADR 051): the TIN and registered address they give for their
// withholding certificates, and the withholding rate staff set for them (5% once their sworn
// declaration is on file); null rate = the shop's rate in referral_settings.

export const commissionerTaxDetails = pgTable(
  'commissioner_tax_details',
  {
    userId: integer().primaryKey(),
    /** 9 digits, no dashes; null when not given. */
    tin: text(),
    /** The branch code after the TIN (3 to 5 digits); null when not given. */
    tinBranchCode: text(),
    /** The registered address for the certificate, one line as typed. */
    registeredAddress: text(),
    /** Basis points; null: the shop's rate applies. */
    withholdingRate: integer(),
    /** Why staff set the rate (e.g. the sworn declaration received on a date). */
    withholdingRateNote: text(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('commissioner_tax_details_rate_check', sql`${t.withholdingRate} between 0 and 10000`)],
);
