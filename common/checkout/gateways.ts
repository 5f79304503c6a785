// Payment gateway names and what the storefront does after an order is placed with each
// (spec 1, "Checkout flow" 4; spec 2, section 7.8).

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

export function gatewayDisplayName(name: string): string {
  if (name === 'Paymaya Vault' || name === 'Paymaya On-demand') return 'Debit/Credit Card';
  return name;
}

export function isCashOnDelivery(name: string): boolean {
  return name.toLowerCase() === CASH_ON_DELIVERY.toLowerCase();
}

export type AfterPlaceOrder =
  | { kind: 'redirect'; url: string }
  | { kind: 'orders'; url: string };

/**
 * Where the customer goes after checkoutComplete returned an order. Gateways that need a
 * provider flow this release does not have (WeChat QR, Paymaya Checkout, TendoPay, iPay88)
 * fall back to the orders page, where the order's Pay buttons take over.
 */
export function afterPlaceOrder(gateway: string, redirectUrl: string | null | undefined): AfterPlaceOrder {
  if (REDIRECT_GATEWAYS.has(gateway) && redirectUrl) return { kind: 'redirect', url: redirectUrl };
  return { kind: 'orders', url: `/account/orders?status=success&method=${encodeURIComponent(gateway)}` };
}

/**
 * The bank deposit account shown when Bank Deposit is chosen. The spec hides the real values;
 * these are the demo shop's and belong in shop settings once staff can edit them.
 */
export const BANK_DEPOSIT_ACCOUNT = {
  bank: 'BDO Unibank',
  accountName: 'Suki Online Shop Inc.',
  accountNumber: '0012-3456-7890',
} as const;

/** Store pickup details shown as fixed text in the review modal (values not shown by the spec). */
export const PICKUP_LOCATION = {
  address: 'Suki Store, 2/F Example Tower, 123 Ayala Avenue, Makati City, Metro Manila 1226',
  phone: '+63 2 8123 4567',
} as const;
