// Requests made under the Data Privacy Act's rights: a copy of one's data (EXPORT) and the
// erasure of an account (ERASURE), with what became of them, for staff to see and answer for
// (docs/decisions/054-privacy-rights.md).
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const privacyRequests = pgTable(
  'privacy_requests',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /** A user of the accounts module (no foreign key across modules). */
    userId: integer().notNull(),
    /** EXPORT | ERASURE (common/compliance/privacy.ts). */
    kind: text().notNull(),
    /** COMPLETED | REFUSED. */
    status: text().notNull(),
    /** Why it was refused (an order still open), or what was kept on completion. */
    note: text().notNull().default(''),
    requestedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('privacy_requests_requested_idx').on(t.requestedAt, t.id)],
);
