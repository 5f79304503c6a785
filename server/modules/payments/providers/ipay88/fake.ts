// A local stand-in for iPay88 Philippines: entry.asp (checks the request signature, then a
// page with Approve, Decline, Cancel), the signed backend post and response form, enquiry.asp.
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { decisionPage, escapeHtml, readForm, sendText, type FakeHandler } from '../fake-server';
import { requestSignature, responseSignature } from './client';

export type Ipay88FakeOptions = { merchantCode: string; merchantKey: string; publicUrl: () => string };

export function createIpay88Fake(options: Ipay88FakeOptions) {
  const payments = new Map<string, { amount: string; status: '1' | '0' | 'pending' }>();
  const backendPosts: { fields: Record<string, string>; answer: string }[] = [];

  const handler: FakeHandler = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    if (req.method === 'POST' && url.pathname === '/epayment/entry.asp') {
      const form = Object.fromEntries(await readForm(req));
      const valid =
        form.MerchantCode === options.merchantCode &&
        form.SignatureType === 'SHA256' &&
        form.Signature === requestSignature(options.merchantKey, form as { MerchantCode: string; RefNo: string; Amount: string; Currency: string });
      if (!valid) return sendText(res, 400, 'Invalid parameters: signature mismatch');
      if (!form.decision) {
        payments.set(form.RefNo, { amount: form.Amount, status: 'pending' });
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        return void res.end(decisionPage('iPay88', [`Pay ${form.Currency} ${form.Amount} for ${form.ProdDesc}`], `${options.publicUrl()}/epayment/entry.asp`, form));
      }
      const paid = form.decision === 'approve';
      const fields = {
        MerchantCode: form.MerchantCode,
        PaymentId: form.PaymentId,
        RefNo: form.RefNo,
        Amount: form.Amount,
        Currency: form.Currency,
        Remark: form.Remark ?? '',
        TransId: `T${randomBytes(5).toString('hex').toUpperCase()}`,
        AuthCode: paid ? '123456' : '',
        Status: paid ? '1' : '0',
        ErrDesc: paid ? '' : form.decision === 'cancel' ? 'Customer Cancel Transaction' : 'Card Declined',
        Signature: '',
      };
      fields.Signature = responseSignature(options.merchantKey, fields);
      payments.set(form.RefNo, { amount: form.Amount, status: paid ? '1' : '0' });
      const answer = await fetch(form.BackendURL, { method: 'POST', body: new URLSearchParams(fields) })
        .then((r) => r.text())
        .catch((err: unknown) => `unreachable: ${String(err)}`);
      backendPosts.push({ fields, answer });
      // iPay88 returns the customer with an auto-submitted form; a button keeps it working without JavaScript.
      const inputs = Object.entries(fields).map(([k, v]) => `<input type="hidden" name="${k}" value="${escapeHtml(v)}">`).join('');
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return void res.end(
        `<!doctype html><html><body><form id="back" method="post" action="${escapeHtml(form.ResponseURL)}">${inputs}<button type="submit">Return to merchant</button></form></body></html>`,
      );
    }
    if (req.method === 'POST' && url.pathname === '/epayment/enquiry.asp') {
      const form = await readForm(req);
      if (form.get('MerchantCode') !== options.merchantCode) return sendText(res, 200, 'Invalid parameters');
      const payment = payments.get(form.get('RefNo') ?? '');
      if (!payment) return sendText(res, 200, 'Record not found');
      if (payment.amount !== form.get('Amount')) return sendText(res, 200, 'Incorrect amount');
      return sendText(res, 200, payment.status === '1' ? '00' : payment.status === 'pending' ? 'Payment Pending' : 'Payment fail');
    }
    return sendText(res, 404, 'Not found');
  };

  return { handler, payments, backendPosts };
}
