// iPay88 Philippines: the payment request form signed with SHA256, the response/backend
// signature check, and the backend re-query (enquiry) that confirms a payment.
import { createHash, timingSafeEqual } from 'node:crypto';
import { ProviderError, centavosOf, pesos, providerFetch } from '../http';

export type Ipay88Config = { merchantCode: string; merchantKey: string; baseUrl: string };

export type Ipay88Response = {
  MerchantCode?: string;
  PaymentId?: string;
  RefNo?: string;
  Amount?: string;
  Currency?: string;
  Remark?: string;
  TransId?: string;
  AuthCode?: string;
  Status?: string;
  ErrDesc?: string;
  Signature?: string;
};

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
/** iPay88 signs the amount without its separators: "1,299.00" -> "129900". */
const signedAmount = (amount: string) => amount.replace(/[.,]/g, '');

export function requestSignature(key: string, f: { MerchantCode: string; RefNo: string; Amount: string; Currency: string }): string {
  return sha256(key + f.MerchantCode + f.RefNo + signedAmount(f.Amount) + f.Currency);
}

export function responseSignature(key: string, f: Required<Pick<Ipay88Response, 'MerchantCode' | 'PaymentId' | 'RefNo' | 'Amount' | 'Currency' | 'Status'>>): string {
  return sha256(key + f.MerchantCode + f.PaymentId + f.RefNo + signedAmount(f.Amount) + f.Currency + f.Status);
}

export function createIpay88Client(config: Ipay88Config) {
  const base = config.baseUrl.replace(/\/$/, '');

  return {
    /** The auto-submitted form the browser posts to iPay88 (its fields: docs/product/orders-and-payments.md#after-placing). */
    paymentForm(input: {
      refNo: string;
      amount: number;
      prodDesc: string;
      userName: string;
      userEmail: string;
      userContact?: string;
      responseUrl: string;
      backendUrl: string;
      /** iPay88's channel id; 1 is credit card. */
      paymentId?: string;
    }): { action: string; fields: Record<string, string> } {
      const fields = {
        MerchantCode: config.merchantCode,
        PaymentId: input.paymentId ?? '1',
        RefNo: input.refNo,
        Amount: pesos(input.amount),
        Currency: 'PHP',
        ProdDesc: input.prodDesc,
        UserName: input.userName,
        UserEmail: input.userEmail,
        UserContact: input.userContact ?? '',
        Remark: '',
        Lang: 'UTF-8',
        SignatureType: 'SHA256',
        Signature: '',
        ResponseURL: input.responseUrl,
        BackendURL: input.backendUrl,
      };
      fields.Signature = requestSignature(config.merchantKey, fields);
      return { action: `${base}/epayment/entry.asp`, fields };
    },

    /** Checks a response or backend post; paid only with a genuine signature and Status 1. */
    verifyResponse(f: Ipay88Response) {
      const complete = f.MerchantCode && f.PaymentId !== undefined && f.RefNo && f.Amount && f.Currency && f.Status !== undefined && f.Signature;
      const expected = complete
        ? responseSignature(config.merchantKey, f as Required<Ipay88Response>)
        : '';
      const a = Buffer.from((f.Signature ?? '').toLowerCase());
      const b = Buffer.from(expected);
      const genuine = Boolean(complete) && f.MerchantCode === config.merchantCode && a.length === b.length && timingSafeEqual(a, b);
      return {
        genuine,
        paid: genuine && f.Status === '1',
        refNo: f.RefNo ?? '',
        amount: centavosOf(f.Amount ?? ''),
        currency: f.Currency ?? '',
        transId: f.TransId ?? '',
        error: f.ErrDesc ?? '',
      };
    },

    /** Re-queries a payment server to server; "00" is iPay88's word for paid. */
    async requery(refNo: string, amount: number): Promise<{ paid: boolean; message: string }> {
      const res = await providerFetch('iPay88', `${base}/epayment/enquiry.asp`, {
        body: new URLSearchParams({ MerchantCode: config.merchantCode, RefNo: refNo, Amount: pesos(amount) }),
      });
      if (res.status !== 200) throw new ProviderError('iPay88', res.status, 're-query failed', res.text);
      const message = res.text.trim();
      return { paid: message === '00', message };
    },

    /** What the backend URL must answer so iPay88 stops re-sending. */
    backendAnswer: 'RECEIVEOK',
  };
}

export type Ipay88Client = ReturnType<typeof createIpay88Client>;
