// TendoPay: a hosted-page gateway (see gateways/hosted/hosted-gateway.ts and README.md here).
import { hostedGateway } from '../hosted/hosted-gateway';

export const tendoPayGateway = hostedGateway({
  id: 'TendoPay',
  afterComplete: 'DRAGONPAY',
  payNow: 'DRAGONPAY',
});
