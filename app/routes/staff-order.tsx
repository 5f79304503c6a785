// /staff/orders/:id: one order for staff: lines, customer, payment, the proof of billing, the
// full timeline, and the actions its status and the staff member's permissions allow.
import { Form, useActionData, useNavigation } from 'react-router';
import type { Route } from './+types/staff-order';
import { SHOP_TIME_ZONE } from '../../common/manila-date';
import { CANCEL_REASON_LABELS, type CancelReason } from '../../common/orders/order-cancel';
import { trackingLinkHref } from '../../common/orders/order-display';
import { paymentStatusName } from '../../common/orders/payment-status-label';
import { StaffOrderQuery, toStaffOrder } from '../graphql/staff';
import { notFound, query } from '../lib/api.server';
import { staffOrderAction } from './staff-order.server';
import { requireStaff } from './staff.server';
import { FormResult } from '../components/staff/FormField';
import { ShipToBlock } from '../components/staff/ShipTo';
import { LateRefundForm, RefundForm } from '../components/staff/RefundForm';
import { StatusBadge } from '../components/staff/StatusBadge';
import { InvoiceDownload } from '../components/orders/InvoiceDownload';

export const meta: Route.MetaFunction = ({ data }) => [{ title: `Order ${data?.order.referenceKey ?? ''} | Suki back office` }];

const orderGlobalId = (param: string) => (/^\d{1,9}$/.test(param) ? Buffer.from(`Order:${param}`).toString('base64') : null);
const DATE_TIME = new Intl.DateTimeFormat('en-PH', { timeZone: SHOP_TIME_ZONE, dateStyle: 'medium', timeStyle: 'short' });

export async function loader({ params, context }: Route.LoaderArgs) {
  const staff = await requireStaff(context, 'MANAGE_ORDERS');
  const id = orderGlobalId(params.id);
  if (!id) notFound();
  const order = toStaffOrder(await query(context, StaffOrderQuery, { id }));
  if (!order) notFound();
  return { order, permissions: staff.userPermissions };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const id = orderGlobalId(params.id);
  if (!id) notFound();
  return staffOrderAction(request, context, id);
}

function ActionButton({ intent, label, tone = 'primary' }: { intent: string; label: string; tone?: 'primary' | 'outline' }) {
  const busy = useNavigation().formData?.get('intent') === intent;
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <button type="submit" className={tone === 'primary' ? 'btn-primary' : 'btn-outline'} disabled={busy}>
        {label}
      </button>
    </Form>
  );
}

function NoteAction({ intent, label }: { intent: string; label: string }) {
  return (
    <Form method="post" className="flex flex-wrap items-end gap-2">
      <input type="hidden" name="intent" value={intent} />
      <div>
        <label htmlFor={`note-${intent}`} className="block text-sm font-medium">
          Note for the customer (optional)
        </label>
        <input id={`note-${intent}`} name="note" maxLength={500} className="rounded border border-gray-300 px-2 py-1" />
      </div>
      <button type="submit" className="btn-outline">
        {label}
      </button>
    </Form>
  );
}

const REFUND_STATUS_LABELS: Record<string, string> = {
  PENDING: 'Pending at the provider',
  COMPLETED: 'Refunded',
  FAILED: 'Failed (the amount can be refunded again)',
  NEEDS_STAFF: 'To refund by hand',
};

/**
 * A pre-order's PayPal payment (ADR 040): held until this order is confirmed, or not captured at
 * confirmation because its authorisation lapsed or was declined (the customer was emailed to pay again).
 */
function HeldPaymentNotice({ captureStatus }: { captureStatus: string }) {
  if (captureStatus === 'AUTHORIZED') {
    return <p className="rounded border border-blue-300 bg-blue-50 p-3">PayPal holds this pre-order&apos;s payment: it is captured when you confirm the order, and released if you reject or cancel it.</p>;
  }
  if (captureStatus === 'PAYPAL_CHECKOUT_CAPTURE_FAILED') {
    return (
      <p role="alert" className="rounded border border-red-300 bg-red-50 p-3">
        The PayPal payment could not be captured (its authorisation expired or was declined): nothing was charged, and the customer was emailed to pay again with Pay Now.
      </p>
    );
  }
  return null;
}

