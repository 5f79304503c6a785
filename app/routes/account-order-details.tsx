// /account/order-details/{id}: every field of docs/product/orders-and-payments.md#order-details: Order#, total, placed-on
// date, status, payment status label, tracking (N/A rules, https:// prefixing), the status
// history, lines, addresses and totals, with the order's actions, and where to pay while a Bank
// Deposit order waits for the deposit. The id is the order number (the emails' link) or its
// global id; the page shows only the Order# (referenceKey) shoppers know, not that number.
import { Link } from 'react-router';
import type { Route } from './+types/account-order-details';
import { formatOrderDate, formatOrderDateTime, NOT_AVAILABLE, trackingLinkHref, trackingNumberDisplay } from '../../common/orders/order-display';
import { awaitsBankDeposit } from '../../common/orders/order-actions';
import { ORDER_STATUS_DISPLAY, type OrderStatus } from '../../common/orders/order-status';
import { PAYMENT_RETURN_TITLES, paymentReturnMessage, paymentReturnOutcome } from '../../common/orders/payment-return';
import { LineThumbnail } from '../components/cart/LineThumbnail';
import { BankDepositDetails } from '../components/orders/BankDepositDetails';
import { OrderActions } from '../components/orders/OrderActions';
import { peso, StatusBadge } from '../components/orders/OrderCard';
import { ReviewButton } from '../components/orders/ReviewButton';
import { orderAction } from '../components/orders/order-actions.server';
import { useReadOrders } from '../components/orders/useReadOrders';
import { OrderDetailsQuery, toOrderDetails, type OrderAddress, type OrderDetailsData } from '../graphql/orders';
import { notFound, query } from '../lib/api.server';

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data ? `Order# ${data.order.referenceKey} | Suki` : 'Order Details | Suki' },
];

/** The Order global id for a number from the URL (as the API encodes it: base64 of "Order:<id>"). */
function orderGlobalId(param: string): string {
  return /^\d{1,9}$/.test(param) ? Buffer.from(`Order:${param}`).toString('base64') : param;
}

export async function loader({ params, context, request }: Route.LoaderArgs) {
  if (!params.id) notFound();
  const { order } = await query(context, OrderDetailsQuery, { id: orderGlobalId(params.id) });
  if (!order) notFound();
  // Back from a payment provider that declined or cancelled (webhooks.router.ts).
  const paymentReturn = paymentReturnOutcome(new URL(request.url).searchParams.get('payment'));
  return { order: toOrderDetails(order), paymentReturn };
}

export async function action({ request, context }: Route.ActionArgs) {
  return orderAction(request, context);
}

export default function OrderDetails({ loaderData }: Route.ComponentProps) {
  const { order, paymentReturn } = loaderData;
  useReadOrders([order]);
  const trackingHref = trackingLinkHref(order.trackingLink);
  const pickup = !order.shippingAddress;
  return (
    <article aria-labelledby="order-title" className="space-y-6">
      <p>
        <Link to="/account/orders" className="text-sm text-secondary-dark underline">
          ← Orders
        </Link>
      </p>
      {paymentReturn ? (
        <div role="alert" aria-labelledby="payment-return-title" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-900">
          <h2 id="payment-return-title" className="text-base font-bold">
            {PAYMENT_RETURN_TITLES[paymentReturn]}
          </h2>
          <p className="mt-1">{paymentReturnMessage(paymentReturn, order.gateway, order.payNow !== null)}</p>
        </div>
      ) : null}
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 id="order-title" className="text-2xl font-bold">
            Order# {order.referenceKey}
          </h1>
          <p className="text-sm text-gray-700">Placed on {formatOrderDate(order.created)}</p>
        </div>
        <p className="text-2xl font-bold">{peso(order.total.gross.amount)}</p>
      </header>

      <dl className="grid grid-cols-1 gap-3 rounded-lg border border-gray-200 p-4 text-sm sm:grid-cols-2">
        <Fact label="Order Status">
          <StatusBadge order={order} />
        </Fact>
        <Fact label="Payment Status">{order.paymentStatusDisplay || '—'}</Fact>
        <Fact label="Payment Method">{order.paymentMethod ?? '—'}</Fact>
        <Fact label="Tracking Number">{trackingNumberDisplay(order.trackingNumber)}</Fact>
        <Fact label="Tracking Link">
          {trackingHref ? (
            <a href={trackingHref} target="_blank" rel="noopener noreferrer" className="break-all text-secondary-dark underline">
              {trackingHref}
            </a>
          ) : (
            NOT_AVAILABLE
          )}
        </Fact>
        {order.proofOfBilling ? (
          <Fact label="Proof of Billing">
            <a href={order.proofOfBilling.url} target="_blank" rel="noopener noreferrer" className="text-secondary-dark underline">
              View deposit slip
            </a>
          </Fact>
        ) : null}
      </dl>

      {awaitsBankDeposit({ gateway: order.gateway, paymentStatus: order.paymentStatus, status: order.status }) ? (
        <BankDepositDetails order={{ referenceKey: order.referenceKey, total: order.total.gross.amount }} headingLevel={2} />
      ) : null}

      <OrderActions order={order} />

      <StatusHistory logs={order.statusLogs} current={order.status} />

      <section aria-labelledby="items-title">
        <h2 id="items-title" className="text-xl font-bold">
          Items
        </h2>
        <ul className="mt-3 divide-y divide-gray-200 rounded-lg border border-gray-200">
          {order.lines.map((line) => {
            return (
              <li key={line.id} className="flex flex-wrap items-center gap-4 p-3">
                <LineThumbnail url={line.thumbnail?.url ?? null} alt={`${line.productName} (${line.variantName})`} />
                <div className="min-w-0 flex-1">
                  <p className="font-semibold">{line.productName}</p>
                  <p className="text-sm text-gray-700">{line.variantName}</p>
                  <p className="text-sm text-gray-700">
                    {peso(line.unitPrice.gross.amount)} × {line.quantity}
                  </p>
                </div>
                <div className="flex flex-col items-end gap-2">
                  <p className="font-semibold">{peso(line.totalPrice.gross.amount)}</p>
                  <ReviewButton line={line} orderId={order.id} status={order.status} />
                </div>
              </li>
            );
          })}
        </ul>
      </section>

      <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
        <AddressBlock title={pickup ? 'Pickup' : 'Shipping Address'} address={order.shippingAddress} pickup={pickup} />
        <AddressBlock title="Billing Address" address={order.billingAddress} />
      </div>

      <Totals order={order} />
    </article>
  );
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-gray-700">{label}</dt>
      <dd className="font-medium">{children}</dd>
    </div>
  );
}

