// Every gateway of the rulebook as data, in the order the storefront lists them, and the rules
// that decide which ones a checkout may use (docs/product/cart-and-checkout.md#gateway-limits; docs/product/limits.md).
// Only gateways with an implementation (payments/gateways/*) are offered; the others are
// listed so that the rules are written once, for all of them, and tested now.

export type GatewayKind = 'CARD' | 'SAVED_CARD' | 'WALLET' | 'INSTALLMENT' | 'BANK' | 'CASH_ON_DELIVERY';

export type GatewayInfo = {
  /** The rulebook's gateway name; it is also the id clients send and read back on payments. */
  id: string;
  kind: GatewayKind;
  /** Buy-now-pay-later / installment: only when every line is installment-ready. */
  installment: boolean;
  /** Pre-order lines are paid only with saved cards and PayPal. */
  acceptsPreOrder: boolean;
  /** Centavos; null: no gateway limit. */
  maximumOrderAmount: number | null;
  /** Cash on delivery needs a delivery (and the COD limit of the checkout settings). */
  deliveryOnly: boolean;
  /**
   * Minutes an order may wait unpaid before it is cancelled and its stock returned; the customer
   * is reminded when three quarters have passed (orders/payment-expiry.service.ts). null: no limit.
   */
  paymentWindowMinutes: number | null;
};

/** Online payments are made at once or abandoned; a deposit needs a trip to the bank. */
const DEFAULT_PAYMENT_WINDOW_MINUTES: Record<GatewayKind, number | null> = {
  CARD: 60,
  SAVED_CARD: 60,
  WALLET: 60,
  INSTALLMENT: 60,
  BANK: 60,
  CASH_ON_DELIVERY: null,
};

const gateway = (
  id: string,
  kind: GatewayKind,
  extra: Partial<Omit<GatewayInfo, 'id' | 'kind'>> = {},
): GatewayInfo => ({
  id,
  kind,
  installment: kind === 'INSTALLMENT',
  acceptsPreOrder: false,
  maximumOrderAmount: null,
  deliveryOnly: false,
  paymentWindowMinutes: DEFAULT_PAYMENT_WINDOW_MINUTES[kind],
  ...extra,
});

export const BANK_DEPOSIT = 'Bank Deposit';
export const CASH_ON_DELIVERY = 'Cash on Delivery';
export const PAYPAL_CHECKOUT = 'Paypal Checkout';
export const PAYMAYA_VAULT = 'Paymaya Vault';
export const PAYMAYA_CHECKOUT = 'Paymaya Checkout';

/**
 * The rulebook's gateways in priority order. Maximums from docs/product/limits.md#gateway-maximums (BillEase: one
 * setting, ₱150,000, per docs/product/cart-and-checkout.md#gateway-limits).
 */
export const SPEC_GATEWAYS: readonly GatewayInfo[] = [
  // No payment window: the saved card is held at placement and charged when staff confirm the
  // order, so nothing is left for the customer to do (a pre-order may wait weeks; ADR 040).
  gateway(PAYMAYA_VAULT, 'SAVED_CARD', { acceptsPreOrder: true, paymentWindowMinutes: null }),
  gateway('Paymaya On-demand', 'CARD'),
  gateway(PAYMAYA_CHECKOUT, 'CARD'),
  gateway('Paymaya App', 'WALLET'),
  gateway(PAYPAL_CHECKOUT, 'WALLET', { acceptsPreOrder: true }),
  gateway('GCash', 'WALLET', { maximumOrderAmount: 10_000_00 }),
  gateway('GrabPay', 'WALLET', { maximumOrderAmount: 10_000_00 }),
  gateway('Alipay', 'WALLET'),
  gateway('WeChat Pay', 'WALLET'),
  gateway('BDO Online Banking', 'BANK'),
  gateway('AUB Cashier', 'BANK'),
  gateway('SwiftPay', 'BANK'),
  gateway('iPay88', 'CARD'),
  gateway('BillEase', 'INSTALLMENT', { maximumOrderAmount: 150_000_00 }),
  gateway('TendoPay', 'INSTALLMENT', { maximumOrderAmount: 100_000_00 }),
  gateway('Atome', 'INSTALLMENT'),
  gateway('4Gives', 'INSTALLMENT'),
  gateway(BANK_DEPOSIT, 'BANK', { paymentWindowMinutes: 48 * 60 }),
  gateway(CASH_ON_DELIVERY, 'CASH_ON_DELIVERY', { deliveryOnly: true }),
];

export type CheckoutFacts = {
  /** Centavos, before any COD fee. */
  total: number;
  isDelivery: boolean;
  hasPreOrderLine: boolean;
  /** Every line is installment-ready (false for an empty checkout). */
  allInstallmentReady: boolean;
  /** The checkout settings' COD limit, centavos. */
  codMaximumOrder: number;
  /** A voucher restricted to one gateway leaves only that gateway. */
  voucherGateway: string | null;
};

export type GatewayRefusal =
  'INSTALLMENT_NOT_READY' | 'PRE_ORDER' | 'OVER_MAXIMUM' | 'NEEDS_DELIVERY' | 'OVER_COD_MAXIMUM' | 'VOUCHER_GATEWAY';

/** Why a gateway may not pay for this checkout, or null when it may. */
export function refusalOf(info: GatewayInfo, facts: CheckoutFacts): GatewayRefusal | null {
  if (facts.voucherGateway && facts.voucherGateway !== info.id) return 'VOUCHER_GATEWAY';
  if (facts.hasPreOrderLine && !info.acceptsPreOrder) return 'PRE_ORDER';
  if (info.installment && !facts.allInstallmentReady) return 'INSTALLMENT_NOT_READY';
  if (info.maximumOrderAmount !== null && facts.total > info.maximumOrderAmount) return 'OVER_MAXIMUM';
  if (info.deliveryOnly && !facts.isDelivery) return 'NEEDS_DELIVERY';
  if (info.kind === 'CASH_ON_DELIVERY' && facts.total > facts.codMaximumOrder) return 'OVER_COD_MAXIMUM';
  return null;
}

/** The gateways that may pay for the checkout, keeping the list's priority order. */
export function allowedGateways<T extends GatewayInfo>(list: readonly T[], facts: CheckoutFacts): T[] {
  return list.filter((info) => refusalOf(info, facts) === null);
}

/** The payment window of a gateway in minutes (null: none, or a gateway not in the list). */
export function paymentWindowMinutesOf(gatewayId: string): number | null {
  return SPEC_GATEWAYS.find((g) => g.id === gatewayId)?.paymentWindowMinutes ?? null;
}
