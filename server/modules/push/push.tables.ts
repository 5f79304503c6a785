// The browsers that agreed to show a customer's order notifications: one row per Web Push
// subscription (docs/decisions/014-web-push.md).
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    // The id of an accounts user: no foreign keys across domains (ADR 004).
    userId: integer().notNull(),
    /** WEB: a browser's PushSubscription. The only kind the rulebook names. */
    type: text().notNull().$type<'WEB'>().default('WEB'),
    /** The push service's URL for this browser: whoever knows it can message the browser. */
    endpoint: text().notNull(),
    /** The browser's P-256 public key and auth secret (URL-safe base64), for encrypting messages. */
    p256dh: text().notNull(),
    auth: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One row per browser: authorizing again (or as another account) updates it.
    uniqueIndex('push_subscriptions_endpoint_idx').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId),
  ],
);
