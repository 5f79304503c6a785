// Every email the shop sends. Without SMTP_URL this is the outbox read at /dev/mailbox.
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const emails = pgTable(
  'emails',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    to: text().notNull(),
    subject: text().notNull(),
    html: text().notNull(),
    text: text().notNull(),
    /** What kind of email (verify_email, reset_password, welcome), for tests and the mailbox. */
    template: text().notNull(),
    /**
     * outbox: kept only (no SMTP_URL); queued: its delivery job waits; sent; failed: SMTP refused
     * the last attempt (see error; the job retries it until its limit).
     */
    status: text().notNull().$type<'outbox' | 'queued' | 'sent' | 'failed'>(),
    error: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('emails_to_idx').on(t.to), index('emails_created_idx').on(t.createdAt)],
);
