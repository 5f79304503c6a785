// The order lifecycle as data (docs/product/orders-and-payments.md#order-lifecycle): one table of transitions.
// applyOrderEvent (order-transitions.service.ts) is the one function that moves an order along it.

export { ORDER_STATUSES, type OrderStatus } from '../../../common/orders/order-status';
import { ORDER_STATUS_DISPLAY, type OrderStatus } from '../../../common/orders/order-status';

export type OrderEvent =
  | 'checkoutComplete'
  | 'confirm'
  | 'requestOrderCancel'
  | 'approveCancel'
  | 'denyCancel'
  | 'cannotFulfil'
  | 'reject'
  | 'fulfil'
  | 'expire';

/** system: the shop itself, e.g. the job that cancels an order left unpaid (payment-expiry.service.ts). */
export type Actor = 'customer' | 'staff' | 'system';

export type Transition = {
  event: OrderEvent;
  /** null: the order does not exist yet (it is being created from a checkout). */
  from: readonly (OrderStatus | null)[];
  /** 'PREVIOUS': back to the status before the current one (deny cancel). */
  to: OrderStatus | 'PREVIOUS';
  actor: Actor;
  returnsStock: boolean;
};

export const ORDER_TRANSITIONS: readonly Transition[] = [
  {
    event: 'checkoutComplete',
    from: [null],
    to: 'UNFULFILLED',
    actor: 'customer',
    returnsStock: false,
  },
  {
    event: 'confirm',
    from: ['UNFULFILLED'],
    to: 'UNFULFILLED_ORDER_CONFIRMED',
    actor: 'staff',
    returnsStock: false,
  },
  {
    event: 'requestOrderCancel',
    from: ['UNFULFILLED'],
    to: 'PENDING_FOR_CANCELLATION',
    actor: 'customer',
    returnsStock: false,
  },
  {
    event: 'approveCancel',
    from: ['PENDING_FOR_CANCELLATION'],
    to: 'CANCELED',
    actor: 'staff',
    returnsStock: true,
  },
  {
    event: 'denyCancel',
    from: ['PENDING_FOR_CANCELLATION'],
    to: 'PREVIOUS',
    actor: 'staff',
    returnsStock: false,
  },
  {
    event: 'cannotFulfil',
    from: ['UNFULFILLED', 'UNFULFILLED_ORDER_CONFIRMED'],
    to: 'UNFULFILLED_UNFORESEEN_CIRCUMSTANCE',
    actor: 'staff',
    returnsStock: false,
  },
  {
    event: 'reject',
    from: ['UNFULFILLED', 'UNFULFILLED_ORDER_CONFIRMED', 'UNFULFILLED_UNFORESEEN_CIRCUMSTANCE'],
    to: 'REJECTED',
    actor: 'staff',
    returnsStock: true,
  },
  {
    event: 'fulfil',
    from: ['UNFULFILLED_ORDER_CONFIRMED'],
    to: 'FULFILLED',
    actor: 'staff',
    returnsStock: false,
  },
  // Payment expiry (docs/product/orders-and-payments.md#payment-expiry): the payment window lapsed with the order unpaid (payment-expiry.service.ts).
  {
    event: 'expire',
    from: ['UNFULFILLED'],
    to: 'CANCELED',
    actor: 'system',
    returnsStock: true,
  },
];

export const STATUS_DISPLAY = ORDER_STATUS_DISPLAY;

export class InvalidTransitionError extends Error {
  constructor(
    message: string,
    /** The status the order was in. */
    readonly from: OrderStatus | null,
  ) {
    super(message);
    this.name = 'InvalidTransitionError';
  }
}

/**
 * The status an event moves an order to, or an InvalidTransitionError. `previous` is the
 * status before the current one (needed only by denyCancel).
 */
export function nextStatus(
  current: OrderStatus | null,
  event: OrderEvent,
  actor: Actor,
  previous: OrderStatus | null = null,
): OrderStatus {
  const transition = ORDER_TRANSITIONS.find((t) => t.event === event && t.from.includes(current));
  if (!transition || transition.actor !== actor) {
    throw new InvalidTransitionError(`An order in status ${current ?? '(none)'} cannot ${event}.`, current);
  }
  if (transition.to === 'PREVIOUS') {
    if (!previous) throw new InvalidTransitionError('The status before the cancellation request is unknown.', current);
    return previous;
  }
  return transition.to;
}
