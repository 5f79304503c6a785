// GCash: a hosted-page gateway (see gateways/hosted/hosted-gateway.ts and README.md here).
import { hostedGateway } from '../hosted/hosted-gateway';

export const gcashGateway = hostedGateway({
  id: 'GCash',
  afterComplete: 'REDIRECT',
  payNow: 'REDIRECT',
});
