// /account/order-details/{id}: every field of docs/product/orders-and-payments.md#order-details: Order#, total, placed-on
// date, status, payment status label, tracking (N/A rules, https:// prefixing), the status
// history, lines, addresses and totals, with the order's actions, and where to pay while a Bank
// Deposit order waits for the deposit. The id is the order number (the emails' link) or its
// global id; the page shows only the Order# (referenceKey) shoppers know, not that number.
// Layout: the header (Order#, date, total, the status facts) across the page, then on a laptop two
// columns: the progress and lines with the addresses; beside them, sticky, what to do (the order's
// actions, where to deposit) and the totals. On a phone one column, what to do first.
import { Link } from 'react-router';
import type { Route } from './+types/account-order-details';
import { formatOrderDate, formatOrderDateTime, NOT_AVAILABLE, trackingLinkHref, trackingNumberDisplay } from '../../common/orders/order-display';
import { orderProgress, type ProgressStep } from '../../common/orders/order-progress';
import { PICKUP_LOCATION } from '../../common/checkout/gateways';
import { awaitsBankDeposit } from '../../common/orders/order-actions';
import { ORDER_STATUS_DISPLAY, type OrderStatus } from '../../common/orders/order-status';
import { PAYMENT_RETURN_TITLES, paymentReturnMessage, paymentReturnOutcome } from '../../common/orders/payment-return';
import { LineThumbnail } from '../components/cart/LineThumbnail';
import { BankDepositDetails } from '../components/orders/BankDepositDetails';
import { InvoiceDownload } from '../components/orders/InvoiceDownload';
import { OrderActions } from '../components/orders/OrderActions';
import { peso, StatusBadge } from '../components/orders/OrderCard';
import { ReviewButton } from '../components/orders/ReviewButton';
import { orderAction } from '../components/orders/order-actions.server';
import { useReadOrders } from '../components/orders/useReadOrders';
import { OrderDetailsQuery, toOrderDetails, type OrderAddress, type OrderDetailsData, type OrderLineData } from '../graphql/orders';
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
  const inCatalogue = new Set(order.linesInCatalogue);
  return (
    <article aria-labelledby="order-title" className="min-w-0 space-y-4 sm:space-y-6">
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

      <header className="rounded-lg border border-gray-200 bg-white p-4 sm:p-5">
        <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
          <div className="min-w-0">
            <h1 id="order-title" className="break-words text-xl font-bold sm:text-2xl">
              Order# {order.referenceKey}
            </h1>
            <p className="text-sm text-gray-700">Placed on {formatOrderDate(order.created)}</p>
          </div>
          <p className="whitespace-nowrap text-xl font-bold sm:text-2xl">{peso(order.total.gross.amount)}</p>
        </div>
        <dl className="mt-4 grid grid-cols-2 gap-x-4 gap-y-3 border-t border-gray-200 pt-4 text-sm sm:grid-cols-3">
          <Fact label="Order Status">
            <StatusBadge order={order} />
          </Fact>
          <Fact label="Payment Status">
            {order.paymentStatusDisplay ? <PaymentBadge status={order.paymentStatus} label={order.paymentStatusDisplay} /> : '—'}
          </Fact>
          <Fact label="Payment Method">{order.paymentMethod ?? '—'}</Fact>
          <Fact label="Tracking Number">{trackingNumberDisplay(order.trackingNumber)}</Fact>
          <Fact label="Tracking Link" wide>
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
      </header>

      {/* A phone reads one column in the order of the order-* classes (what to do first); a
          laptop reads two, the columns as written. */}
      <div className="flex flex-col gap-4 sm:gap-6 lg:grid lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start xl:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="contents lg:block lg:space-y-6">
          <div className="order-2 min-w-0">
            <StatusHistory order={order} />
          </div>
          <section aria-labelledby="items-title" className="order-3 min-w-0 rounded-lg border border-gray-200 bg-white">
            <h2 id="items-title" className="px-4 pt-4 text-lg font-bold">
              Items <span className="text-sm font-normal text-gray-700">({order.lines.reduce((n, l) => n + l.quantity, 0)})</span>
            </h2>
            <ul className="mt-2 divide-y divide-gray-200">
              {order.lines.map((line) => (
                <OrderLineRow key={line.id} line={line} orderId={order.id} status={order.status} linked={inCatalogue.has(line.id)} />
              ))}
            </ul>
          </section>
          <div className="order-5 grid min-w-0 grid-cols-1 gap-4 sm:grid-cols-2">
            <AddressBlock title={pickup ? 'Pickup' : 'Shipping Address'} address={order.shippingAddress} pickup={pickup} />
            <AddressBlock title="Billing Address" address={order.billingAddress} />
          </div>
        </div>

        <div className="contents lg:sticky lg:top-4 lg:block lg:space-y-4">
          {/* The order's actions, Pay Now first; an order's documents (an invoice) join them as children. */}
          <OrderActions order={order} stacked className="order-1">
            <InvoiceDownload invoice={order.invoice} />
          </OrderActions>
          {awaitsBankDeposit({ gateway: order.gateway, paymentStatus: order.paymentStatus, status: order.status }) ? (
            <div className="order-1">
              <BankDepositDetails order={{ referenceKey: order.referenceKey, total: order.total.gross.amount }} headingLevel={2} />
            </div>
          ) : null}
          <Totals order={order} className="order-4" />
        </div>
      </div>
    </article>
  );
}

