// What a payment's life tells the modules that stand on it (docs/decisions/046-one-way-modules.md):
// raised inside the transaction that moved the payment, handled in their `*.reactions.ts`.
import type { ServiceContext } from '../../graphql/context';
import type { OrderStatus } from '../../../common/orders/order-status';
import type { EmailMessage } from '../notifications/notifications.service';
import { domainEvent, port } from '../system/domain-events';

/**
 * A payment arrived for an order already closed (its window lapsed, or staff cancelled it), in
 * the transaction that recorded it: the money goes back by itself (refunds/late-payment-refunds.service.ts).
 */
export const latePaymentArrived = domainEvent<{ paymentId: number }, ServiceContext>('payments.latePaymentArrived');

/**
 * An order's payment became FULLY_CHARGED (a provider's word, a deposit confirmed or cash on
 * delivery collected by staff), in the transaction that moved it: the sale is made (a sales invoice).
 */
export const orderPaymentFullyCharged = domainEvent<{ orderId: number; paymentId: number }, ServiceContext>('payments.orderPaymentFullyCharged');

/**
 * A refund of an order's payment is done (COMPLETED: by the provider, or staff's word for one made
 * by hand), in the transaction that completed it: a credit memo. A late payment's refund is not
 * raised (it was never the order's sale).
 */
export const refundCompleted = domainEvent<{ refundId: number; orderId: number; paymentId: number; amount: number; reason: string }, ServiceContext>(
  'payments.refundCompleted',
);

/** An order's payment was refunded in whole: the money is back with the buyer. */
export const orderPaymentFullyRefunded = domainEvent<{ orderId: number }, ServiceContext>('payments.orderPaymentFullyRefunded');

/**
 * The order a payment belongs to, as payments reads it. Orders stand above payments
 * (docs/decisions/046-one-way-modules.md): payments asks for its order through these ports,
 * which orders answers with its rows.
 */
export type PaymentOrder = {
  id: number;
  userId: number;
  status: OrderStatus;
  referenceKey: string;
  userEmail: string;
  gateway: string | null;
  total: number;
  paypalFee: number;
  paymentDueAt: Date | null;
  createdAt: Date;
};

type OrderLookup<Key> = (ctx: ServiceContext, key: Key) => Promise<PaymentOrder | null>;

export const findPaymentOrder = port<OrderLookup<number>>('payments.findPaymentOrder');
/** The order, locked (FOR UPDATE) until the caller's transaction ends: always before the payment. */
export const lockPaymentOrder = port<OrderLookup<number>>('payments.lockPaymentOrder');
/** The order if the signed-in viewer may see it (their own, or staff). */
export const findVisiblePaymentOrder = port<OrderLookup<number>>('payments.findVisiblePaymentOrder');
export const findPaymentOrderByReferenceKey = port<OrderLookup<string>>('payments.findPaymentOrderByReferenceKey');

/** The customer's email for money given back, in the order's words. */
export const paymentRefundedEmail = port<
  (order: PaymentOrder, refund: { amount: number; reason: string; cause: 'staff' | 'expired'; pending: boolean }, shopUrl: string) => EmailMessage
>('payments.paymentRefundedEmail');

/** The customer's email for a held payment (a pre-order's PayPal authorisation) not captured at confirmation: pay again. */
export const heldPaymentNotCapturedEmail = port<
  (order: PaymentOrder, held: { outcome: 'expired' | 'declined'; amount: number; gateway: string }, shopUrl: string) => EmailMessage
>('payments.heldPaymentNotCapturedEmail');
