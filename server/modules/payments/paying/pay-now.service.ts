// Paying for an order that is placed but unpaid (docs/product/orders-and-payments.md#order-actions, docs/product/orders-and-payments.md#after-placing):
// the session a hosted gateway needs after checkoutComplete, Pay Now by payments[0].gateway,
// PayPal's create/capture, Dragonpay's payment URL and iPay88's signed request.
import { and, desc, eq } from 'drizzle-orm';
import QRCode from 'qrcode';
import type { ServiceContext } from '../../../graphql/context';
import { DomainError } from '../../../lib/domain-error';
import type { GatewayFlow, PaymentGateway } from '../gateways/gateway';
import { PAYPAL_CHECKOUT } from '../gateways/gateway-rules';
import { findGateway } from '../gateways/gateways';
import { awaitsCapture } from '../gateways/hosted/hosted-gateway';
import { AUTHORIZED_CAPTURE_STATUS, recordPaymentEvent } from '../payment-events.service';
import { providerFor } from '../providers/provider-registry';
import { pesos } from '../sandbox/sandbox-signature';
import { paymentsOfOrder, startPayment, type PaymentRow } from '../payments.service';
import { payments, type ChargeStatus } from '../payments.tables';
import { type PaymentOrder, findPaymentOrder, findVisiblePaymentOrder } from '../payments.events';
import { ask } from '../../system/domain-events';

export const PAY_NOW_MESSAGES = {
  dragonpay: 'Unable to create dragonpay transaction. Try again later.',
  paypal: 'Unable to create paypal transaction. Try again later.',
  paypalCapture: 'Unable to capture the PayPal payment.',
  payment: 'Unable to create payment.',
} as const;

/** Payment statuses that still owe money and may be paid now. */
// PAY_IN_INSTALLMENT_READY: BillEase approved the plan; the down payment is still to pay (ADR 045).
export const UNPAID_STATUSES: readonly ChargeStatus[] = ['NOT_CHARGED', 'FAILED', 'PAY_IN_INSTALLMENT_READY'];
const CLOSED_ORDER_STATUSES = new Set(['FULFILLED', 'CANCELED', 'REJECTED', 'PENDING_FOR_CANCELLATION', 'UNFULFILLED_UNFORESEEN_CIRCUMSTANCE']);

/** A held card's charge waiting for the customer's 3-D Secure at Maya (ADR 050). */
export function awaitsAuthentication(gateway: PaymentGateway | undefined, payment: PaymentRow): boolean {
  return Boolean(gateway?.authenticatingStatus) && payment.chargeStatus === 'NOT_CHARGED' && payment.captureStatus === gateway!.authenticatingStatus;
}

/**
 * What the Pay button does for this payment: the gateway's flow, except a held card's charge
 * waiting for 3-D Secure, which the customer finishes at Maya's verificationUrl (REDIRECT).
 */
export function payNowFlow(payment: PaymentRow): GatewayFlow | null {
  const gateway = findGateway(payment.gateway);
  if (awaitsAuthentication(gateway, payment)) return 'REDIRECT';
  return gateway?.payNow ?? null;
}

/** Whether the order shows a Pay button (docs/product/orders-and-payments.md#order-actions: Pay buttons). */
export function canPayNow(order: Pick<PaymentOrder, 'status'>, payment: PaymentRow | null): boolean {
  if (!payment || CLOSED_ORDER_STATUSES.has(order.status)) return false;
  const gateway = findGateway(payment.gateway);
  if (!gateway?.payNow) return false;
  // Paid in part: the rest is paid the same way (ADR 050).
  if (payment.chargeStatus === 'PARTIALLY_CHARGED') return Boolean(gateway.takesPartPayments) && payment.chargedAmount < payment.total;
  // A held card's charge waiting for 3-D Secure: Pay Now finishes it at Maya (ADR 050).
  if (awaitsAuthentication(gateway, payment)) return Boolean(payment.redirectUrl);
  // An authorised pre-order (ADR 040): the money is held already, taken when staff confirm.
  if (payment.captureStatus === AUTHORIZED_CAPTURE_STATUS) return false;
  // A held saved card is staff's to charge at confirmation; only a declined one is paid again by the customer (ADR 045).
  if (gateway.info.kind === 'SAVED_CARD' && payment.captureStatus !== gateway.captureFailedStatus) return false;
  return UNPAID_STATUSES.includes(payment.chargeStatus) && payment.captureStatus !== gateway.captureSuccessStatus;
}

