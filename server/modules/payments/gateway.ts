// The one seam every payment gateway implements (docs/decisions/006-checkout-totals-and-gateways.md).
import type { ServiceContext } from '../../graphql/context';
import type { ChargeStatus } from './payments.tables';
import type { GatewayInfo } from './gateway-rules';

export type ConfigLine = { field: string; value: string };

export type ProcessInput = {
  paymentId: number;
  orderId: number;
  orderReferenceKey: string;
  /** Centavos. */
  amount: number;
  token: string;
  customerEmail: string;
};

export type ProcessResult = {
  chargeStatus: ChargeStatus;
  captureStatus: string;
  /** Where the customer finishes paying, for gateways with a provider page. */
  redirectUrl: string | null;
  /** A QR code (data URL) for gateways paid by scanning. */
  qrCode: string | null;
};

export interface PaymentGateway {
  info: GatewayInfo;
  /** Public settings the storefront needs (availablePaymentGateways.config). */
  config(ctx: ServiceContext): ConfigLine[];
  /**
   * Called inside checkoutComplete's transaction, after the order exists. It must not call
   * a provider over the network there; provider gateways create their session afterwards.
   */
  process(ctx: ServiceContext, input: ProcessInput): Promise<ProcessResult>;
}
