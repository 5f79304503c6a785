// One order as a card (Orders list): Order#, date, status, payment status, total, the lines'
// thumbnails and the order's actions.
import { Link } from 'react-router';
import { formatPeso, pesosToCentavos } from '../../../common/money';
import { formatOrderDate } from '../../../common/orders/order-display';
import type { OrderSummaryData } from '../../graphql/orders';
import { LineThumbnail } from '../cart/LineThumbnail';
import { OrderActions } from './OrderActions';
import { ReviewButton } from './ReviewButton';

export const peso = (amount: number | null | undefined) => formatPeso(pesosToCentavos(amount ?? 0));

export function StatusBadge({ order }: { order: Pick<OrderSummaryData, 'status' | 'statusDisplay'> }) {
  const tone =
    order.status === 'FULFILLED'
      ? 'bg-green-100 text-green-900'
      : order.status === 'CANCELED' || order.status === 'REJECTED'
        ? 'bg-gray-200 text-gray-900'
        : order.status === 'PENDING_FOR_CANCELLATION' || order.status === 'UNFULFILLED_UNFORESEEN_CIRCUMSTANCE'
          ? 'bg-amber-100 text-amber-900'
          : 'bg-sky-100 text-sky-900';
  return <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${tone}`}>{order.statusDisplay}</span>;
}

export function OrderCard({ order }: { order: OrderSummaryData }) {
  const heading = `order-${order.number}`;
  return (
    <article aria-labelledby={heading} className="rounded-lg border border-gray-200 p-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id={heading} className="text-lg font-bold">
            Order# {order.referenceKey}
            {!order.isRead ? <span className="ml-2 rounded bg-red-600 px-1.5 py-0.5 text-xs font-semibold text-white">New</span> : null}
          </h2>
          <p className="text-sm text-gray-700">{formatOrderDate(order.created)}</p>
        </div>
        <p className="text-lg font-bold">{peso(order.total.gross.amount)}</p>
      </div>
      <dl className="mt-3 grid grid-cols-1 gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
        <div className="flex gap-2">
          <dt className="text-gray-700">Status:</dt>
          <dd>
            <StatusBadge order={order} />
          </dd>
        </div>
        <div className="flex gap-2">
          <dt className="text-gray-700">Payment Status:</dt>
          <dd className="font-medium">{order.paymentStatusDisplay || '—'}</dd>
        </div>
      </dl>
      <ul className="mt-3 flex flex-wrap gap-2" aria-label="Items">
        {order.lines.map((line) => (
          <li key={line.id} title={`${line.productName} (${line.variantName}) × ${line.quantity}`} className="flex flex-col items-center gap-1">
            <LineThumbnail url={line.thumbnail?.url ?? null} alt={`${line.productName} (${line.variantName})`} size={56} />
            <ReviewButton line={line} orderId={order.id} status={order.status} compact />
          </li>
        ))}
      </ul>
      <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
        <Link to={`/account/order-details/${order.number}`} className="font-semibold text-secondary-dark underline underline-offset-2">
          View Details
        </Link>
        <OrderActions order={order} />
      </div>
    </article>
  );
}
