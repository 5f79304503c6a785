// Consents as given: what was agreed to (the cookie notice), which version of its text, when, and
// by whom: a signed-in user, or a visitor known only by a random id their browser keeps
// (docs/decisions/054-privacy-rights.md). Rows are only added, never changed: a withdrawal is a
// new row with granted = false.
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const consents = pgTable(
  'consents',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /** A user of the accounts module (no foreign key across modules); null for a visitor. */
    userId: integer(),
    /** The random id a visitor's browser keeps (a UUID); null when only a user is known. */
    visitorId: text(),
    /** What the consent is for: common/compliance/consent.ts CONSENT_PURPOSES. */
    purpose: text().notNull(),
    /** The version of the text agreed to (COOKIE_NOTICE_VERSION for the cookie notice). */
    version: text().notNull(),
    granted: boolean().notNull().default(true),
    recordedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('consents_user_idx').on(t.userId, t.id),
    index('consents_visitor_idx').on(t.visitorId, t.id),
    check('consents_subject_check', sql`${t.userId} is not null or ${t.visitorId} is not null`),
  ],
);
