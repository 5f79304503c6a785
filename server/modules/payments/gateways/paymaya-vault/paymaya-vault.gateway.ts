// Paymaya Vault: pays with a saved (vaulted, 3-D Secure verified) Maya card. The only card
// gateway pre-orders accept; the card is held, not charged, when the order is placed
// (spec 2 section 9), and charged with chargeSavedCard once the order is confirmed.
import type { PaymentGateway } from '../../gateway';
import { PAYMAYA_VAULT, SPEC_GATEWAYS } from '../../gateway-rules';
import { mayaBrowserSettings } from '../../providers/maya/maya-access';
import { mayaCardSettlement } from '../../providers/maya/maya.provider';

export const paymayaVaultGateway: PaymentGateway = {
  info: SPEC_GATEWAYS.find((g) => g.id === PAYMAYA_VAULT)!,
  // The saved card is charged when staff confirm the order, not from the storefront.
  afterComplete: 'ORDERS',
  payNow: null,
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
