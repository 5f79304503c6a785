// Paymaya On-demand: the order is placed unpaid and the shopper lands on the orders page; its Pay
// Now opens the card modal, whose card is tokenised in the browser and charged through 3-D Secure
// (onDemandPaymentCreate answers the verificationUrl). docs/decisions/042-one-card-choice.md.
import type { PaymentGateway } from '../gateway';
import { SPEC_GATEWAYS } from '../gateway-rules';
import { mayaBrowserSettings } from '../../providers/maya/maya-access';
import { mayaCardSettlement } from '../../providers/maya/maya.provider';

export const PAYMAYA_ON_DEMAND = 'Paymaya On-demand';

export const paymayaOnDemandGateway: PaymentGateway = {
  info: SPEC_GATEWAYS.find((g) => g.id === PAYMAYA_ON_DEMAND)!,
  // docs/product/orders-and-payments.md#after-placing: not one of the gateways with a flow of their own, so the orders page.
  afterComplete: 'ORDERS',
  payNow: 'CARD',
  captureSuccessStatus: 'CAPTURED',
  config: (ctx) => {
    const maya = mayaBrowserSettings(ctx.config);
    return maya ? [{ field: 'tokenizerUrl', value: maya.tokenizerUrl }, { field: 'publicKey', value: maya.publicKey }] : [];
  },
  process: async () => ({ chargeStatus: 'NOT_CHARGED', captureStatus: 'NOT_CAPTURED', redirectUrl: null, qrCode: null }),
  // Through Maya's Payments API: a void the day it was paid, a refund once settled.
  void: mayaCardSettlement('void'),
  refund: mayaCardSettlement('refund'),
};
