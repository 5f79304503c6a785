// Paymaya App: a hosted-page gateway (see gateways/hosted/hosted-gateway.ts and README.md here).
import { hostedGateway } from '../hosted/hosted-gateway';

export const paymayaAppGateway = hostedGateway({
  id: 'Paymaya App',
  afterComplete: 'REDIRECT',
  payNow: 'REDIRECT',
  captureSuccessStatus: 'PAYMAYA_APP_CAPTURE_SUCCESS',
});
