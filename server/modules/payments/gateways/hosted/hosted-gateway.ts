// The shape shared by every gateway whose shopper pays on a provider's page (wallets, online
// banking, buy-now-pay-later, QR): nothing is charged when the order is placed; `start` opens a
// session at the gateway's provider (a real client, else the sandbox) and the provider's
// events move the payment. The gateways differ only by the data passed here.
import type { ServiceContext } from '../../../../graphql/context';
import { DomainError } from '../../../../lib/domain-error';
import type { GatewayFlow, PaymentGateway, ProviderEvent } from '../gateway';
import { SPEC_GATEWAYS } from '../gateway-rules';
import type { PaymentProvider } from '../../providers/provider';
import { providerFor, providerNamed } from '../../providers/provider-registry';
import type { PaymentRow } from '../../payments.tables';
import { amountDueOf } from '../../paying/payment-amounts';

export const HOSTED_MESSAGES = {
  unavailable: 'This payment method is not available right now.',
  notStarted: 'Unable to create payment.',
} as const;

export type HostedGatewayOptions = {
  id: string;
  afterComplete: GatewayFlow;
  payNow: GatewayFlow | null;
  /** captureStatus once paid (docs/product/orders-and-payments.md#capture-status capture statuses); default CAPTURED. */
  captureSuccessStatus?: string;
  /** captureStatus of a declined payment, when docs/product/orders-and-payments.md#capture-status gives the gateway one (WeChat Pay); ADR 045. */
  captureFailedStatus?: string;
  /** Approval only authorises; the shop captures (PayPal). The shopper returns to /payment/paypal. */
  captureByMerchant?: boolean;
  /** The payer may pay less than is due and the rest later (WeChat Pay, ADR 050). */
  takesPartPayments?: boolean;
};

/**
 * Whether this payment's approval is to be held, not taken, until staff confirm the order: a
 * pre-order (holdUntilConfirmed) whose order still waits for its confirmation (ADR 040).
 */
export function awaitsCapture(payment: Pick<PaymentRow, 'holdUntilConfirmed'>, order: { status?: string }): boolean {
  return payment.holdUntilConfirmed && (order.status === 'UNFULFILLED' || order.status === 'PENDING_FOR_CANCELLATION');
}

export function hostedGateway(options: HostedGatewayOptions): PaymentGateway {
  const info = SPEC_GATEWAYS.find((g) => g.id === options.id);
  if (!info) throw new Error(`unknown gateway ${options.id}`);

  function providerOf(ctx: ServiceContext, payment: PaymentRow): PaymentProvider {
    const provider = payment.provider ? providerNamed(ctx.config, payment.provider) : null;
    if (!provider || !payment.providerReference) throw new DomainError(HOSTED_MESSAGES.notStarted);
    return provider;
  }
  const settle =
    (action: 'capture' | 'void' | 'authorize') =>
    (ctx: ServiceContext, payment: PaymentRow, request?: { requestId: string }): Promise<ProviderEvent> =>
      action === 'void'
        ? providerOf(ctx, payment).void(ctx, payment.providerReference!, payment.id, request)
        : providerOf(ctx, payment)[action]!(ctx, payment.providerReference!, payment.id);

  return {
    info,
    afterComplete: options.afterComplete,
    payNow: options.payNow,
    captureSuccessStatus: options.captureSuccessStatus ?? 'CAPTURED',
    captureFailedStatus: options.captureFailedStatus,
    ...(options.takesPartPayments ? { takesPartPayments: true } : {}),
    config: () => [],
    process: async () => ({ chargeStatus: 'NOT_CHARGED', captureStatus: 'NOT_CAPTURED', redirectUrl: null, qrCode: null }),
    async start(ctx, payment, order) {
      const provider = providerFor(ctx.config, info.id);
      if (!provider) throw new DomainError(HOSTED_MESSAGES.unavailable);
      const base = ctx.config.publicUrl;
      return provider.createSession(ctx, {
        gateway: info.id,
        paymentId: payment.id,
        orderReference: order.referenceKey,
        // What is still due: the whole, or the rest after a part payment (ADR 050).
        amount: amountDueOf(payment),
        currency: payment.currency,
        description: `Suki order ${order.referenceKey}`,
        customerEmail: order.userEmail,
        returnUrl: options.captureByMerchant ? `${base}/payment/paypal` : `${base}/webhooks/${provider.name}/return`,
        captureByMerchant: options.captureByMerchant ?? false,
        // A pre-order not yet confirmed is only authorised (ADR 040); once confirmed, Pay Now takes the money.
        authorizeOnly: (options.captureByMerchant ?? false) && awaitsCapture(payment, order),
      });
    },
    capture: settle('capture'),
    ...(options.captureByMerchant ? { authorize: settle('authorize') } : {}),
    void: settle('void'),
    refund: (ctx, payment, request) => providerOf(ctx, payment).refund(ctx, payment.providerReference!, payment.id, request),
  };
}
