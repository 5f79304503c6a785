// iPay88: a hosted-page gateway (see gateways/hosted/hosted-gateway.ts and README.md here).
import { hostedGateway } from '../hosted/hosted-gateway';

export const ipay88Gateway = hostedGateway({
  id: 'iPay88',
  afterComplete: 'IPAY88',
  payNow: 'IPAY88',
});
