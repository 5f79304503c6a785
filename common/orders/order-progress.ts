// The order page's progress tracker: the steps an order goes through (placed, confirmed,
// fulfilled) or the turn it took (a cancellation asked for or made, a rejection, an unforeseen
// circumstance), each with the date it happened when the status history has it. The shop records
// no delivery by the courier, so the tracker ends at Fulfilled (the tracking link follows on).
import { ORDER_STATUS_DISPLAY, type OrderStatus } from './order-status';

export type ProgressStep = {
  label: string;
  /** When the order reached the step (ISO date), or null while it has not or the date is unknown. */
  at: string | null;
  state: 'done' | 'current' | 'upcoming';
  /** How the step reads: the usual way forward, a stop (cancelled, rejected) or a pause that needs a look. */
  tone: 'progress' | 'stopped' | 'attention';
};

type Log = { status: OrderStatus; created: string };

const FORWARD: readonly OrderStatus[] = ['UNFULFILLED', 'UNFULFILLED_ORDER_CONFIRMED', 'FULFILLED'];
const STOPPED: readonly OrderStatus[] = ['CANCELED', 'REJECTED'];

/** The step's label: the first is when the order was placed; the others read as the status does. */
const labelOf = (status: OrderStatus) => (status === 'UNFULFILLED' ? 'Placed' : ORDER_STATUS_DISPLAY[status]);

/** The latest time the history shows the order entering this status (a status may come back after a denied cancel). */
function lastEntered(logs: readonly Log[], status: OrderStatus): string | null {
  let at: string | null = null;
  for (const log of logs) if (log.status === status && log.created) at = log.created;
  return at;
}

export function orderProgress(order: { status: OrderStatus; created: string }, logs: readonly Log[]): ProgressStep[] {
  const placedAt = order.created || lastEntered(logs, 'UNFULFILLED');
  const forwardIndex = FORWARD.indexOf(order.status);
  if (forwardIndex >= 0) {
    return FORWARD.map((status, index) => ({
      label: labelOf(status),
      at: index === 0 ? placedAt : index <= forwardIndex ? lastEntered(logs, status) : null,
      state: index < forwardIndex ? 'done' : index === forwardIndex ? 'current' : 'upcoming',
      tone: 'progress',
    }));
  }
  // Off the usual way: the steps it did reach, then where it stands now.
  const reached: ProgressStep[] = [{ label: labelOf('UNFULFILLED'), at: placedAt, state: 'done', tone: 'progress' }];
  const confirmedAt = lastEntered(logs, 'UNFULFILLED_ORDER_CONFIRMED');
  if (confirmedAt) reached.push({ label: labelOf('UNFULFILLED_ORDER_CONFIRMED'), at: confirmedAt, state: 'done', tone: 'progress' });
  reached.push({
    label: labelOf(order.status),
    at: lastEntered(logs, order.status),
    state: 'current',
    tone: STOPPED.includes(order.status) ? 'stopped' : 'attention',
  });
  return reached;
}
