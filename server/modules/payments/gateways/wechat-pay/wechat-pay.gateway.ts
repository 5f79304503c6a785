// WeChat Pay: a hosted-page gateway (see gateways/hosted/hosted-gateway.ts and README.md here).
import { hostedGateway } from '../hosted/hosted-gateway';

export const weChatPayGateway = hostedGateway({
  id: 'WeChat Pay',
  afterComplete: 'QR',
  payNow: 'QR',
  captureSuccessStatus: 'WECHAT_PAY_CAPTURE_SUCCESS',
  // A declined scan: 'Payment capture failed!' (docs/product/orders-and-payments.md#payment-status-label), still payable (ADR 045).
  captureFailedStatus: 'WECHAT_PAY_CAPTURE_FAILED',
  // The payer keys in the amount sent: less than is due is a part payment, the rest asked for by
  // Pay Now ('Order confirmed! Please pay your remaining balance ...', ADR 050).
  takesPartPayments: true,
});
