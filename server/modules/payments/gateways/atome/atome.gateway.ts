// Atome: a hosted-page gateway (see gateways/hosted/hosted-gateway.ts and README.md here).
import { hostedGateway } from '../hosted/hosted-gateway';

export const atomeGateway = hostedGateway({
  id: 'Atome',
  afterComplete: 'REDIRECT',
  payNow: 'REDIRECT',
});
