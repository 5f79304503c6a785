// Dragonpay Payment Switch (PS API v1): the payment URL signed with a SHA1 digest, the
// postback/return digest check, and the merchant status inquiry used to double-check one.
import { createHash, timingSafeEqual } from 'node:crypto';
import { ProviderError, pesos, providerFetch } from '../http';

export type DragonpayConfig = { merchantId: string; password: string; baseUrl: string };

/** Dragonpay's transaction statuses (S success, F failure, P pending, ...). */
export type DragonpayStatus = 'S' | 'F' | 'P' | 'U' | 'R' | 'K' | 'V' | 'A';
const STATUSES = new Set(['S', 'F', 'P', 'U', 'R', 'K', 'V', 'A']);

export type DragonpayNotice = { txnid: string; refno: string; status: string; message: string; digest: string };

const sha1 = (text: string) => createHash('sha1').update(text, 'utf8').digest('hex');

function sameHex(a: string, b: string): boolean {
  const x = Buffer.from(a.toLowerCase());
  const y = Buffer.from(b.toLowerCase());
  return x.length === y.length && timingSafeEqual(x, y);
}

export function createDragonpayClient(config: DragonpayConfig) {
  const base = config.baseUrl.replace(/\/$/, '');

  return {
    /**
     * The URL the customer is sent to. digest = SHA1(merchantid:txnid:amount:ccy:description:
     * email:password); procid preselects a channel (e.g. GRPY for GrabPay).
     */
    paymentUrl(input: { txnid: string; amount: number; description: string; email: string; currency?: string; procid?: string }): string {
      const amount = pesos(input.amount);
      const ccy = input.currency ?? 'PHP';
      const digest = sha1([config.merchantId, input.txnid, amount, ccy, input.description, input.email, config.password].join(':'));
      const params = new URLSearchParams({
        merchantid: config.merchantId,
        txnid: input.txnid,
        amount,
        ccy,
        description: input.description,
        email: input.email,
        digest,
      });
      if (input.procid) params.set('procid', input.procid);
      return `${base}/Pay.aspx?${params}`;
    },

    /** Reads a postback or return (query or form); genuine only when its digest matches. */
    verifyNotice(fields: Partial<Record<keyof DragonpayNotice, string>>) {
      const { txnid = '', refno = '', status = '', message = '', digest = '' } = fields;
      const expected = sha1([txnid, refno, status, message, config.password].join(':'));
      const genuine = Boolean(txnid && status && digest) && sameHex(digest, expected) && STATUSES.has(status);
      return { genuine, txnid, refno, status: status as DragonpayStatus, message, paid: genuine && status === 'S' };
    },

    /** Asks Dragonpay for a transaction's status (GETSTATUS): one letter. */
    async status(txnid: string): Promise<DragonpayStatus> {
      const params = new URLSearchParams({ op: 'GETSTATUS', merchantid: config.merchantId, merchantpwd: config.password, txnid });
      const res = await providerFetch('Dragonpay', `${base}/MerchantRequest.aspx?${params}`);
      const status = res.text.trim();
      if (res.status !== 200 || !STATUSES.has(status)) throw new ProviderError('Dragonpay', res.status, `status inquiry answered ${JSON.stringify(status.slice(0, 40))}`);
      return status as DragonpayStatus;
    },

    /** What a postback handler must answer so Dragonpay stops retrying. */
    postbackAnswer: 'result=OK',
  };
}

export type DragonpayClient = ReturnType<typeof createDragonpayClient>;
