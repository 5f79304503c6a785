// GrabPay: a hosted-page gateway (see gateways/hosted/hosted-gateway.ts and README.md here).
import { hostedGateway } from '../hosted/hosted-gateway';

export const grabPayGateway = hostedGateway({
  id: 'GrabPay',
  afterComplete: 'ORDERS',
  payNow: 'DRAGONPAY',
});
