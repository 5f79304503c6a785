// The return from Maya's 3-D Secure page of a held card's charge (ADR 050). When staff confirm an
// order paid with a saved card, Maya may answer the charge with FOR_AUTHENTICATION and a
// verificationUrl; the customer finishes it from Pay Now and comes back here. As a saved card's
// return (saved-cards.service.ts), the address is believed only with its signature (HMAC over the
// payment, the outcome and the payment's nonce) and once: the nonce is spent when Maya's answer is
// final. Even then the address decides nothing: the payment is read back from Maya and that
// answer goes into the ledger.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Config } from '../../../config';
import type { ServiceContext } from '../../../graphql/context';
import type { MayaRedirects } from '../providers/maya/client';
import { mayaClient } from '../providers/maya/maya-access';
import { MAYA_PROVIDER, mayaPaymentEvent } from '../providers/maya/maya.provider';
import { recordPaymentEvent } from '../payment-events.service';
import { payments } from '../payments.tables';
import { ordersPageAfterReturn } from '../webhooks/webhooks.router';

const OUTCOMES = ['success', 'failure', 'cancel'] as const;
type HeldOutcome = (typeof OUTCOMES)[number];

function signature(config: Config, paymentId: number, outcome: HeldOutcome, nonce: string): string {
  return createHmac('sha256', config.jwtSecret).update(['suki-held-card-return', paymentId, outcome, nonce].join('\n')).digest('base64url');
}

function matches(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The payment's return nonce, made once before Maya is first asked and kept until a return spends
 * it, so a retried charge (the same idempotency key: Maya answers the first request's addresses)
 * is given the same addresses.
 */
async function returnNonceOf(ctx: ServiceContext, paymentId: number): Promise<string> {
  await ctx.db
    .update(payments)
    .set({ returnNonce: randomBytes(18).toString('base64url') })
    .where(and(eq(payments.id, paymentId), isNull(payments.returnNonce)));
  const [row] = await ctx.db.select({ nonce: payments.returnNonce }).from(payments).where(eq(payments.id, paymentId));
  return row!.nonce!;
}

/** The signed return addresses Maya is given for a held card's charge of this payment. */
export async function heldCardReturnUrls(ctx: ServiceContext, paymentId: number): Promise<MayaRedirects> {
  const nonce = await returnNonceOf(ctx, paymentId);
  const url = (outcome: HeldOutcome) =>
    `${ctx.config.publicUrl}/payments/maya/held/${paymentId}/return?${new URLSearchParams({ outcome, sig: signature(ctx.config, paymentId, outcome, nonce) })}`;
  return { success: url('success'), failure: url('failure'), cancel: url('cancel') };
}

/**
 * GET /payments/maya/held/:id/return. A forged, unsigned or spent return changes nothing and asks
 * Maya nothing. A genuine one asks Maya: paid is recorded as paid; failed, or cancelled (Maya's
 * payment is over, nothing was taken), as a declined capture (PAYMAYA_VAULT_CAPTURE_FAILED: Pay
 * Now pays with another card); still waiting leaves the nonce for the real answer. Answers where
 * the customer goes next.
 */
export async function completeHeldCardReturn(ctx: ServiceContext, paymentId: number, query: { outcome?: string; sig?: string }): Promise<string> {
  const outcome: HeldOutcome = OUTCOMES.includes(query.outcome as HeldOutcome) ? (query.outcome as HeldOutcome) : 'failure';
  const [payment] = await ctx.db.select().from(payments).where(eq(payments.id, paymentId));
  const nonce = payment?.returnNonce ?? null;
  const genuine = nonce !== null && matches(query.sig ?? '', signature(ctx.config, paymentId, outcome, nonce));
  if (!payment?.orderId || !genuine || payment.provider !== MAYA_PROVIDER || !payment.providerReference) {
    if (nonce !== null && !genuine) ctx.log.warn({ paymentId }, 'a held card return without a valid signature was ignored');
    // A return used already (the back button) may show what became of the payment.
    return payment?.chargeStatus === 'FULLY_CHARGED' ? ordersPageAfterReturn(true, payment.gateway) : ordersPageAfterReturn(false, '');
  }
  const unpaid = { orderId: payment.orderId, outcome: outcome === 'cancel' ? ('cancelled' as const) : ('declined' as const) };
  const client = await mayaClient(ctx.config);
  const atMaya = client ? await client.getPayment(payment.providerReference).catch(() => null) : null;
  if (!atMaya) return ordersPageAfterReturn(false, payment.gateway, unpaid);
  const said = mayaPaymentEvent(atMaya);
  if (said.paymentId !== payment.id) return ordersPageAfterReturn(false, '');
  // Not answered yet: the nonce stays for the real return.
  if (said.type === 'AUTHENTICATING' || said.type === 'PENDING') return ordersPageAfterReturn(false, payment.gateway, unpaid);
  const event = said.type === 'CANCELLED' ? { ...said, type: 'DECLINED' as const } : said;
  const recorded = await recordPaymentEvent(ctx, event);
  await ctx.db.update(payments).set({ returnNonce: null }).where(and(eq(payments.id, payment.id), eq(payments.returnNonce, nonce)));
  const paid = event.type === 'PAID' && (recorded.outcome === 'APPLIED' || recorded.outcome === 'DUPLICATE');
  return ordersPageAfterReturn(paid, payment.gateway, paid ? null : unpaid);
}