function Fact({ label, wide = false, children }: { label: string; wide?: boolean; children: React.ReactNode }) {
  return (
    <div className={`min-w-0 ${wide ? 'col-span-2 sm:col-span-1' : ''}`}>
      <dt className="text-gray-700">{label}</dt>
      <dd className="mt-0.5 font-medium">{children}</dd>
    </div>
  );
}

/** The payment status label (the shop's own words) on a colour that says whether anything is still to do. */
function PaymentBadge({ status, label }: { status: string; label: string }) {
  const tone =
    status === 'FULLY_CHARGED'
      ? 'bg-green-100 text-green-900'
      : status === 'FAILED' || status === 'REJECTED'
        ? 'bg-red-100 text-red-900'
        : status === 'FULLY_REFUNDED'
          ? 'bg-gray-200 text-gray-900'
          : 'bg-amber-100 text-amber-900';
  return <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${tone}`}>{label}</span>;
}

/** One line: picture, name (a link while the product is still in the catalogue), variant, price × quantity, line total. */
function OrderLineRow({ line, orderId, status, linked }: { line: OrderLineData; orderId: string; status: OrderStatus; linked: boolean }) {
  const href = `/product/${encodeURIComponent(line.productId)}`;
  return (
    <li className="flex gap-3 p-4">
      {linked ? (
        <Link to={href} tabIndex={-1} aria-hidden="true" className="shrink-0">
          <LineThumbnail url={line.thumbnail?.url ?? null} alt="" />
        </Link>
      ) : (
        <LineThumbnail url={line.thumbnail?.url ?? null} alt={`${line.productName} (${line.variantName})`} />
      )}
      <div className="flex min-w-0 flex-1 flex-wrap justify-between gap-x-4 gap-y-2">
        <div className="min-w-0 flex-1 basis-40">
          <p className="font-semibold leading-snug">
            {linked ? (
              <Link to={href} className="hover:underline">
                {line.productName}
              </Link>
            ) : (
              line.productName
            )}
          </p>
          {line.variantName ? <p className="text-sm text-gray-700">{line.variantName}</p> : null}
          <p className="mt-1 whitespace-nowrap text-sm text-gray-700">
            {peso(line.unitPrice.gross.amount)} × {line.quantity}
          </p>
        </div>
        <div className="flex flex-col items-end gap-2">
          <p className="whitespace-nowrap font-semibold">{peso(line.totalPrice.gross.amount)}</p>
          {/* A product no longer in the catalogue cannot be reviewed. */}
          {linked ? <ReviewButton line={line} orderId={orderId} status={status} /> : null}
        </div>
      </div>
    </li>
  );
}

const STEP_DOT: Record<ProgressStep['tone'], Record<ProgressStep['state'], string>> = {
  progress: {
    done: 'bg-secondary text-white',
    current: 'bg-primary text-white ring-4 ring-primary-light',
    upcoming: 'border-2 border-gray-300 bg-white',
  },
  stopped: { done: '', current: 'bg-gray-700 text-white ring-4 ring-gray-200', upcoming: '' },
  attention: { done: '', current: 'bg-amber-500 text-white ring-4 ring-amber-100', upcoming: '' },
};

/**
 * The status history as a stepper: the order's progress (placed, confirmed, fulfilled, or the turn
 * it took) across the top with the dates, then every change with its time and note, newest last.
 */
function StatusHistory({ order }: { order: OrderDetailsData }) {
  const steps = orderProgress(order, order.statusLogs);
  return (
    <section aria-labelledby="history-title" className="rounded-lg border border-gray-200 bg-white p-4">
      <h2 id="history-title" className="text-lg font-bold">
        Status History
      </h2>
      <ol className="mt-4 flex" aria-label="Order progress">
        {steps.map((step, index) => (
          <li
            key={step.label}
            className="relative flex min-w-0 flex-1 flex-col items-center text-center"
            aria-current={step.state === 'current' ? 'step' : undefined}
          >
            {index > 0 ? (
              <span
                aria-hidden="true"
                className={`absolute right-1/2 top-3.5 h-0.5 w-full -translate-y-1/2 ${step.state === 'upcoming' ? 'bg-gray-300' : 'bg-secondary'}`}
              />
            ) : null}
            <span aria-hidden="true" className={`relative z-10 flex h-7 w-7 items-center justify-center rounded-full ${STEP_DOT[step.tone][step.state]}`}>
              <StepIcon step={step} />
            </span>
            <span className={`mt-2 px-1 text-xs font-semibold sm:text-sm ${step.state === 'upcoming' ? 'text-gray-600' : 'text-gray-900'}`}>{step.label}</span>
            <span className="px-1 text-xs text-gray-700">{step.at ? formatOrderDate(step.at) : '\u00a0'}</span>
          </li>
        ))}
      </ol>
      <ol className="mt-4 space-y-2 border-t border-gray-200 pt-3 text-sm">
        {order.statusLogs.map((log) => (
          <li key={`${log.status}-${log.created}`} className="flex flex-wrap justify-between gap-x-3">
            <span className="font-semibold">{log.statusDisplay || ORDER_STATUS_DISPLAY[log.status]}</span>
            <span className="text-gray-700">{formatOrderDateTime(log.created)}</span>
            {log.note ? <span className="w-full text-gray-800">{log.note}</span> : null}
          </li>
        ))}
      </ol>
      <p className="sr-only">Current status: {ORDER_STATUS_DISPLAY[order.status]}</p>
    </section>
  );
}

function StepIcon({ step }: { step: ProgressStep }) {
  if (step.state === 'upcoming') return null;
  const path =
    step.tone === 'stopped' ? 'M6 6l8 8M14 6l-8 8' : step.tone === 'attention' ? 'M10 5v6M10 14.5v.5' : step.state === 'done' ? 'M5 10.5l3 3 7-7' : null;
  if (!path) return <span className="h-2.5 w-2.5 rounded-full bg-white" />;
  return (
    <svg viewBox="0 0 20 20" width="16" height="16" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round">
      <path d={path} />
    </svg>
  );
}

function AddressBlock({ title, address, pickup = false }: { title: string; address: OrderAddress | null; pickup?: boolean }) {
  return (
    <section aria-label={title} className="rounded-lg border border-gray-200 bg-white p-4 text-sm">
      <h2 className="text-base font-bold">{title}</h2>
      {address ? (
        <address className="mt-2 break-words not-italic leading-relaxed text-gray-800">
          <span className="font-semibold text-gray-900">
            {address.firstName} {address.lastName}
          </span>
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
      ) : pickup ? (
        // Where to collect it, as Review Checkout said before the order was placed.
        <div className="mt-2 space-y-1 text-gray-800">
          <p className="font-semibold text-gray-900">Store pickup</p>
          <p>{PICKUP_LOCATION.address}</p>
          <p>Phone: {PICKUP_LOCATION.phone}</p>
        </div>
      ) : (
        <p className="mt-2">{NOT_AVAILABLE}</p>
      )}
    </section>
  );
}

/** The totals, and what was given back when a refund was made. */
function Totals({ order, className }: { order: OrderDetailsData; className: string }) {
  const rows: [string, number][] = [
    ['Subtotal', order.subtotal.gross.amount],
    ['Shipping', order.shippingPrice.gross.amount],
    ...(order.hasInsurance ? ([['Shipping insurance', order.insurance.amount]] as [string, number][]) : []),
    ...(order.cashOnDeliveryFee.amount ? ([['Cash on delivery fee', order.cashOnDeliveryFee.amount]] as [string, number][]) : []),
    ...(order.paypalFee.amount ? ([['PayPal fee', order.paypalFee.amount]] as [string, number][]) : []),
    ...(order.discount.amount ? ([[order.discountName ?? 'Discount', -order.discount.amount]] as [string, number][]) : []),
  ];
  return (
    <section aria-labelledby="totals-title" className={`${className} rounded-lg border border-gray-200 bg-white p-4`}>
      <h2 id="totals-title" className="text-lg font-bold">
        Totals
      </h2>
      <dl className="mt-2 space-y-1.5 text-sm">
        {rows.map(([label, amount]) => (
          <div key={label} className="flex justify-between gap-4">
            <dt className="min-w-0">{label}</dt>
            <dd className="whitespace-nowrap">{peso(amount)}</dd>
          </div>
        ))}
        <div className="flex justify-between gap-4 border-t border-gray-200 pt-2 text-base font-bold">
          <dt>Total</dt>
          <dd className="whitespace-nowrap">{peso(order.total.gross.amount)}</dd>
        </div>
        {order.refunded.amount > 0 ? (
          <div className="flex justify-between gap-4 text-green-800">
            <dt>Refunded</dt>
            <dd className="whitespace-nowrap">{peso(order.refunded.amount)}</dd>
          </div>
        ) : null}
        {order.totalBalance.amount > 0 && order.totalBalance.amount !== order.total.gross.amount ? (
          <div className="flex justify-between gap-4">
            <dt>Balance</dt>
            <dd className="whitespace-nowrap">{peso(order.totalBalance.amount)}</dd>
          </div>
        ) : null}
      </dl>
    </section>
  );
}
