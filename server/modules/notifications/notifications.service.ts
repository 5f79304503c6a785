// Sends email: over SMTP when SMTP_URL is set (a durable job, retried), otherwise kept in the
// outbox (/dev/mailbox). Every email is recorded first, so a failed delivery leaves a trace.
import { desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { enqueueJob } from '../../jobs/jobs';
import { deliverEmailJob } from './email-delivery.service';
import type { ServiceContext } from '../../graphql/context';
import { emails } from './notifications.tables';

export type EmailMessage = { to: string; subject: string; html: string; text: string; template: string };
export type EmailRow = typeof emails.$inferSelect;

/**
 * Records an email and, with SMTP_URL, queues its delivery (emails.deliver, retried on SMTP
 * failures); without it the email stays in the outbox. Record and job are written together: in
 * the caller's transaction when ctx.db is one (the email exists only if it commits), else in one
 * of their own. Nothing is sent before the caller's work has committed, and an SMTP failure
 * never fails the caller.
 */
export async function sendEmail(ctx: Pick<ServiceContext, 'db' | 'config' | 'log'>, message: EmailMessage): Promise<number> {
  const viaSmtp = Boolean(ctx.config.smtpUrl);
  // Kept in the outbox: one statement, no transaction (its BEGIN and COMMIT were two more
  // round trips per order on PostgreSQL).
  if (!viaSmtp) {
    const [row] = await ctx.db.insert(emails).values({ ...message, status: 'outbox' }).returning({ id: emails.id });
    if (!row) throw new Error('email not recorded');
    return row.id;
  }
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx.insert(emails).values({ ...message, status: 'queued' }).returning({ id: emails.id });
    if (!row) throw new Error('email not recorded');
    await enqueueJob(tx, deliverEmailJob, { emailId: row.id });
    return row.id;
  });
}

/** The outbox, newest first (the dev mailbox page and tests). */
export async function listEmails(db: Database, options: { to?: string; limit?: number } = {}): Promise<EmailRow[]> {
  const query = db.select().from(emails);
  const filtered = options.to ? query.where(eq(emails.to, options.to)) : query;
  return filtered.orderBy(desc(emails.id)).limit(options.limit ?? 100);
}

export async function getEmail(db: Database, id: number): Promise<EmailRow | null> {
  const [row] = await db.select().from(emails).where(eq(emails.id, id));
  return row ?? null;
}
