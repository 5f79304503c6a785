// /dev/mailbox: the outbox as web pages, so a person can finish sign-up on the demo without
// a mail server. Mounted only outside live mode (docs/decisions/005-shop-mode.md).
import express, { type Router } from 'express';
import type { Database } from '../../db/client';
import { escapeHtml } from './email-layout';
import { attachmentsOfEmail, getEmail, listEmails } from './notifications.service';

const page = (title: string, body: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;margin:24px;color:#222}table{border-collapse:collapse;width:100%}
td,th{text-align:left;padding:6px 10px;border-bottom:1px solid #ddd}a{color:#9a3412}iframe{width:100%;height:70vh;border:1px solid #ccc}
pre{white-space:pre-wrap;background:#f5f5f5;padding:12px}</style></head><body>${body}</body></html>`;

const attachmentList = (emailId: number, files: { filename: string }[]) =>
  files.length
    ? `<h2>Attachments</h2><ul>${files.map((f, n) => `<li><a href="/dev/mailbox/${emailId}/attachments/${n}">${escapeHtml(f.filename)}</a></li>`).join('')}</ul>`
    : '';

export function createMailboxRouter(db: Database): Router {
  const router = express.Router();

  router.get('/', async (req, res) => {
    const to = typeof req.query.to === 'string' && req.query.to ? req.query.to : undefined;
    const rows = await listEmails(db, { to, limit: 200 });
    const items = rows
      .map(
        (e) => `<tr><td>${e.createdAt.toISOString()}</td><td>${escapeHtml(e.to)}</td>
<td><a href="/dev/mailbox/${e.id}">${escapeHtml(e.subject)}</a></td><td>${e.status}</td></tr>`,
      )
      .join('');
    res.type('html').send(
      page(
        'Mailbox',
        `<h1>Mailbox</h1><p>Emails the shop sent (kept here when no SMTP_URL is set). Newest first.</p>
<form><label>To <input name="to" value="${escapeHtml(to ?? '')}"></label> <button>Filter</button></form>
<table><thead><tr><th>Date (UTC)</th><th>To</th><th>Subject</th><th>Status</th></tr></thead><tbody>${
          items || '<tr><td colspan="4">No emails yet.</td></tr>'
        }</tbody></table>`,
      ),
    );
  });

  router.get('/:id', async (req, res) => {
    const email = /^\d{1,9}$/.test(req.params.id) ? await getEmail(db, Number(req.params.id)) : null;
    if (!email) {
      res.status(404).type('html').send(page('Not found', '<p>No such email. <a href="/dev/mailbox">Mailbox</a></p>'));
      return;
    }
    res.type('html').send(
      page(
        email.subject,
        `<p><a href="/dev/mailbox">&larr; Mailbox</a></p><h1>${escapeHtml(email.subject)}</h1>
<p>To: ${escapeHtml(email.to)} &middot; ${email.createdAt.toISOString()} &middot; ${email.status}</p>
<iframe title="Email" sandbox="allow-popups allow-popups-to-escape-sandbox allow-top-navigation-by-user-activation" src="/dev/mailbox/${email.id}/html"></iframe>
<h2>Text version</h2><pre>${escapeHtml(email.text)}</pre>${attachmentList(email.id, await attachmentsOfEmail(db, email.id))}`,
      ),
    );
  });

  // A file sent with the email (an invoice's PDF), downloaded as it was attached.
  router.get('/:id/attachments/:n', async (req, res) => {
    const files = /^\d{1,9}$/.test(req.params.id) ? await attachmentsOfEmail(db, Number(req.params.id)) : [];
    const file = /^\d{1,3}$/.test(req.params.n) ? files[Number(req.params.n)] : undefined;
    if (!file) {
      res.status(404).end();
      return;
    }
    res.set({ 'content-type': file.contentType, 'content-disposition': `attachment; filename="${file.filename.replace(/[^\w.-]/g, '_')}"` });
    res.end(file.content);
  });

  // The HTML alone, shown in a sandboxed frame: the email's markup never runs in this page.
  router.get('/:id/html', async (req, res) => {
    const email = /^\d{1,9}$/.test(req.params.id) ? await getEmail(db, Number(req.params.id)) : null;
    if (!email) {
      res.status(404).end();
      return;
    }
    res.setHeader('content-security-policy', "default-src 'none'; img-src data: https:; style-src 'unsafe-inline'; frame-ancestors 'self'");
    res.type('html').send(email.html);
  });

  return router;
}
