// Delivers a recorded email over SMTP as a durable job (docs/decisions/018-durable-jobs.md): an
// SMTP failure marks the email failed and the job retries it with backoff, from any replica.
import { asc, eq } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../../config';
import { defineJob, type JobContext } from '../../jobs/jobs';
import { emailAttachments, emails } from './notifications.tables';

// One pooled transport per SMTP_URL for the process.
const transports = new Map<string, Transporter>();
export function transportFor(config: Pick<Config, 'smtpUrl'>): Transporter | null {
  if (!config.smtpUrl) return null;
  let transport = transports.get(config.smtpUrl);
  if (!transport) {
    transport = nodemailer.createTransport(config.smtpUrl);
    transports.set(config.smtpUrl, transport);
  }
  return transport;
}

/**
 * Sends the email unless it was sent already (a job may run again after a crash between the
 * send and its record). Throws on an SMTP failure, after recording it on the email.
 */
export async function deliverEmail(ctx: Pick<JobContext, 'db' | 'config' | 'log'>, emailId: number): Promise<void> {
  const [email] = await ctx.db.select().from(emails).where(eq(emails.id, emailId));
  if (!email || email.status === 'sent') return;
  const transport = transportFor(ctx.config);
  // SMTP_URL was removed since: the email stays in the outbox.
  if (!transport) {
    await ctx.db.update(emails).set({ status: 'outbox' }).where(eq(emails.id, emailId));
    return;
  }
  try {
    const attachments = await ctx.db.select().from(emailAttachments).where(eq(emailAttachments.emailId, emailId)).orderBy(asc(emailAttachments.id));
    await transport.sendMail({
      from: ctx.config.mailFrom,
      to: email.to,
      subject: email.subject,
      html: email.html,
      text: email.text,
      attachments: attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, content: a.content })),
    });
  } catch (error) {
    await ctx.db
      .update(emails)
      .set({ status: 'failed', error: error instanceof Error ? error.message : String(error) })
      .where(eq(emails.id, emailId));
    throw error;
  }
  await ctx.db.update(emails).set({ status: 'sent', sentAt: new Date(), error: null }).where(eq(emails.id, emailId));
}

/** 6 retries from 30 s with backoff: the last about an hour or two after the first try. */
export const deliverEmailJob = defineJob<{ emailId: number }>('emails.deliver', ({ emailId }, ctx) => deliverEmail(ctx, emailId), {
  retryLimit: 6,
  retryDelaySeconds: 30,
  backoff: true,
  expireInSeconds: 120,
});
