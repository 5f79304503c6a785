// Cash on delivery: the courier collects the total (with the COD fee); staff record the
// collection. The order waits in CASH_ON_DELIVERY_PENDING.
import type { PaymentGateway } from '../../gateway';
import { CASH_ON_DELIVERY, SPEC_GATEWAYS } from '../../gateway-rules';

export const cashOnDeliveryGateway: PaymentGateway = {
  info: SPEC_GATEWAYS.find((g) => g.id === CASH_ON_DELIVERY)!,
  afterComplete: 'ORDERS',
  payNow: null,
  captureSuccessStatus: 'CASH_ON_DELIVERY_CAPTURE_SUCCESS',
  config: () => [],
  process: async () => ({
    chargeStatus: 'CASH_ON_DELIVERY_PENDING',
    captureStatus: 'NOT_CAPTURED',
    redirectUrl: null,
    qrCode: null,
  }),
};