export default function StaffOrder({ loaderData }: Route.ComponentProps) {
  const { order, permissions } = loaderData;
  const result = useActionData<typeof action>();
  const canOrders = permissions.includes('MANAGE_ORDERS');
  const canPay = permissions.includes('MANAGE_PAYMENTS');
  const s = order.status;
  const open = s === 'UNFULFILLED' || s === 'UNFULFILLED_ORDER_CONFIRMED' || s === 'UNFULFILLED_UNFORESEEN_CIRCUMSTANCE';
  const paid = order.paymentStatus === 'FULLY_CHARGED';
  // Money was taken, in whole or in part (ADR 050): what was taken may be refunded, nothing voided.
  const taken = paid || order.paymentStatus === 'PARTIALLY_CHARGED';
  const refunds = order.refunds;
  // Stored as staff typed it; shown and followed with https:// when it has no scheme.
  const trackingHref = trackingLinkHref(order.trackingLink);

  return (
    <article aria-labelledby="order-title" className="space-y-6">
      <header className="space-y-1">
        <h1 id="order-title" className="text-2xl font-bold">
          Order {order.referenceKey}
        </h1>
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <span className="inline-flex items-center gap-1.5">
            <span className="font-semibold">Status:</span>
            <span data-testid="order-status">
              <StatusBadge kind="order" code={order.status} label={order.statusDisplay} />
            </span>
          </span>
          <span className="inline-flex items-center gap-1.5">
            <span className="font-semibold">Payment:</span>
            <span data-testid="payment-status">
              <StatusBadge kind="payment" code={order.paymentStatus} label={paymentStatusName(order.paymentStatus)} />
            </span>
            <span>({order.gateway ?? 'none'})</span>
          </span>
        </p>
        <p>
          Placed <time dateTime={order.created} className="whitespace-nowrap">{DATE_TIME.format(new Date(order.created))}</time> by{' '}
          <span className="break-all">{order.userEmail}</span>
        </p>
        {order.paymentStatus === 'PARTIALLY_CHARGED' ? (
          <p data-testid="part-payment">
            <span className="font-semibold">Remaining balance:</span> {order.balance.localized}
          </p>
        ) : null}
        {refunds && (taken || refunds.refunded.amount > 0) ? (
          <p data-testid="refund-summary">
            <span className="font-semibold">Refunded:</span> {refunds.refunded.localized} ·{' '}
            <span className="font-semibold">Left to refund:</span> {refunds.refundable.localized}
          </p>
        ) : null}
      </header>

      <FormResult result={result} />
      <HeldPaymentNotice captureStatus={order.captureStatus} />

      <section aria-labelledby="actions-title" className="space-y-3 rounded border border-gray-200 bg-white p-4">
        <h2 id="actions-title" className="text-lg font-semibold">
          Actions
        </h2>
        {s === 'PENDING_FOR_CANCELLATION' ? (
          <p>
            Cancellation requested: {order.cancelReason ? CANCEL_REASON_LABELS[order.cancelReason as CancelReason] : ''}
            {order.cancelNote ? ` (${order.cancelNote})` : ''}
          </p>
        ) : null}
        <div className="flex flex-wrap items-end gap-3">
          {canOrders && s === 'UNFULFILLED' ? <ActionButton intent="confirm" label="Confirm order" /> : null}
          {canPay && open && !paid && order.captureStatus !== 'VOIDED' && order.captureStatus !== 'AUTHORIZED' ? <ActionButton intent="markAsPaid" label="Mark as paid" /> : null}
          {canOrders && s === 'PENDING_FOR_CANCELLATION' ? (
            <>
              <ActionButton intent="cancel" label="Approve cancellation" />
              <NoteAction intent="deny" label="Deny cancellation" />
            </>
          ) : null}
          {canPay && taken && refunds && refunds.refundable.amount > 0 ? <RefundForm refundable={refunds.refundable} /> : null}
          {canPay && refunds?.lateRefundNeedsStaff ? <LateRefundForm /> : null}
          {canPay && !taken && order.paymentStatus !== 'FULLY_REFUNDED' && order.captureStatus !== 'VOIDED' ? (
            <ActionButton intent="void" label="Void payment" tone="outline" />
          ) : null}
        </div>
        {canOrders && s === 'UNFULFILLED_ORDER_CONFIRMED' ? (
          <Form method="post" className="flex flex-wrap items-end gap-2">
            <input type="hidden" name="intent" value="fulfil" />
            <div>
              <label htmlFor="trackingNumber" className="block text-sm font-medium">
                Tracking number
              </label>
              <input id="trackingNumber" name="trackingNumber" required maxLength={100} className="rounded border border-gray-300 px-2 py-1" />
            </div>
            <div>
              <label htmlFor="trackingLink" className="block text-sm font-medium">
                Tracking link
              </label>
              {/* Text, not type="url": couriers hand out links without https:// (www.lbcexpress.com/...), which the browser's url check refuses. */}
              <input id="trackingLink" name="trackingLink" type="text" inputMode="url" autoComplete="off" maxLength={500} className="rounded border border-gray-300 px-2 py-1" />
            </div>
            <button type="submit" className="btn-primary">
              Fulfil
            </button>
          </Form>
        ) : null}
        {canOrders && (s === 'UNFULFILLED' || s === 'UNFULFILLED_ORDER_CONFIRMED') ? (
          <NoteAction intent="unforeseen" label="Mark unforeseen circumstance" />
        ) : null}
        {canOrders && open ? <NoteAction intent="reject" label="Reject order" /> : null}
        {/* ADR 045: the customer is asked for another slip ('Order confirmed! Please re-upload ...'). */}
        {canPay && s === 'UNFULFILLED_ORDER_CONFIRMED' && order.gateway === 'Bank Deposit' && order.proofOfBilling && !paid ? (
          <NoteAction intent="refuseProof" label="Refuse deposit slip" />
        ) : null}
        {/* ADR 045: rejects the order; the customer sees 'Sorry! Cash on delivery is not available.' */}
        {canOrders && order.gateway === 'Cash on Delivery' && (s === 'UNFULFILLED' || s === 'UNFULFILLED_ORDER_CONFIRMED') && order.paymentStatus === 'NOT_CHARGED' ? (
          <NoteAction intent="codUnavailable" label="Cash on delivery not available" />
        ) : null}
      </section>

      <div className="grid gap-6 lg:grid-cols-2">
        <section aria-labelledby="lines-title" className="rounded border border-gray-200 bg-white p-4">
          <h2 id="lines-title" className="text-lg font-semibold">
            Items
          </h2>
          <ul className="divide-y divide-gray-100">
            {order.lines.map((l) => (
              <li key={`${l.productSku}-${l.variantName}`} className="flex justify-between gap-2 py-2">
                <span>
                  {l.productName} ({l.variantName}) × {l.quantity}
                </span>
                <span className="whitespace-nowrap tabular-nums">{l.unitPrice.gross.localized}</span>
              </li>
            ))}
          </ul>
          {order.paypalFee.amount > 0 ? <p className="mt-2 text-right">PayPal fee {order.paypalFee.localized}</p> : null}
          <p className="mt-2 text-right font-semibold">Total {order.total.gross.localized}</p>
          {order.trackingNumber ? (
            <p className="mt-2">
              Tracking: {order.trackingNumber}
              {trackingHref ? (
                <>
                  {' '}
                  <a href={trackingHref} className="underline" rel="noopener noreferrer" target="_blank">
                    {trackingHref}
                  </a>
                </>
              ) : null}
            </p>
          ) : null}
          {order.shippingMethodName ? <p className="mt-2 text-sm">{order.shippingMethodName}</p> : null}
        </section>

        <ShipToBlock address={order.shippingAddress} pickup={order.pickup} />

        <section aria-labelledby="proof-title" className="rounded border border-gray-200 bg-white p-4">
          <h2 id="proof-title" className="text-lg font-semibold">
            Proof of billing
          </h2>
          {order.proofOfBilling ? (
            <a href={order.proofOfBilling.url} target="_blank" rel="noopener noreferrer">
              <img src={order.proofOfBilling.url} alt={order.proofOfBilling.alt} className="mt-2 max-h-96 w-auto rounded border" />
            </a>
          ) : (
            <p>No proof uploaded.</p>
          )}
        </section>
      </div>

      {canOrders ? <InvoiceDownload invoice={order.invoice} /> : null}

      {refunds && (refunds.refunds.length > 0 || refunds.lateRefundNeedsStaff) ? (
        <section aria-labelledby="refunds-title" className="rounded border border-gray-200 bg-white p-4">
          <h2 id="refunds-title" className="text-lg font-semibold">
            Refunds
          </h2>
          {refunds.lateRefundNeedsStaff ? (
            <p role="alert" className="text-red-700">
              A payment arrived after this order expired and its provider could not refund it: refund it in the provider's dashboard, then record it here.
            </p>
          ) : null}
          <ul className="mt-2 divide-y divide-gray-100" data-testid="refunds">
            {refunds.refunds.map((r, i) => (
              <li key={`${r.created}-${i}`} className="py-2">
                <span className="font-semibold">{r.amount.localized}</span> · {REFUND_STATUS_LABELS[r.status] ?? r.status}
                {r.kind === 'LATE_PAYMENT' ? ' · payment after expiry' : ''} ·{' '}
                <time dateTime={r.created} className="whitespace-nowrap">{DATE_TIME.format(new Date(r.created))}</time>
                {r.reason ? <span className="block text-sm">{r.reason}</span> : null}
                {r.reference ? <span className="block text-sm text-gray-700">Reference: {r.reference}</span> : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section aria-labelledby="timeline-title" className="rounded border border-gray-200 bg-white p-4">
        <h2 id="timeline-title" className="text-lg font-semibold">
          Timeline
        </h2>
        <ol className="mt-2 space-y-2" data-testid="timeline">
          {order.events.map((e, i) => (
            <li key={`${e.date}-${i}`} className="border-l-2 border-gray-300 pl-3">
              <time dateTime={e.date} className="block whitespace-nowrap text-sm text-gray-700">
                {DATE_TIME.format(new Date(e.date))}
              </time>
              <span>{e.message}</span>
              {e.actor ? <span className="text-sm text-gray-700"> by {e.actor}</span> : null}
            </li>
          ))}
        </ol>
      </section>
    </article>
  );
}
