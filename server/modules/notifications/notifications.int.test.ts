// Email delivery: the outbox without SMTP_URL, real SMTP delivery to a local fake server, and
// the /dev/mailbox pages.
import { createServer as createTcpServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import express from 'express';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../../testing/test-api';
import { verificationEmail } from './email-templates';
import { createMailboxRouter } from './mailbox';
import type { Config } from '../../config';
import { startJobRunner, type JobRunner } from '../../jobs/job-runner';
import { JOB_SCHEMA } from '../../jobs/job-sql';
import { sleep, waitFor } from '../../jobs/job-testing';
import { deliverEmailJob } from './email-delivery.service';
import { attachmentsOfEmail, getEmail, listEmails, sendEmail } from './notifications.service';

/** A minimal SMTP server: keeps each message's raw DATA; refuses the first `refuse.count` with a 451. */
function fakeSmtp() {
  const received: string[] = [];
  const refuse = { count: 0 };
  const server = createTcpServer((socket) => {
    let data = false;
    let buffer = '';
    let message = '';
    socket.write('220 fake ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      let index;
      while ((index = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, index);
        buffer = buffer.slice(index + 2);
        if (data) {
          if (line === '.') {
            data = false;
            if (refuse.count > 0) {
              refuse.count--;
              socket.write('451 4.3.0 try again later\r\n');
            } else {
              received.push(message);
              socket.write('250 OK queued\r\n');
            }
            message = '';
          } else message += `${line}\n`;
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250-fake\r\n250 8BITMIME\r\n');
        else if (verb === 'DATA') {
          data = true;
          socket.write('354 go ahead\r\n');
        } else if (verb === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 OK\r\n');
      }
    });
  });
  return { server, received, refuse };
}

let t: TestApi;
let smtp: ReturnType<typeof fakeSmtp>;
let runner: JobRunner;
let smtpConfig: Config;
beforeAll(async () => {
  t = await createTestApi();
  smtp = fakeSmtp();
  await new Promise<void>((resolve) => smtp.server.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  smtpConfig = { ...t.config, smtpUrl: `smtp://127.0.0.1:${port}?ignoreTLS=true`, jobsPollSeconds: 0.5 };
  runner = await startJobRunner({ database: t.database, config: smtpConfig, log: pino({ level: 'silent' }), jobs: [deliverEmailJob] });
});
afterAll(async () => {
  await runner?.stop(1000);
  await t?.close();
  await new Promise((resolve) => smtp?.server.close(resolve));
});

const message = verificationEmail({
  to: 'mail@example.com',
  firstName: 'Ana <b>',
  code: '123456',
  link: 'http://localhost:3000/verify?confirmation_key=123456&token=abc&uid=MQ',
  hours: 24,
});

describe('emails', () => {
  it('are kept in the outbox without SMTP_URL, with HTML and text versions', async () => {
    await sendEmail(t.serviceContext(), message);
    const [row] = await listEmails(t.db, { to: 'mail@example.com' });
    expect(row).toMatchObject({ status: 'outbox', template: 'verify_email', subject: expect.stringContaining('123456') });
    expect(row.html).toContain('Ana &lt;b&gt;');
    expect(row.html).toContain('href="http://localhost:3000/verify?confirmation_key=123456&amp;token=abc&amp;uid=MQ"');
    expect(row.text).toContain('Your verification code is: 123456');
  });

  it('are delivered over SMTP by a job when SMTP_URL is set', async () => {
    const ctx = { ...t.serviceContext(), config: smtpConfig };
    const id = await sendEmail(ctx, { ...message, to: 'smtp@example.com' });
    expect((await getEmail(t.db, id))?.status).toBe('queued');
    await waitFor(async () => (await getEmail(t.db, id))?.status === 'sent', 10_000, 'the email to be sent');
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]).toContain('To: smtp@example.com');
    expect(smtp.received[0]).toContain('From: Suki <no-reply@suki.ph>');
    expect(smtp.received[0]).toMatch(/multipart\/alternative/);
  });

  it('record a failed delivery instead of failing the action, and retry it until SMTP takes it', async () => {
    smtp.refuse.count = 1;
    const ctx = { ...t.serviceContext(), config: smtpConfig };
    const id = await sendEmail(ctx, { ...message, to: 'later@example.com' });
    await waitFor(async () => (await getEmail(t.db, id))?.status === 'failed', 10_000, 'the refused attempt');
    expect((await getEmail(t.db, id))?.error).toMatch(/451/);
    // The retry waits 30 s or more; bring it forward instead of waiting. The email says 'failed'
    // before the job itself is marked for retry: moving it forward in between matched no row,
    // and the test waited the 30 s (seen once on a loaded machine).
    const retryScheduled = `SELECT 1 FROM ${JOB_SCHEMA}.job WHERE name = $1 AND state = 'retry'`;
    await waitFor(async () => (await t.database.executeSql(retryScheduled, [deliverEmailJob.name])).rows.length > 0, 10_000, 'the retry to be scheduled');
    await t.database.executeSql(`UPDATE ${JOB_SCHEMA}.job SET start_after = now() WHERE name = $1 AND state = 'retry'`, [deliverEmailJob.name]);
    await waitFor(async () => (await getEmail(t.db, id))?.status === 'sent', 10_000, 'the retried email');
    expect(smtp.received.filter((raw) => raw.includes('To: later@example.com'))).toHaveLength(1);
    expect((await getEmail(t.db, id))?.error).toBeNull();
  });

  it('are neither kept nor sent when the transaction that wrote them rolls back', async () => {
    const ctx = t.serviceContext();
    await expect(
      t.db.transaction(async (tx) => {
        await sendEmail({ ...ctx, db: tx, config: smtpConfig }, { ...message, to: 'rolled-back@example.com' });
        throw new Error('sign-up failed');
      }),
    ).rejects.toThrow('sign-up failed');
    await sleep(1000);
    expect(await listEmails(t.db, { to: 'rolled-back@example.com' })).toEqual([]);
    expect(smtp.received.some((raw) => raw.includes('rolled-back@example.com'))).toBe(false);
  });
});

describe('attachments', () => {
  const pdf = { filename: 'SI-00000001.pdf', contentType: 'application/pdf', content: Buffer.from('%PDF-1.3 a sales invoice') };

  it('are kept with the email in the outbox, downloadable from /dev/mailbox', async () => {
    const id = await sendEmail(t.serviceContext(), { ...message, to: 'attached@example.com', attachments: [pdf] });
    const [kept] = await attachmentsOfEmail(t.db, id);
    expect(kept).toMatchObject({ filename: pdf.filename, contentType: 'application/pdf' });
    expect(Buffer.compare(kept!.content, pdf.content)).toBe(0);
    const app = express();
    app.use('/dev/mailbox', createMailboxRouter(t.db));
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/dev/mailbox`;
    try {
      expect(await (await fetch(`${base}/${id}`)).text()).toContain(`href="/dev/mailbox/${id}/attachments/0">SI-00000001.pdf</a>`);
      const file = await fetch(`${base}/${id}/attachments/0`);
      expect(file.headers.get('content-type')).toBe('application/pdf');
      expect(file.headers.get('content-disposition')).toBe('attachment; filename="SI-00000001.pdf"');
      expect(Buffer.from(await file.arrayBuffer()).toString()).toBe('%PDF-1.3 a sales invoice');
      expect((await fetch(`${base}/${id}/attachments/1`)).status).toBe(404);
    } finally {
      server.close();
    }
  });

  it('are sent over SMTP with the email', async () => {
    const ctx = { ...t.serviceContext(), config: smtpConfig };
    const id = await sendEmail(ctx, { ...message, to: 'attached-smtp@example.com', attachments: [pdf] });
    await waitFor(async () => (await getEmail(t.db, id))?.status === 'sent', 10_000, 'the email to be sent');
    const raw = smtp.received.find((r) => r.includes('To: attached-smtp@example.com'))!;
    expect(raw).toMatch(/multipart\/mixed/);
    expect(raw).toContain('filename=SI-00000001.pdf');
    expect(raw).toContain(pdf.content.toString('base64'));
  });
});

describe('/dev/mailbox', () => {
  it('lists the outbox and shows each email with its HTML in a sandboxed frame', async () => {
    const app = express();
    app.use('/dev/mailbox', createMailboxRouter(t.db));
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/dev/mailbox`;
    try {
      const list = await (await fetch(base)).text();
      expect(list).toContain('mail@example.com');
      const id = /href="\/dev\/mailbox\/(\d+)"/.exec(list)![1];
      const page = await (await fetch(`${base}/${id}`)).text();
      expect(page).toContain('sandbox=');
      expect(page).toContain('Your verification code is');
      const html = await fetch(`${base}/${id}/html`);
      expect(html.headers.get('content-security-policy')).toContain("default-src 'none'");
      expect(await html.text()).toContain('Verify Email Address');
      expect((await fetch(`${base}/999999`)).status).toBe(404);
      expect((await fetch(`${base}/abc/html`)).status).toBe(404);
      expect((await fetch(`${base}/abc`)).status).toBe(404);
    } finally {
      server.close();
    }
  });
});
