// The order screens' texts (docs/product/messages.md#orders) and what the order action answers.
import type { Ipay88Fields } from '../../graphql/payments';

export const ORDER_MESSAGES = {
  reOrderFailed: 'Unable to re-order',
  reOrderLater: 'Unable to re-order. Please try again later.',
  receiptFailed: 'Unable to resend receipt',
  receiptSent: 'Resend receipt successfully!',
  generic: 'Something went wrong!',
  noRecentOrders: 'No recent orders!',
  dragonpayFailed: 'Unable to create dragonpay transaction. Try again later.',
  paypalFailed: 'Unable to create paypal transaction. Try again later.',
} as const;

export type OrderActionResult = {
  intent: string;
  orderId: string;
  ok: boolean;
  message: string;
  /** The order is past cancelling: show the Cancel Error dialog. */
  cannotCancel?: boolean;
  /** Pay Now with iPay88: the signed form to post. */
  ipay88?: Ipay88Fields;
};
