// Alipay: a hosted-page gateway (see gateways/hosted/hosted-gateway.ts and README.md here).
import { hostedGateway } from '../hosted/hosted-gateway';

export const alipayGateway = hostedGateway({
  id: 'Alipay',
  afterComplete: 'REDIRECT',
  payNow: 'REDIRECT',
  captureSuccessStatus: 'ALIPAY_CAPTURE_SUCCESS',
});
