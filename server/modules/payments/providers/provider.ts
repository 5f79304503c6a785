// The seam between gateways and the companies that host their payments. A provider opens a
// hosted payment, captures/voids/refunds it, and reads its webhooks and returns into
// ProviderEvents for the ledger (payment-events.service.ts). The built-in sandbox is one
// provider; real clients (PayPal, Maya, Dragonpay, iPay88) join provider-registry.ts.
import type { ServiceContext } from '../../../graphql/context';
import type { HostedSession, ProviderEvent, RefundRequest } from '../gateways/gateway';

export type SessionInput = {
  gateway: string;
  /** Our payment id, given to the provider as the merchant reference. */
  paymentId: number;
  orderReference: string;
  /** Centavos. */
  amount: number;
  currency: string;
  description: string;
  customerEmail: string;
  /** Where the provider sends the shopper back. */
  returnUrl: string;
  /** Approval only authorises; the shop captures afterwards (PayPal). */
  captureByMerchant: boolean;
  /**
   * The approval is to be authorised and held until staff confirm the order (a pre-order,
   * ADR 040): PayPal's order intent AUTHORIZE instead of CAPTURE.
   */
  authorizeOnly?: boolean;
};

/** The raw request of a webhook or a return, as the router received it. */
export type InboundRequest = {
  headers: Record<string, string | undefined>;
  rawBody: Buffer;
  query: Record<string, string | undefined>;
};

export type ReturnedShopper = {
  event: ProviderEvent | null;
  approved: boolean;
  /** Our payment id (the merchant reference). */
  paymentId: number;
  gateway: string;
};

/** A webhook or return the provider did not sign, or that is not what it should be. */
export class InboundRejected extends Error {
  constructor(
    readonly status: 400 | 401,
    message: string,
  ) {
    super(message);
    this.name = 'InboundRejected';
  }
}

/**
 * The provider's API cannot do this (e.g. Dragonpay and iPay88 refund only in their merchant
 * dashboards): staff settle it there, and the shop records their word for it.
 */
export class SettleByHand extends Error {
  constructor(
    readonly provider: string,
    readonly action: 'capture' | 'void' | 'refund',
  ) {
    super(`${provider}: ${action} is made in the provider's dashboard`);
    this.name = 'SettleByHand';
  }
}

/**
 * The provider said no to a refund or void (e.g. PayPal's CAPTURE_FULLY_REFUNDED, Maya's
 * "payment cannot be voided"): nothing moved, so the shop must not record it as done.
 */
export class ProviderRefused extends Error {
  constructor(
    readonly provider: string,
    readonly action: 'capture' | 'void' | 'refund',
    readonly issue: string,
  ) {
    super(`${provider} refused the ${action}: ${issue}`);
    this.name = 'ProviderRefused';
  }
}

export interface PaymentProvider {
  /** Path segment of /webhooks/{name}; also payments.provider. */
  readonly name: string;
  createSession(ctx: ServiceContext, input: SessionInput): Promise<HostedSession>;
  /** Takes the money of an approved or authorised payment (renewing an authorisation that lapsed, when it can). */
  capture(ctx: ServiceContext, reference: string, paymentId: number): Promise<ProviderEvent>;
  /** Authorises an approved payment: the money is held, nothing is taken (ADR 040). */
  authorize?(ctx: ServiceContext, reference: string, paymentId: number): Promise<ProviderEvent>;
  /** `request.requestId`: the shop's idempotency key of this void, for providers that take one (Maya). */
  void(ctx: ServiceContext, reference: string, paymentId: number, request?: { requestId: string }): Promise<ProviderEvent>;
  refund(ctx: ServiceContext, reference: string, paymentId: number, request: RefundRequest): Promise<ProviderEvent>;
  /** iPay88 only: the merchant's credentials and entry page, for generateIpay88Signature. */
  ipay88?: {
    merchantCode: string;
    entryUrl: string;
    /** The request form's SignatureType and its signature (the sandbox: SHA1; iPay88 today: SHA256). */
    signatureType: 'SHA1' | 'SHA256';
    sign(fields: { merchantCode: string; refNo: string; amount: string; currency: string }): string;
  };
  /** What the webhook answer's body must be for this provider to stop re-sending (text), if any. */
  readonly acknowledgement?: string;
  /**
   * Verifies (signature, or asking the provider) and reads a webhook; throws InboundRejected.
   * `ctx` lets a provider find the payment a notice names by its own reference.
   */
  parseWebhook(request: InboundRequest, ctx: ServiceContext): ProviderEvent | Promise<ProviderEvent>;
  /** Verifies and reads the shopper's return: the event it carries (if any) and its outcome. */
  parseReturn(request: InboundRequest, ctx: ServiceContext): ReturnedShopper | Promise<ReturnedShopper>;
}
