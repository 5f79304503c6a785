// Paymaya Checkout: Maya's hosted Checkout page, where the shopper pays by card or wallet (see
// gateways/hosted/hosted-gateway.ts and README.md here). Like Paymaya App, served by Maya when
// its keys are set, else by the sandbox.
import { hostedGateway } from '../hosted/hosted-gateway';

export const paymayaCheckoutGateway = hostedGateway({
  id: 'Paymaya Checkout',
  afterComplete: 'REDIRECT',
  payNow: 'REDIRECT',
  captureSuccessStatus: 'PAYMAYA_CHECKOUT_CAPTURE_SUCCESS',
});
