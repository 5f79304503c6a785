// The Web Push message of an order's status change: the status email's title and first line,
// leading to the order's page (sent after commit by notifyStatusChange).
import { ORDER_STATUS_DISPLAY, type OrderStatus } from '../../../common/orders/order-status';
import type { PushMessage } from '../push/push.service';
import type { OrderRow } from './orders.service';

export function orderStatusPush(order: OrderRow, change: { to: OrderStatus }): PushMessage {
  const status = ORDER_STATUS_DISPLAY[change.to];
  return {
    title: `Order ${order.referenceKey}: ${status}`,
    body: `The status of your order ${order.referenceKey} is now: ${status}.`,
    url: `/account/order-details/${order.id}`,
    tag: `order-${order.id}`,
  };
}
