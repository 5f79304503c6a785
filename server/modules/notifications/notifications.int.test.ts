// Email delivery: the outbox without SMTP_URL, real SMTP delivery to a local fake server, and
// the /dev/mailbox pages.
import { createServer as createTcpServer, type Server as TcpServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import express from 'express';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../../testing/test-api';
import { verificationEmail } from './email-templates';
import { createMailboxRouter } from './mailbox';
import { listEmails, sendEmail } from './notifications.service';

/** A minimal SMTP server: accepts every message and keeps its raw DATA. */
function fakeSmtp() {
  const received: string[] = [];
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
            received.push(message);
            message = '';
            socket.write('250 OK queued\r\n');
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
  return { server, received };
}

let t: TestApi;
let smtp: { server: TcpServer; received: string[] };
beforeAll(async () => {
  t = await createTestApi();
  smtp = fakeSmtp();
  await new Promise<void>((resolve) => smtp.server.listen(0, '127.0.0.1', resolve));
});
afterAll(async () => {
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

  it('are delivered over SMTP when SMTP_URL is set', async () => {
    const { port } = smtp.server.address() as AddressInfo;
    const ctx = { ...t.serviceContext(), config: { ...t.config, smtpUrl: `smtp://127.0.0.1:${port}?ignoreTLS=true` } };
    await sendEmail(ctx, { ...message, to: 'smtp@example.com' });
    const [row] = await listEmails(t.db, { to: 'smtp@example.com' });
    expect(row.status).toBe('sent');
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]).toContain('To: smtp@example.com');
    expect(smtp.received[0]).toContain('From: Suki <no-reply@suki.ph>');
    expect(smtp.received[0]).toMatch(/multipart\/alternative/);
  });

  it('record a failed delivery instead of failing the action', async () => {
    const ctx = { ...t.serviceContext(), log: pino({ level: 'silent' }), config: { ...t.config, smtpUrl: 'smtp://127.0.0.1:1' } };
    await sendEmail(ctx, { ...message, to: 'down@example.com' });
    const [row] = await listEmails(t.db, { to: 'down@example.com' });
    expect(row.status).toBe('failed');
    expect(row.error).toBeTruthy();
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