/** A data URL of a QR code of this link (WeChat Pay and the like). */
export function qrCodeOf(link: string): Promise<string> {
  return QRCode.toDataURL(link, { errorCorrectionLevel: 'M', margin: 2, width: 280 });
}

export type Payable = { order: PaymentOrder; payment: PaymentRow; gateway: PaymentGateway };

/** The signed-in customer's unpaid order and its payment, paid by one of `flows`. */
export async function payableOrder(ctx: ServiceContext, orderId: number, flows: readonly GatewayFlow[], message: string): Promise<Payable> {
  const order = await ask(findVisiblePaymentOrder)(ctx, orderId);
  if (!order || order.userId !== ctx.user?.id) throw new DomainError(message, 'orderId');
  const [payment] = await paymentsOfOrder(ctx, order.id);
  const gateway = payment ? findGateway(payment.gateway) : undefined;
  if (!payment || !gateway || !canPayNow(order, payment) || !flows.includes(payNowFlow(payment)!)) {
    throw new DomainError(message, 'orderId');
  }
  return { order, payment, gateway };
}

async function openSession(ctx: ServiceContext, p: Payable, message: string) {
  try {
    return await startPayment(ctx, p.payment, p.order);
  } catch (error) {
    ctx.log.warn({ err: error, orderId: p.order.id }, 'payment session not opened');
    throw new DomainError(message, 'orderId');
  }
}

/**
 * After checkoutComplete committed: opens the session of a gateway whose shopper goes to the
 * provider straight away (redirect and QR gateways) and returns where to go or what to scan.
 */
export async function startAfterComplete(
  ctx: ServiceContext,
  order: PaymentOrder,
  payment: PaymentRow,
): Promise<{ redirectUrl: string | null; qrCode: string | null }> {
  const gateway = findGateway(payment.gateway);
  if (!gateway?.start || (gateway.afterComplete !== 'REDIRECT' && gateway.afterComplete !== 'QR')) {
    return { redirectUrl: payment.redirectUrl, qrCode: null };
  }
  const url = payment.redirectUrl ?? (await startPayment(ctx, payment, order)).session.redirectUrl;
  return gateway.afterComplete === 'QR' ? { redirectUrl: null, qrCode: await qrCodeOf(url) } : { redirectUrl: url, qrCode: null };
}

/**
 * After a hosted payment was declined or cancelled: a fresh session, so that the order's
 * redirectUrl (Pay Now) and QR code lead to a page that can still be paid.
 */
export async function reopenPayment(ctx: ServiceContext, paymentId: number): Promise<void> {
  const [payment] = await ctx.db.select().from(payments).where(eq(payments.id, paymentId));
  if (!payment?.orderId || !payment.isActive) return;
  const order = await ask(findPaymentOrder)(ctx, payment.orderId);
  const gateway = findGateway(payment.gateway);
  if (!order || !gateway?.start || !canPayNow(order, payment) || !['REDIRECT', 'QR'].includes(gateway.payNow ?? '')) return;
  // Paid in part: the session that took the part still takes the rest (its refunds stay in one place).
  if (payment.chargeStatus === 'PARTIALLY_CHARGED') return;
  await startPayment(ctx, payment, order);
}

/** newDragonpayPaymentUrl: TendoPay and GrabPay. */
export async function newDragonpayPaymentUrl(ctx: ServiceContext, orderId: number): Promise<string> {
  const payable = await payableOrder(ctx, orderId, ['DRAGONPAY'], PAY_NOW_MESSAGES.dragonpay);
  return (await openSession(ctx, payable, PAY_NOW_MESSAGES.dragonpay)).session.redirectUrl;
}

/** createPaypalTransaction: a new PayPal order; the storefront follows its rel=approve link. */
export async function createPaypalTransaction(ctx: ServiceContext, orderId: number): Promise<Record<string, unknown>> {
  const payable = await payableOrder(ctx, orderId, ['PAYPAL'], PAY_NOW_MESSAGES.paypal);
  const { session } = await openSession(ctx, payable, PAY_NOW_MESSAGES.paypal);
  return {
    id: session.reference,
    status: 'CREATED',
    links: [{ href: session.redirectUrl, rel: 'approve', method: 'GET' }],
  };
}

