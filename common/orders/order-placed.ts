// What a customer reads after placing an order: the 'Order Placed' dialog (docs/product/orders-and-payments.md#after-placing)
// and, for Bank Deposit, the account to pay into and what to do next. The order-placed email
// uses the same texts.
import { BANK_DEPOSIT_ACCOUNT } from '../checkout/gateways';

export const ORDER_PLACED_TITLE = 'Order Placed';
/**
 * The landing's title when the order is paid already: the shopper comes back from a provider that
 * took the payment (GCash, the wallets, a card's 3-D Secure), and is told so first.
 */
export const PAYMENT_SUCCESS_TITLE = 'Payment success!';

/**
 * An order placed whose card payment could not be made (docs/product/orders-and-payments.md#after-placing):
 * the rulebook's dialog, with an 'Order Status' button to the order, where Pay Now tries again.
 */
export const ORDER_PLACED_PAYMENT_FAILED = {
  title: 'Order Placed!',
  text: 'Your order was successfully placed! However, we encountered some issue with your payment method. Please update your card on the Order Status Page',
  button: 'Order Status',
} as const;

/** BillEase and TendoPay customers wait for the provider's confirmation email (docs/product/orders-and-payments.md#after-placing). */
const EMAIL_CONFIRMED_GATEWAYS = new Set(['billease', 'tendopay']);

export function orderPlacedMessage(gateway: string): string {
  return EMAIL_CONFIRMED_GATEWAYS.has(gateway.trim().toLowerCase())
    ? 'Your order has been placed! Please wait for a confirmation email and follow its instructions.'
    : 'Your order has been placed! Please wait for your order to be confirmed.';
}

/**
 * Paymaya On-demand is placed unpaid and paid from the order (ADR 042): the order-placed dialog
 * says how, under the confirmation text.
 */
export function payFromOrderHint(gateway: string): string | null {
  return gateway.trim().toLowerCase() === 'paymaya on-demand' ? 'To pay for it by card, click Pay Now on the order.' : null;
}

export function isBankDeposit(gateway: string | null | undefined): boolean {
  return gateway?.trim().toLowerCase() === 'bank deposit';
}

export const BANK_DETAILS_ROWS: readonly (readonly [string, string])[] = [
  ['Bank', BANK_DEPOSIT_ACCOUNT.bank],
  ['Account Name', BANK_DEPOSIT_ACCOUNT.accountName],
  ['Account Number', BANK_DEPOSIT_ACCOUNT.accountNumber],
];

/** The Bank Deposit next steps, with the order's total and Order# filled in. */
export function bankDepositSteps(total: string, referenceKey: string): string[] {
  return [
    `Deposit ${total} to the bank account above and write your Order# ${referenceKey} on the deposit slip.`,
    'Keep your deposit slip. We will email you once your order is confirmed.',
    'Open the order under Account > Orders and click Upload Deposit Slip to send us a photo of the slip.',
    'We ship (or prepare your pickup) once your payment is verified.',
  ];
}
