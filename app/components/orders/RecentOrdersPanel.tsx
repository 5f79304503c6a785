// The dashboard's Recent Orders panel (docs/product/orders-and-payments.md#orders-list): Order#, date, status, payment status,
// total, View Details and Request for Cancel; View All; empty 'No recent orders!'.
import { Link } from 'react-router';
import { formatOrderDate } from '../../../common/orders/order-display';
import type { OrderSummaryData } from '../../graphql/orders';
import { EmptyState } from '../layout/EmptyState';
import { OrderActions } from './OrderActions';
import { peso, StatusBadge } from './OrderCard';
import { ORDER_MESSAGES } from './order-messages';

/** The overview shows the latest three (each about 170 px on a phone); View All has the rest. */
export const RECENT_ORDERS = 3;

export function RecentOrdersPanel({ orders }: { orders: OrderSummaryData[] }) {
  return (
    <section aria-labelledby="panel-recent-orders" className="rounded-lg border border-gray-200 p-5">
      <div className="flex items-center justify-between gap-3">
        <h2 id="panel-recent-orders" className="text-xl font-bold">
          Recent Orders
        </h2>
        {orders.length ? (
          <Link to="/account/orders" className="text-sm font-semibold text-secondary-dark underline">
            View All
          </Link>
        ) : null}
      </div>
      {orders.length === 0 ? (
        <EmptyState
          compact
          title={ORDER_MESSAGES.noRecentOrders}
          action={
            <Link to="/shop" className="btn-primary">
              Continue Shopping
            </Link>
          }
        >
          Your latest orders show here once you check out.
        </EmptyState>
      ) : (
        <ul className="mt-3 divide-y divide-gray-200">
          {orders.map((order) => (
            <li key={order.id} className="space-y-2 py-3 text-sm">
              <div className="flex flex-wrap justify-between gap-2">
                <p className="font-semibold">Order# {order.referenceKey}</p>
                <p className="font-semibold">{peso(order.total.gross.amount)}</p>
              </div>
              <p className="text-gray-700">{formatOrderDate(order.created)}</p>
              <p>
                <span className="text-gray-700">Status: </span>
                <StatusBadge order={order} />
              </p>
              <p>
                <span className="text-gray-700">Payment Status: </span>
                {order.paymentStatusDisplay || '—'}
              </p>
              <div className="flex flex-wrap items-center gap-3">
                <Link to={`/account/order-details/${order.number}`} className="font-semibold text-secondary-dark underline">
                  View Details
                </Link>
                <OrderActions order={order} compact />
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
