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
  // Basis points of the order subtotal: 500 = 5% (DECISIONS.md).
  level1Rate: integer().notNull().default(500),
  level2Rate: integer().notNull().default(200),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
