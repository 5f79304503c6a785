// Paymaya Vault: pays with a saved (vaulted, 3-D Secure verified) Maya card. The only card
// gateway pre-orders accept; the card is held, not charged, when the order is placed
// (docs/product/cart-and-checkout.md#pre-orders), and charged with chargeSavedCard once the order is confirmed.
import type { PaymentGateway } from '../gateway';
import { PAYMAYA_VAULT, SPEC_GATEWAYS } from '../gateway-rules';
import { mayaBrowserSettings } from '../../providers/maya/maya-access';
import { mayaCardSettlement } from '../../providers/maya/maya.provider';

export const paymayaVaultGateway: PaymentGateway = {
  info: SPEC_GATEWAYS.find((g) => g.id === PAYMAYA_VAULT)!,
  // The saved card is charged when staff confirm the order, not from the storefront. If Maya
  // declines it there, the order is PAYMAYA_VAULT_CAPTURE_FAILED ('Payment Captured failed! Click
  // the Pay Now button to change your payment method.') and Pay Now pays it with another card (the
  // card modal, canPayNow); before that Pay Now is not offered: the card is held (ADR 045).
  afterComplete: 'ORDERS',
  payNow: 'CARD',
  captureSuccessStatus: 'PAYMAYA_VAULT_CAPTURE_SUCCESS',
  captureFailedStatus: 'PAYMAYA_VAULT_CAPTURE_FAILED',
  // Maya asked for the customer's 3-D Secure on the charge (FOR_AUTHENTICATION): nothing taken
  // yet, 'Order confirmed! Click the Pay Now button to continue payment.', and Pay Now leads to
  // Maya's verificationUrl (ADR 050).
  authenticatingStatus: 'PAYMAYA_VAULT_CAPTURE_SUCCESS',
  config: (ctx) => {
    const maya = mayaBrowserSettings(ctx.config);
    return maya ? [{ field: 'tokenizerUrl', value: maya.tokenizerUrl }, { field: 'publicKey', value: maya.publicKey }] : [];
  },
  process: async () => ({ chargeStatus: 'NOT_CHARGED', captureStatus: 'NOT_CAPTURED', redirectUrl: null, qrCode: null }),
  // Through Maya's Payments API: a void the day it was paid, a refund once settled.
  void: mayaCardSettlement('void'),
  refund: mayaCardSettlement('refund'),
};
