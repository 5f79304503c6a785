// BDO Online Banking: a hosted-page gateway (see gateways/hosted/hosted-gateway.ts and README.md here).
import { hostedGateway } from '../hosted/hosted-gateway';

export const bdoOnlineBankingGateway = hostedGateway({
  id: 'BDO Online Banking',
  afterComplete: 'REDIRECT',
  payNow: 'REDIRECT',
});