/**
 * capturePaypalTransaction: the shopper approved PayPal order `token` and came back; the shop
 * captures it, or for a pre-order not yet confirmed only authorises it: the money is held and
 * taken at orderConfirm (ADR 040). Repeating it answers as the first time did.
 */
export async function capturePaypalTransaction(ctx: ServiceContext, token: string): Promise<PaymentOrder> {
  if (!ctx.user) throw new DomainError(PAY_NOW_MESSAGES.paypalCapture);
  const [payment] = await ctx.db
    .select()
    .from(payments)
    .where(and(eq(payments.providerReference, token), eq(payments.userId, ctx.user.id), eq(payments.gateway, PAYPAL_CHECKOUT)))
    .orderBy(desc(payments.id))
    .limit(1);
  const order = payment?.orderId ? await ask(findVisiblePaymentOrder)(ctx, payment.orderId) : null;
  const gateway = findGateway(PAYPAL_CHECKOUT)!;
  if (!payment || !order) throw new DomainError(PAY_NOW_MESSAGES.paypalCapture);
  if (payment.chargeStatus === 'FULLY_CHARGED' || payment.captureStatus === AUTHORIZED_CAPTURE_STATUS) return order;
  const holdOnly = awaitsCapture(payment, order);
  // A pre-order cancelled or rejected meanwhile takes nothing: its PayPal order lapses.
  if (payment.holdUntilConfirmed && (order.status === 'CANCELED' || order.status === 'REJECTED')) throw new DomainError(PAY_NOW_MESSAGES.paypalCapture);
  try {
    const event = holdOnly ? await gateway.authorize!(ctx, payment) : await gateway.capture!(ctx, payment);
    const recorded = await recordPaymentEvent(ctx, event);
    const done = holdOnly ? recorded.captureStatus === AUTHORIZED_CAPTURE_STATUS : recorded.chargeStatus === 'FULLY_CHARGED';
    if (!done) throw new DomainError(PAY_NOW_MESSAGES.paypalCapture);
  } catch (error) {
    if (error instanceof DomainError) throw new DomainError(PAY_NOW_MESSAGES.paypalCapture);
    throw error;
  }
  return order;
}

export type Ipay88Request = {
  merchantCode: string;
  signature: string;
  /** The form's SignatureType: SHA1 (the sandbox, docs/product/orders-and-payments.md#pay-now) or SHA256 (iPay88's current API). */
  signatureType: 'SHA1' | 'SHA256';
  responseUrl: string;
  backendUrl: string;
  /** The entry page the form posts to. */
  paymentUrl: string;
  refNo: string;
  amount: string;
  currency: string;
  prodDesc: string;
  userName: string;
  userEmail: string;
};

export const IPAY88_PRODUCT_DESCRIPTION = 'Suki online order';

/** generateIpay88Signature: the signed request fields of docs/product/orders-and-payments.md#pay-now for the order. */
export async function generateIpay88Signature(ctx: ServiceContext, orderId: number, userName: string): Promise<Ipay88Request> {
  const payable = await payableOrder(ctx, orderId, ['IPAY88'], PAY_NOW_MESSAGES.payment);
  const provider = providerFor(ctx.config, payable.gateway.info.id);
  if (!provider?.ipay88) throw new DomainError(PAY_NOW_MESSAGES.payment, 'orderId');
  const { payment } = await openSession(ctx, payable, PAY_NOW_MESSAGES.payment);
  const amount = pesos(payment.total);
  const { merchantCode, entryUrl, signatureType } = provider.ipay88;
  const refNo = payable.order.referenceKey;
  const base = ctx.config.publicUrl;
  return {
    merchantCode,
    signature: provider.ipay88.sign({ merchantCode, refNo, amount, currency: payment.currency }),
    signatureType,
    responseUrl: `${base}/webhooks/${provider.name}/return`,
    backendUrl: `${base}/webhooks/${provider.name}`,
    paymentUrl: entryUrl,
    refNo,
    amount,
    currency: payment.currency,
    prodDesc: IPAY88_PRODUCT_DESCRIPTION,
    userName: userName.trim().slice(0, 100) || `${ctx.user!.firstName} ${ctx.user!.lastName}`.trim(),
    userEmail: payable.order.userEmail,
  };
}
