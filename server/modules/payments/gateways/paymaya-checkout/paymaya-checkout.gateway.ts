// Paymaya Checkout (docs/product/orders-and-payments.md#after-placing): the card typed at checkout. The browser tokenised it
// with Maya before Place Order; once the order exists the storefront creates an on-demand card
// payment with that token (onDemandPaymentCreate) and follows its verificationUrl, or says
// 'Payment sent!' when Maya charged without 3-D Secure (docs/decisions/042-one-card-choice.md).
import type { PaymentGateway } from '../gateway';
import { PAYMAYA_CHECKOUT, SPEC_GATEWAYS } from '../gateway-rules';
import { mayaBrowserSettings } from '../../providers/maya/maya-access';
import { mayaCardSettlement } from '../../providers/maya/maya.provider';

export const paymayaCheckoutGateway: PaymentGateway = {
  info: SPEC_GATEWAYS.find((g) => g.id === PAYMAYA_CHECKOUT)!,
  afterComplete: 'CARD',
  // A card that failed 3-D Secure leaves the order payable: the pay-now card modal, as On-demand
  // ('Payment Captured failed! Click the Pay Now button ...', the payment status label (docs/product/orders-and-payments.md#payment-status-label) for it).
  payNow: 'CARD',
  captureSuccessStatus: 'PAYMAYA_CHECKOUT_CAPTURE_SUCCESS',
  // A declined card: NOT_CHARGED with this status, the label above (ADR 045).
  captureFailedStatus: 'PAYMAYA_CHECKOUT_CAPTURE_FAILED',
  config: (ctx) => {
    const maya = mayaBrowserSettings(ctx.config);
    return maya ? [{ field: 'tokenizerUrl', value: maya.tokenizerUrl }, { field: 'publicKey', value: maya.publicKey }] : [];
  },
  process: async () => ({ chargeStatus: 'NOT_CHARGED', captureStatus: 'NOT_CAPTURED', redirectUrl: null, qrCode: null }),
  // Through Maya's Payments API: a void the day it was paid, a refund once settled.
  void: mayaCardSettlement('void'),
  refund: mayaCardSettlement('refund'),
};
