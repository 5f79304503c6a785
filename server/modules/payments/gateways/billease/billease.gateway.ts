// BillEase: a hosted-page gateway (see gateways/hosted/hosted-gateway.ts and README.md here).
import { hostedGateway } from '../hosted/hosted-gateway';

export const billEaseGateway = hostedGateway({
  id: 'BillEase',
  afterComplete: 'REDIRECT',
  payNow: 'REDIRECT',
});