/** The status history as a stepper, oldest first; the last step is the current status. */
function StatusHistory({ logs, current }: { logs: OrderDetailsData['statusLogs']; current: OrderStatus }) {
  return (
    <section aria-labelledby="history-title">
      <h2 id="history-title" className="text-xl font-bold">
        Status History
      </h2>
      <ol className="mt-3 space-y-0">
        {logs.map((log, index) => {
          const last = index === logs.length - 1;
          return (
            <li key={`${log.status}-${log.created}`} className="relative flex gap-3 pb-4" aria-current={last ? 'step' : undefined}>
              <span
                aria-hidden="true"
                className={`mt-1 h-3 w-3 shrink-0 rounded-full ${last ? 'bg-primary ring-4 ring-orange-100' : 'bg-gray-400'}`}
              />
              {!last ? <span aria-hidden="true" className="absolute left-[5px] top-4 h-full w-0.5 bg-gray-300" /> : null}
              <div>
                <p className="font-semibold">{log.statusDisplay || ORDER_STATUS_DISPLAY[log.status]}</p>
                <p className="text-sm text-gray-700">{formatOrderDateTime(log.created)}</p>
                {log.note ? <p className="text-sm">{log.note}</p> : null}
              </div>
            </li>
          );
        })}
      </ol>
      <p className="sr-only">Current status: {ORDER_STATUS_DISPLAY[current]}</p>
    </section>
  );
}

function AddressBlock({ title, address, pickup = false }: { title: string; address: OrderAddress | null; pickup?: boolean }) {
  return (
    <section aria-label={title} className="rounded-lg border border-gray-200 p-4 text-sm">
      <h2 className="text-base font-bold">{title}</h2>
      {address ? (
        <address className="mt-2 not-italic">
          {address.firstName} {address.lastName}
          {address.companyName ? <><br />{address.companyName}</> : null}
          <br />
          {address.streetAddress1}
          {address.streetAddress2 ? <><br />{address.streetAddress2}</> : null}
          <br />
          {[address.cityArea, address.city].filter(Boolean).join(', ')}
          <br />
          {address.countryArea} {address.postalCode}
          {address.phone ? <><br />{address.phone}</> : null}
        </address>
      ) : (
        <p className="mt-2">{pickup ? 'Store pickup' : NOT_AVAILABLE}</p>
      )}
    </section>
  );
}

function Totals({ order }: { order: OrderDetailsData }) {
  const rows: [string, number][] = [
    ['Subtotal', order.subtotal.gross.amount],
    ['Shipping', order.shippingPrice.gross.amount],
    ...(order.hasInsurance ? ([['Shipping insurance', order.insurance.amount]] as [string, number][]) : []),
    ...(order.cashOnDeliveryFee.amount ? ([['Cash on delivery fee', order.cashOnDeliveryFee.amount]] as [string, number][]) : []),
    ...(order.paypalFee.amount ? ([['PayPal fee', order.paypalFee.amount]] as [string, number][]) : []),
    ...(order.discount.amount ? ([[order.discountName ?? 'Discount', -order.discount.amount]] as [string, number][]) : []),
  ];
  return (
    <section aria-labelledby="totals-title" className="rounded-lg border border-gray-200 p-4">
      <h2 id="totals-title" className="text-xl font-bold">
        Totals
      </h2>
      <dl className="mt-2 space-y-1 text-sm">
        {rows.map(([label, amount]) => (
          <div key={label} className="flex justify-between">
            <dt>{label}</dt>
            <dd>{peso(amount)}</dd>
          </div>
        ))}
        <div className="flex justify-between border-t border-gray-200 pt-2 text-base font-bold">
          <dt>Total</dt>
          <dd>{peso(order.total.gross.amount)}</dd>
        </div>
        {order.totalBalance.amount > 0 && order.totalBalance.amount !== order.total.gross.amount ? (
          <div className="flex justify-between">
            <dt>Balance</dt>
            <dd>{peso(order.totalBalance.amount)}</dd>
          </div>
        ) : null}
      </dl>
    </section>
  );
}
