// What an order's life tells the modules that stand on it (docs/decisions/046-one-way-modules.md):
// raised inside the transaction that made the change, handled in their `*.reactions.ts`.
import type { ServiceContext } from '../../graphql/context';
import type { CancelReason } from '../../../common/orders/order-cancel';
import { domainEvent } from '../system/domain-events';

export type SettledOrder = { id: number; userId: number; status: string; subtotal: number };

/**
 * An order became fulfilled, or a fulfilled order was paid (cash on delivery collected, a
 * deposit confirmed): what it earns its buyer's commissioners may now be due.
 */
export const orderFulfilledOrPaid = domainEvent<SettledOrder, ServiceContext>('orders.orderFulfilledOrPaid');

/**
 * An order was cancelled or rejected (by its customer's request granted, staff, or its payment
 * window lapsing), in the transaction that moved it: a sale that had an invoice is voided.
 */
export const orderClosed = domainEvent<
  { id: number; status: 'CANCELED' | 'REJECTED'; note: string | null; cancelReason: CancelReason | null; actorUserId: number | null },
  ServiceContext
>(
  'orders.orderClosed',
);
