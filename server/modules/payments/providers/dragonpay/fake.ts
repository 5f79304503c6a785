// A local stand-in for Dragonpay: Pay.aspx (checks the digest, then a page with Approve,
// Decline, Cancel), the postback to the merchant and the customer's return, and GETSTATUS.
import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { decisionPage, readForm, redirect, sendText, type FakeHandler } from '../fake-server';

export type DragonpayFakeOptions = {
  merchantId: string;
  password: string;
  publicUrl: () => string;
  /** The merchant's return and postback addresses (set in Dragonpay's merchant settings). */
  returnUrl: () => string;
  postbackUrl: () => string;
};

const sha1 = (text: string) => createHash('sha1').update(text, 'utf8').digest('hex');

export function createDragonpayFake(options: DragonpayFakeOptions) {
  const transactions = new Map<string, { status: string; refno: string; amount: string }>();
  const postbacks: { fields: Record<string, string>; answer: string }[] = [];

  const notice = (txnid: string, refno: string, status: string, message: string) => ({
    txnid,
    refno,
    status,
    message,
    digest: sha1([txnid, refno, status, message, options.password].join(':')),
  });

  const handler: FakeHandler = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    if (url.pathname === '/Pay.aspx') {
      const q = url.searchParams;
      const fields = ['merchantid', 'txnid', 'amount', 'ccy', 'description', 'email'].map((k) => q.get(k) ?? '');
      if (q.get('merchantid') !== options.merchantId || q.get('digest') !== sha1([...fields, options.password].join(':'))) {
        return sendText(res, 400, 'Invalid digest or merchant id.');
      }
      const txnid = q.get('txnid')!;
      if (req.method === 'GET') {
        if (!transactions.has(txnid)) transactions.set(txnid, { status: 'P', refno: randomBytes(4).toString('hex').toUpperCase(), amount: q.get('amount')! });
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        return void res.end(decisionPage('Dragonpay', [`Pay PHP ${q.get('amount')} for ${q.get('description')}`], `${options.publicUrl()}/Pay.aspx?${q}`));
      }
      const txn = transactions.get(txnid);
      if (!txn) return sendText(res, 404, 'Unknown transaction.');
      const decision = (await readForm(req)).get('decision');
      txn.status = decision === 'approve' ? 'S' : decision === 'decline' ? 'F' : 'V';
      const fieldsOut = notice(txnid, txn.refno, txn.status, decision === 'approve' ? 'Approved' : decision === 'decline' ? 'Declined' : 'Cancelled');
      const answer = await fetch(options.postbackUrl(), { method: 'POST', body: new URLSearchParams(fieldsOut) })
        .then((r) => r.text())
        .catch((err: unknown) => `unreachable: ${String(err)}`);
      postbacks.push({ fields: fieldsOut, answer });
      return redirect(res, `${options.returnUrl()}?${new URLSearchParams(fieldsOut)}`);
    }
    if (url.pathname === '/MerchantRequest.aspx' && url.searchParams.get('op') === 'GETSTATUS') {
      if (url.searchParams.get('merchantid') !== options.merchantId || url.searchParams.get('merchantpwd') !== options.password) {
        return sendText(res, 200, 'ERROR: invalid credentials');
      }
      return sendText(res, 200, transactions.get(url.searchParams.get('txnid') ?? '')?.status ?? 'U');
    }
    return sendText(res, 404, 'Not found');
  };

  return { handler, transactions, postbacks };
}
