// Every email the shop sends. Without SMTP_URL this is the outbox read at /dev/mailbox.
import { customType, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

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

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/** Files sent with an email (a sales invoice's PDF), kept with it so a retried delivery sends the same bytes. */
export const emailAttachments = pgTable(
  'email_attachments',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    emailId: integer()
      .notNull()
      .references(() => emails.id, { onDelete: 'cascade' }),
    filename: text().notNull(),
    contentType: text().notNull(),
    content: bytea().notNull(),
  },
  (t) => [index('email_attachments_email_idx').on(t.emailId)],
);
