// Paypal Checkout: a hosted-page gateway (see gateways/hosted/hosted-gateway.ts and README.md here).
import { hostedGateway } from '../hosted/hosted-gateway';

export const paypalCheckoutGateway = hostedGateway({
  id: 'Paypal Checkout',
  afterComplete: 'REDIRECT',
  payNow: 'PAYPAL',
  captureSuccessStatus: 'PAYPAL_CHECKOUT_CAPTURE_SUCCESS',
  // A pre-order's authorisation that could not be captured at orderConfirm (ADR 040).
  captureFailedStatus: 'PAYPAL_CHECKOUT_CAPTURE_FAILED',
  captureByMerchant: true,
});
