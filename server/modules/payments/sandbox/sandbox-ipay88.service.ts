// iPay88's request signature as the sandbox checks it (iPay88 ePayment, SignatureType SHA1):
// base64(SHA1(MerchantKey + MerchantCode + RefNo + Amount without "." and "," + Currency)).
// The sandbox's merchant code is fixed; its key is derived from the sandbox secret.
import { createHash, createHmac } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import type { Config } from '../../../config';
import type { ServiceContext } from '../../../graphql/context';
import { sandboxSessions } from '../payments.tables';
import { centavos } from './sandbox-signature';
import type { SandboxSessionRow } from '../payments.tables';

export const SANDBOX_IPAY88_MERCHANT_CODE = 'M00000SUKI';

export const sandboxIpay88MerchantKey = (config: Config) =>
  createHmac('sha256', config.paymentsSandbox.webhookSecret).update('ipay88-merchant-key').digest('base64url').slice(0, 20);

export function ipay88Signature(merchantKey: string, fields: { merchantCode: string; refNo: string; amount: string; currency: string }): string {
  const amount = fields.amount.replace(/[.,]/g, '');
  return createHash('sha1').update(`${merchantKey}${fields.merchantCode}${fields.refNo}${amount}${fields.currency}`).digest('base64');
}

/** Why the posted request is refused, or null when it is signed right. */
export function verifyIpay88Request(config: Config, f: Record<string, string | undefined>): string | null {
  const required = ['MerchantCode', 'PaymentId', 'RefNo', 'Amount', 'Currency', 'ProdDesc', 'UserName', 'UserEmail', 'SignatureType', 'Signature', 'ResponseUrl', 'BackendUrl'];
  const missing = required.filter((k) => !f[k]);
  if (missing.length > 0) return `Missing fields: ${missing.join(', ')}.`;
  if (f.MerchantCode !== SANDBOX_IPAY88_MERCHANT_CODE) return 'Unknown merchant.';
  if (f.SignatureType !== 'SHA1') return 'Unsupported signature type.';
  const expected = ipay88Signature(sandboxIpay88MerchantKey(config), {
    merchantCode: f.MerchantCode!,
    refNo: f.RefNo!,
    amount: f.Amount!,
    currency: f.Currency!,
  });
  return expected === f.Signature ? null : 'Invalid signature.';
}

export async function findOpenIpay88Session(ctx: ServiceContext, f: Record<string, string | undefined>): Promise<SandboxSessionRow | null> {
  const [row] = await ctx.db
    .select()
    .from(sandboxSessions)
    .where(and(eq(sandboxSessions.gateway, 'iPay88'), eq(sandboxSessions.orderReference, f.RefNo!), eq(sandboxSessions.status, 'OPEN')))
    .orderBy(desc(sandboxSessions.createdAt))
    .limit(1);
  if (!row || row.amount !== centavos(f.Amount!.replace(/,/g, '')) || row.currency !== f.Currency) return null;
  return row;
}
