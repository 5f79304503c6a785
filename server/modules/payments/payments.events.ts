// What a payment's life tells the modules that stand on it (docs/decisions/046-one-way-modules.md):
// raised inside the transaction that moved the payment, handled in their `*.reactions.ts`.
import type { ServiceContext } from '../../graphql/context';
import { domainEvent } from '../system/domain-events';

/**
 * A payment arrived for an order already closed (its window lapsed, or staff cancelled it), in
 * the transaction that recorded it: the money goes back by itself (refunds/late-payment-refunds.ts).
 */
export const latePaymentArrived = domainEvent<{ paymentId: number }, ServiceContext>('payments.latePaymentArrived');

/** An order's payment was refunded in whole: the money is back with the buyer. */
export const orderPaymentFullyRefunded = domainEvent<{ orderId: number }, ServiceContext>('payments.orderPaymentFullyRefunded');
