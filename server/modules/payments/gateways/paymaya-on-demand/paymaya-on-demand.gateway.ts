// Paymaya On-demand: a card entered for this one payment, tokenised in the browser and charged
// at once through 3-D Secure (onDemandPaymentCreate answers the verificationUrl).
import type { PaymentGateway } from '../../gateway';
import { SPEC_GATEWAYS } from '../../gateway-rules';
import { mayaBrowserSettings } from '../../providers/maya/maya-access';
import { mayaCardSettlement } from '../../providers/maya/maya.provider';

export const PAYMAYA_ON_DEMAND = 'Paymaya On-demand';

export const paymayaOnDemandGateway: PaymentGateway = {
  info: SPEC_GATEWAYS.find((g) => g.id === PAYMAYA_ON_DEMAND)!,
  afterComplete: 'CARD',
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
