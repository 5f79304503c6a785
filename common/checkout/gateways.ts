// Payment gateway names and what the storefront does after an order is placed with each
// (docs/product/orders-and-payments.md#after-placing).

export const BANK_DEPOSIT = 'Bank Deposit';
export const CASH_ON_DELIVERY = 'Cash on Delivery';

/** Gateways whose customer finishes payment on the provider's page (redirectUrl). */
const REDIRECT_GATEWAYS = new Set([
  'Alipay',
  'Paypal Checkout',
  'Paymaya App',
  'Paymaya Checkout',
  'BillEase',
  'GCash',
  '4Gives',
  'BDO Online Banking',
  'AUB Cashier',
  'SwiftPay',
  'Atome',
]);

export function gatewayDisplayName(name: string): string {
  if (name === 'Paymaya Vault' || name === 'Paymaya On-demand') return 'Debit/Credit Card';
  return name;
}

export function isCashOnDelivery(name: string): boolean {
  return name.toLowerCase() === CASH_ON_DELIVERY.toLowerCase();
}

export const WECHAT_PAY = 'WeChat Pay';
export const PAYMAYA_ON_DEMAND = 'Paymaya On-demand';

/** Where an unpaid Paymaya On-demand order is paid: the card form, charging this order. */
export const payByCardUrl = (orderId: string) => `/card/new?order=${encodeURIComponent(orderId)}`;
export const TENDOPAY = 'TendoPay';
export const IPAY88 = 'iPay88';

export type AfterPlaceOrder =
  | { kind: 'redirect'; url: string }
  | { kind: 'qr'; qrCode: string | null; url: string }
  | { kind: 'ipay88'; url: string }
  | { kind: 'orders'; url: string };

export const ordersSuccessUrl = (gateway: string) => `/account/orders?status=success&method=${encodeURIComponent(gateway)}`;

/**
 * Where the customer goes after checkoutComplete returned an order (docs/product/orders-and-payments.md#after-placing): the redirect
 * gateways (and TendoPay, whose Dragonpay URL the action asked for) to redirectUrl; WeChat Pay
 * to the QR dialog; iPay88 to its signed form; everything else to the orders page. `url` is
 * the orders page the dialogs lead on to.
 */
export function afterPlaceOrder(
  gateway: string,
  redirectUrl: string | null | undefined,
  extra: { qrCode?: string | null; hasIpay88Form?: boolean } = {},
): AfterPlaceOrder {
  const url = ordersSuccessUrl(gateway);
  if ((REDIRECT_GATEWAYS.has(gateway) || gateway === TENDOPAY || gateway === PAYMAYA_ON_DEMAND) && redirectUrl) return { kind: 'redirect', url: redirectUrl };
  if (gateway === WECHAT_PAY) return { kind: 'qr', qrCode: extra.qrCode ?? null, url };
  if (gateway === IPAY88 && extra.hasIpay88Form) return { kind: 'ipay88', url };
  return { kind: 'orders', url };
}

/**
 * The bank deposit account shown when Bank Deposit is chosen (docs/product/cart-and-checkout.md#gateways);
 * these are the demo shop's and belong in shop settings once staff can edit them.
 */
export const BANK_DEPOSIT_ACCOUNT = {
  bank: 'BDO Unibank',
  accountName: 'Suki Online Shop Inc.',
  accountNumber: '0012-3456-7890',
} as const;

/** Store pickup details shown as fixed text in the review modal (docs/product/cart-and-checkout.md#shipping-methods). */
export const PICKUP_LOCATION = {
  address: 'Suki Store, 2/F Example Tower, 123 Ayala Avenue, Makati City, Metro Manila 1226',
  phone: '+63 2 8123 4567',
} as const;

/** Why the payment step does not offer a gateway (payments' GatewayRefusal), in one line. */
export function gatewayRefusalText(name: string, reason: string, maximum: string | null): string | null {
  switch (reason) {
    case 'OVER_COD_MAXIMUM':
      return `${name} is available for orders up to ${maximum}.`;
    case 'NEEDS_DELIVERY':
      return `${name} is available for delivery orders only.`;
    case 'INSTALLMENT_NOT_READY':
      return `${name} needs every item in your cart to be installment-ready.`;
    case 'OVER_MAXIMUM':
      return `${name} is available for orders up to ${maximum}.`;
    case 'PRE_ORDER':
      return `${name} is not available for pre-order items (saved cards and PayPal only).`;
    default:
      return null;
  }
}

/** After capturing a PayPal payment (docs/product/messages.md). */
export const PAYMENT_SUCCESSFUL = 'Payment Successful!';
