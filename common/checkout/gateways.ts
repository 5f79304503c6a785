// Payment gateway names and what the storefront does after an order is placed with each
// (docs/product/orders-and-payments.md#after-placing).

export const BANK_DEPOSIT = 'Bank Deposit';
export const CASH_ON_DELIVERY = 'Cash on Delivery';

/** Gateways whose customer finishes payment on the provider's page (redirectUrl). */
const REDIRECT_GATEWAYS = new Set([
  'Alipay',
  'Paypal Checkout',
  'Paymaya App',
  'BillEase',
  'GCash',
  '4Gives',
  'BDO Online Banking',
  'AUB Cashier',
  'SwiftPay',
  'Atome',
]);

/**
 * The name shoppers see. The rulebook shows Paymaya Vault and On-demand as 'Debit/Credit Card' (docs/product/cart-and-checkout.md#gateways); Paymaya
 * Checkout, the card typed at checkout, is the same card choice (ADR 042), so it is too.
 */
export function gatewayDisplayName(name: string): string {
  if (name === 'Paymaya Vault' || name === 'Paymaya On-demand' || name === 'Paymaya Checkout') return 'Debit/Credit Card';
  return name;
}

export function isCashOnDelivery(name: string): boolean {
  return name.toLowerCase() === CASH_ON_DELIVERY.toLowerCase();
}

export const WECHAT_PAY = 'WeChat Pay';
export const PAYMAYA_ON_DEMAND = 'Paymaya On-demand';
export const PAYMAYA_CHECKOUT = 'Paymaya Checkout';

/** Where an unpaid Paymaya On-demand order is paid: the card form, charging this order. */
export const payByCardUrl = (orderId: string) => `/card/new?order=${encodeURIComponent(orderId)}`;
export const TENDOPAY = 'TendoPay';
export const IPAY88 = 'iPay88';

export type AfterPlaceOrder =
  | { kind: 'redirect'; url: string }
  | { kind: 'qr'; qrCode: string | null; url: string }
  | { kind: 'ipay88'; url: string }
  /** Paymaya Checkout's card was charged without 3-D Secure: alert 'Payment sent!', then the orders page. */
  | { kind: 'paymentSent'; url: string }
  /** Paymaya Checkout's card payment could not be created: the order is placed but unpaid. */
  | { kind: 'paymentFailed'; url: string }
  | { kind: 'orders'; url: string };

export const ordersSuccessUrl = (gateway: string) => `/account/orders?status=success&method=${encodeURIComponent(gateway)}`;

/**
 * Where the customer goes after checkoutComplete returned an order
 * (docs/product/orders-and-payments.md#after-placing, ADR 042): the redirect gateways (and
 * TendoPay, whose Dragonpay URL the action asked for) to redirectUrl; WeChat Pay to the QR
 * dialog; iPay88 to its signed form; Paymaya Checkout, whose card payment the action created, to
 * its verificationUrl (3-D Secure), else 'Payment sent!'; everything else (Paymaya On-demand
 * too: paid from the order's Pay Now) to the orders page. `url` is the orders page the dialogs
 * lead on to.
 */
export function afterPlaceOrder(
  gateway: string,
  redirectUrl: string | null | undefined,
  extra: { qrCode?: string | null; hasIpay88Form?: boolean; cardPayment?: 'sent' | 'failed' | null } = {},
): AfterPlaceOrder {
  const url = ordersSuccessUrl(gateway);
  if ((REDIRECT_GATEWAYS.has(gateway) || gateway === TENDOPAY) && redirectUrl) return { kind: 'redirect', url: redirectUrl };
  if (gateway === PAYMAYA_CHECKOUT) {
    if (redirectUrl) return { kind: 'redirect', url: redirectUrl };
    if (extra.cardPayment === 'sent') return { kind: 'paymentSent', url };
    return { kind: 'paymentFailed', url };
  }
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

/** After capturing a PayPal payment (docs/product/orders-and-payments.md#payment-returns). */
export const PAYMENT_SUCCESSFUL = 'Payment Successful!';

/**
 * How a pre-order is paid, in one place: the seeded FAQ says what the shop does (docs/product/cart-and-checkout.md#pre-orders:
 * never charged before staff confirm it; ADR 040).
 */
export const PRE_ORDER_PAYMENT_TEXT =
  'Pre-orders are paid with a saved card or PayPal, and nothing is charged when you place the order: your card is held, or PayPal authorises the amount, and we charge it only once we confirm your pre-order. If we cancel or reject it, the hold is released and nothing is charged.';

/** After PayPal authorised a pre-order (ADR 040): the money is held, not taken. */
export const PAYPAL_AUTHORISED = {
  title: 'Payment Authorised!',
  text: 'Thank you! PayPal holds the amount for your pre-order; you will be charged once we confirm your order.',
} as const;

/** The PayPal fee in the seeded FAQ's words; the checkout shows it as 'PayPal Fee' (ADR 040). */
export const PAYPAL_FEE_TEXT =
  'Paying with PayPal adds PayPal\'s fee to your order. The checkout shows it as "PayPal Fee" in the order summary before you place the order, and a full refund gives it back.';
