// Sends email: over SMTP when SMTP_URL is set, otherwise kept in the outbox (/dev/mailbox).
// Every email is recorded first, so a failed SMTP delivery leaves a trace to retry from.
import { desc, eq } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { ServiceContext } from '../../graphql/context';
import { emails } from './notifications.tables';

export type EmailMessage = { to: string; subject: string; html: string; text: string; template: string };
export type EmailRow = typeof emails.$inferSelect;

// One pooled transport per SMTP_URL for the process.
const transports = new Map<string, Transporter>();
function transportFor(config: Config): Transporter | null {
  if (!config.smtpUrl) return null;
  let transport = transports.get(config.smtpUrl);
  if (!transport) {
    transport = nodemailer.createTransport(config.smtpUrl);
    transports.set(config.smtpUrl, transport);
  }
  return transport;
}

/**
 * Records and delivers an email. Call it after the transaction that caused it has committed
 * (a rolled-back sign-up must not send mail). Delivery failures are logged and recorded, never
 * thrown: the user's action already succeeded, and the outbox row keeps the message.
 */
export async function sendEmail(ctx: Pick<ServiceContext, 'db' | 'config' | 'log'>, message: EmailMessage) {
  const transport = transportFor(ctx.config);
  const [row] = await ctx.db
    .insert(emails)
    .values({ ...message, status: 'outbox' })
    .returning({ id: emails.id });
  if (!transport) return row.id;
  try {
    await transport.sendMail({
      from: ctx.config.mailFrom,
      to: message.to,
      subject: message.subject,
      html: message.html,
      text: message.text,
    });
    await ctx.db.update(emails).set({ status: 'sent', sentAt: new Date() }).where(eq(emails.id, row.id));
  } catch (error) {
    ctx.log.error({ err: error, emailId: row.id }, 'email delivery failed');
    await ctx.db
      .update(emails)
      .set({ status: 'failed', error: error instanceof Error ? error.message : String(error) })
      .where(eq(emails.id, row.id));
  }
  return row.id;
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
