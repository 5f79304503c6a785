// AUB Cashier: a hosted-page gateway (see gateways/hosted/hosted-gateway.ts and README.md here).
import { hostedGateway } from '../hosted/hosted-gateway';

export const aubCashierGateway = hostedGateway({
  id: 'AUB Cashier',
  afterComplete: 'REDIRECT',
  payNow: 'REDIRECT',
});
