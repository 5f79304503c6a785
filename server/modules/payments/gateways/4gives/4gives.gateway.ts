// 4Gives: a hosted-page gateway (see gateways/hosted/hosted-gateway.ts and README.md here).
import { hostedGateway } from '../hosted/hosted-gateway';

export const fourGivesGateway = hostedGateway({
  id: '4Gives',
  afterComplete: 'REDIRECT',
  payNow: 'REDIRECT',
});
