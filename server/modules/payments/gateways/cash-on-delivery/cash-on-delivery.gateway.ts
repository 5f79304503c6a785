// Cash on delivery: the courier collects the total (with the COD fee); staff record the
// collection. Placed: NOT_CHARGED ('Pending'); staff confirm: CASH_ON_DELIVERY_CAPTURE_SUCCESS
// ('Order confirmed!') or refuse it (CASH_ON_DELIVERY_CAPTURE_FAILED); shipped: the courier
// collects (CASH_ON_DELIVERY_PENDING); collected: FULLY_CHARGED (payment-lifecycle.service.ts, ADR 045).
import type { PaymentGateway } from '../gateway';
import { CASH_ON_DELIVERY, SPEC_GATEWAYS } from '../gateway-rules';

export const cashOnDeliveryGateway: PaymentGateway = {
  info: SPEC_GATEWAYS.find((g) => g.id === CASH_ON_DELIVERY)!,
  afterComplete: 'ORDERS',
  payNow: null,
  captureSuccessStatus: 'CASH_ON_DELIVERY_CAPTURE_SUCCESS',
  config: () => [],
  process: async () => ({
    chargeStatus: 'NOT_CHARGED',
    captureStatus: 'NOT_CAPTURED',
    redirectUrl: null,
    qrCode: null,
  }),
};
