// SwiftPay: a hosted-page gateway (see gateways/hosted/hosted-gateway.ts and README.md here).
import { hostedGateway } from '../hosted/hosted-gateway';

export const swiftPayGateway = hostedGateway({
  id: 'SwiftPay',
  afterComplete: 'REDIRECT',
  payNow: 'REDIRECT',
});
