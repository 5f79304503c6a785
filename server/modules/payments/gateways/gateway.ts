// The one seam every payment gateway implements (docs/decisions/006-checkout-totals-and-gateways.md,
// docs/decisions/021-payments-sandbox-and-events.md).
import type { ServiceContext } from '../../../graphql/context';
import type { ChargeStatus, PaymentEventType } from '../payments.tables';
import type { GatewayInfo } from './gateway-rules';
import type { PaymentRow } from '../payments.tables';

export type ConfigLine = { field: string; value: string };

export type ProcessInput = {
  paymentId: number;
  orderId: number;
  orderReferenceKey: string;
  /** Centavos. */
  amount: number;
  token: string;
  customerEmail: string;
};

export type ProcessResult = {
  chargeStatus: ChargeStatus;
  captureStatus: string;
  /** Where the customer finishes paying, for gateways with a provider page. */
  redirectUrl: string | null;
  /** A QR code (data URL) for gateways paid by scanning. */
  qrCode: string | null;
};

/**
 * What the storefront does once checkoutComplete returned the order (docs/product/orders-and-payments.md#after-placing), and what its
 * Pay Now button does on an unpaid order (docs/product/orders-and-payments.md#order-actions).
 * - REDIRECT: follow redirectUrl. QR: show the QR dialog. DRAGONPAY: newDragonpayPaymentUrl
 *   then redirect. IPAY88: generateIpay88Signature then post the form. PAYPAL: follow the
 *   approve link of createPaypalTransaction. ORDERS: go to the orders page. CARD: the card
 *   gateways' own flows (saved cards, on-demand; providers' part).
 */
export type GatewayFlow = 'REDIRECT' | 'QR' | 'DRAGONPAY' | 'IPAY88' | 'PAYPAL' | 'ORDERS' | 'CARD';

/** A payment session a provider hosts for one of our payments. */
export type HostedSession = {
  provider: string;
  /** The provider's id of the session (our payments.provider_reference). */
  reference: string;
  /** Where the shopper approves it. */
  redirectUrl: string;
};

/** One event a provider reported, normalised. */
export type ProviderEvent = {
  provider: string;
  eventId: string;
  type: PaymentEventType;
  /** Our payment, as the merchant reference we gave the provider. */
  paymentId: number;
  /** The order's reference key, when the provider echoes it. */
  orderReference: string | null;
  /** Centavos. */
  amount: number | null;
  currency: string | null;
  payload: Record<string, unknown>;
  /**
   * For refund events: the provider's id of the refund (PayPal's refund id, Maya's, the
   * sandbox's), so a later notice of the same refund finds its payment_refunds row.
   */
  refundId?: string;
};

/** What a refund gives back: centavos, why (the provider may show it to the payer), and an id that makes a retry refund once. */
export type RefundRequest = { amount: number; reason: string; requestId: string };

export interface PaymentGateway {
  info: GatewayInfo;
  /** After checkoutComplete (docs/product/orders-and-payments.md#after-placing). */
  afterComplete: GatewayFlow;
  /** The Pay Now button on an unpaid order, or null when the order has none. */
  payNow: GatewayFlow | null;
  /** captureStatus once the provider says paid. */
  captureSuccessStatus: string;
  /** captureStatus when the capture of a held payment failed (declined, or its hold expired); default NOT_CAPTURED. */
  captureFailedStatus?: string;
  /**
   * The payer may pay less than is due, and pay the rest later (WeChat Pay: the payer keys in the
   * amount sent): a paid amount below what is due is a part payment, PARTIALLY_CHARGED, not a
   * mismatch (ADR 050). Card and other gateways charge exactly what the shop asked.
   */
  takesPartPayments?: boolean;
  /**
   * captureStatus while a charge the shop made without the customer waits for their 3-D Secure
   * (Paymaya Vault: PAYMAYA_VAULT_CAPTURE_SUCCESS with NOT_CHARGED, ADR 050); absent: such a wait
   * moves nothing.
   */
  authenticatingStatus?: string;
  /** Public settings the storefront needs (availablePaymentGateways.config). */
  config(ctx: ServiceContext): ConfigLine[];
  /**
   * Called inside checkoutComplete's transaction, after the order exists: the payment's first
   * status. It must not call a provider over the network there (see `start`).
   */
  process(ctx: ServiceContext, input: ProcessInput): Promise<ProcessResult>;
  /**
   * After the order is committed (checkoutComplete) or for Pay Now: opens a session at the
   * provider and returns where the shopper pays. Absent for gateways without a provider.
   */
  start?(ctx: ServiceContext, payment: PaymentRow, order: { referenceKey: string; userEmail: string; status?: string }): Promise<HostedSession>;
  /** Takes an approved or authorised payment (PayPal after approval, or at orderConfirm). Returns the provider's event. */
  capture?(ctx: ServiceContext, payment: PaymentRow): Promise<ProviderEvent>;
  /** Holds an approved payment without taking it, until staff confirm the order (PayPal, pre-orders: ADR 040). */
  authorize?(ctx: ServiceContext, payment: PaymentRow): Promise<ProviderEvent>;
  /** Releases an uncaptured payment (order cancelled before it was charged). */
  /** `request.requestId`: the shop's idempotency key of this void (one per payment), for providers that take one. */
  void?(ctx: ServiceContext, payment: PaymentRow, request?: { requestId: string }): Promise<ProviderEvent>;
  /**
   * Gives a captured payment back, in whole or in part (staff's refund, an order cancelled or
   * rejected after it was charged, a payment that came after its order expired).
   */
  refund?(ctx: ServiceContext, payment: PaymentRow, request: RefundRequest): Promise<ProviderEvent>;
}
