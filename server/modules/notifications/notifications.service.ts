// Sends email: over SMTP when SMTP_URL is set (a durable job, retried), otherwise kept in the
// outbox (/dev/mailbox). Every email is recorded first, so a failed delivery leaves a trace.
import { asc, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { enqueueJob } from '../../jobs/jobs';
import { deliverEmailJob } from './email-delivery.service';
import type { ServiceContext } from '../../graphql/context';
import { sellerDetailsOf } from '../system/seller-details.service';
import { sellerDetailsLines } from '../../../common/compliance/seller-lines';
import { SELLER_DETAILS_SLOT, sellerDetailsHtml } from './email-layout';
import { emailAttachments, emails } from './notifications.tables';

/** A file sent with an email (a sales invoice's PDF): kept with the email, so a retry sends the same bytes. */
export type EmailAttachment = { filename: string; contentType: string; content: Buffer };
export type EmailMessage = { to: string; subject: string; html: string; text: string; template: string; attachments?: EmailAttachment[] };
export type EmailRow = typeof emails.$inferSelect;

/**
 * Records an email and, with SMTP_URL, queues its delivery (emails.deliver, retried on SMTP
 * failures); without it the email stays in the outbox. Record and job are written together: in
 * the caller's transaction when ctx.db is one (the email exists only if it commits), else in one
 * of their own. Nothing is sent before the caller's work has committed, and an SMTP failure
 * never fails the caller.
 */
export async function sendEmail(ctx: Pick<ServiceContext, 'db' | 'config' | 'log' | 'tableCache'>, email: EmailMessage): Promise<number> {
  const message = email.html.includes(SELLER_DETAILS_SLOT) ? await withSellerDetails(ctx, email) : email;
  const viaSmtp = Boolean(ctx.config.smtpUrl);
  // Kept in the outbox: one statement, no transaction (its BEGIN and COMMIT were two more
  // round trips per order on PostgreSQL).
  const { attachments = [], ...fields } = message;
  if (!viaSmtp && attachments.length === 0) {
    const [row] = await ctx.db.insert(emails).values({ ...fields, status: 'outbox' }).returning({ id: emails.id });
    if (!row) throw new Error('email not recorded');
    return row.id;
  }
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx.insert(emails).values({ ...fields, status: viaSmtp ? 'queued' : 'outbox' }).returning({ id: emails.id });
    if (!row) throw new Error('email not recorded');
    if (attachments.length) await tx.insert(emailAttachments).values(attachments.map((a) => ({ emailId: row.id, ...a })));
    if (viaSmtp) await enqueueJob(tx, deliverEmailJob, { emailId: row.id });
    return row.id;
  });
}

/** An email whose footer names the seller: the details as stored now, in its HTML and its text. */
async function withSellerDetails(ctx: Pick<ServiceContext, 'db' | 'tableCache'>, message: EmailMessage): Promise<EmailMessage> {
  const seller = await sellerDetailsOf(ctx);
  const lines = sellerDetailsLines(seller);
  return {
    ...message,
    html: message.html.replace(SELLER_DETAILS_SLOT, sellerDetailsHtml(seller)),
    text: lines.length ? `${message.text.trimEnd()}\n\n--\n${lines.join('\n')}\n` : message.text,
  };
}

/** The outbox, newest first (the dev mailbox page and tests). */
export async function listEmails(db: Database, options: { to?: string; limit?: number } = {}): Promise<EmailRow[]> {
  const query = db.select().from(emails);
  const filtered = options.to ? query.where(eq(emails.to, options.to)) : query;
  return filtered.orderBy(desc(emails.id)).limit(options.limit ?? 100);
}

/** The files sent with an email, in the order they were attached. */
export async function attachmentsOfEmail(db: Database, emailId: number): Promise<(typeof emailAttachments.$inferSelect)[]> {
  return db.select().from(emailAttachments).where(eq(emailAttachments.emailId, emailId)).orderBy(asc(emailAttachments.id));
}

export async function getEmail(db: Database, id: number): Promise<EmailRow | null> {
  const [row] = await db.select().from(emails).where(eq(emails.id, id));
  return row ?? null;
}
