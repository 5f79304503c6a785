// /staff/orders: every customer's orders, paged on the server (cursor), with the filters in the
// URL so a filtered page can be shared and reloaded.
import { Form, Link, useActionData } from 'react-router';
import type { Route } from './+types/staff-orders';
import { BANK_DEPOSIT, CASH_ON_DELIVERY } from '../../common/checkout/gateways';
import { ORDER_STATUS_DISPLAY, ORDER_STATUSES, PAYMENT_STATUSES, type OrderStatus, type PaymentStatus } from '../../common/orders/order-status';
import { PAYMENT_STATUS_NAMES, paymentStatusName } from '../../common/orders/payment-status-label';
import { SHOP_TIME_ZONE } from '../../common/manila-date';
import { SEARCH_MAX_LENGTH } from '../../common/validation/limits';
import { StaffOrdersQuery, toStaffOrders, type StaffOrderFilter } from '../graphql/staff';
import { query } from '../lib/api.server';
import { staffOrdersAction } from './staff-orders.server';
import { requireStaff } from './staff.server';
import { StaffPager } from '../components/staff/StaffPager';
import { FormResult } from '../components/staff/FormField';
import { ShipToCell } from '../components/staff/ShipTo';
import { StatusBadge } from '../components/staff/StatusBadge';
import { currentManilaMonth, SalesBookExport } from '../components/staff/SalesBookExport';

export const meta: Route.MetaFunction = () => [{ title: 'Orders | Suki back office' }];

const PAGE_SIZES = [10, 25, 50, 100] as const;
const DEFAULT_PAGE_SIZE = 25;
const GATEWAYS = [BANK_DEPOSIT, CASH_ON_DELIVERY];
const FILTER_KEYS = ['status', 'paymentStatus', 'gateway', 'search', 'customer', 'from', 'to', 'size'] as const;
const DATE_TIME = new Intl.DateTimeFormat('en-PH', { timeZone: SHOP_TIME_ZONE, dateStyle: 'medium', timeStyle: 'short' });
const isDay = (v: string | null): v is string => v !== null && /^\d{4}-\d{2}-\d{2}$/.test(v);

/** The URL's filters, only the values the API accepts. */
function filtersOf(url: URL) {
  const get = (key: string) => url.searchParams.get(key)?.trim() || null;
  const status = get('status');
  const paymentStatus = get('paymentStatus');
  const gateway = get('gateway');
  const from = get('from');
  const to = get('to');
  const filter: StaffOrderFilter = {};
  if (status && (ORDER_STATUSES as readonly string[]).includes(status)) filter.status = [status as OrderStatus];
  if (paymentStatus && (PAYMENT_STATUSES as readonly string[]).includes(paymentStatus)) filter.paymentStatus = [paymentStatus as PaymentStatus];
  if (gateway) filter.gateway = [gateway.slice(0, 100)];
  const search = get('search')?.slice(0, SEARCH_MAX_LENGTH);
  if (search) filter.search = search;
  const customer = get('customer')?.slice(0, SEARCH_MAX_LENGTH);
  if (customer) filter.customer = customer;
  if (isDay(from) || isDay(to)) filter.created = { ...(isDay(from) ? { gte: from } : {}), ...(isDay(to) ? { lte: to } : {}) };
  return filter;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(context, 'MANAGE_ORDERS');
  const url = new URL(request.url);
  const size = Number(url.searchParams.get('size'));
  const pageSize = (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE;
  const after = url.searchParams.get('after');
  const before = url.searchParams.get('before');
  const filter = filtersOf(url);
  const result = await query(context, StaffOrdersQuery, before ? { last: pageSize, before, filter } : { first: pageSize, after, filter });
  const values = Object.fromEntries(FILTER_KEYS.map((k) => [k, url.searchParams.get(k) ?? '']));
  return { ...toStaffOrders(result), values };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireStaff(context, 'MANAGE_ORDERS');
  return staffOrdersAction(request, context);
}

function Select({ name, label, value, options }: { name: string; label: string; value: string; options: { value: string; label: string }[] }) {
  return (
    <div>
      <label htmlFor={`filter-${name}`} className="block text-sm font-medium">
        {label}
      </label>
      <select id={`filter-${name}`} name={name} defaultValue={value} className="rounded border border-gray-300 bg-white px-2 py-1">
        <option value="">Any</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** An email that may wrap before its @ (never mid-name) when the table is narrow. */
function EmailCell({ email }: { email: string }) {
  const at = email.indexOf('@');
  if (at <= 0) return <>{email}</>;
  return (
    <>
      {email.slice(0, at)}
      <wbr />
      {email.slice(at)}
    </>
  );
}

function Field({ name, label, value, type = 'text' }: { name: string; label: string; value: string; type?: string }) {
  return (
    <div>
      <label htmlFor={`filter-${name}`} className="block text-sm font-medium">
        {label}
      </label>
      <input id={`filter-${name}`} name={name} type={type} defaultValue={value} maxLength={SEARCH_MAX_LENGTH} className="rounded border border-gray-300 bg-white px-2 py-1" />
    </div>
  );
}

export default function StaffOrders({ loaderData }: Route.ComponentProps) {
  const { orders, pageInfo, totalCount, values } = loaderData;
  const result = useActionData<typeof action>();
  const confirmable = orders.filter((o) => o.status === 'UNFULFILLED');

  return (
    <section aria-labelledby="orders-title" className="space-y-4">
      <h1 id="orders-title" className="text-2xl font-bold">
        Orders
      </h1>
      <Form method="get" className="flex flex-wrap items-end gap-3 rounded border border-gray-200 bg-white p-3" aria-label="Filter orders">
        <Field name="search" label="Search" value={values.search ?? ''} type="search" />
        <Field name="customer" label="Customer email" value={values.customer ?? ''} />
        <Select name="status" label="Status" value={values.status ?? ''} options={ORDER_STATUSES.map((s) => ({ value: s, label: ORDER_STATUS_DISPLAY[s] }))} />
        <Select name="paymentStatus" label="Payment" value={values.paymentStatus ?? ''} options={PAYMENT_STATUSES.map((s) => ({ value: s, label: PAYMENT_STATUS_NAMES[s] }))} />
        <Select name="gateway" label="Gateway" value={values.gateway ?? ''} options={GATEWAYS.map((g) => ({ value: g, label: g }))} />
        <Field name="from" label="From" value={values.from ?? ''} type="date" />
        <Field name="to" label="To" value={values.to ?? ''} type="date" />
        <Select name="size" label="Per page" value={values.size ?? ''} options={PAGE_SIZES.map((s) => ({ value: String(s), label: String(s) }))} />
        <button type="submit" className="btn-secondary">
          Filter
        </button>
        <Link to="/staff/orders" className="underline">
          Clear
        </Link>
      </Form>
      <SalesBookExport defaultMonth={currentManilaMonth()} />
      <FormResult result={result} />
      {confirmable.length > 0 ? (
        <Form method="post" id="bulk-confirm" className="flex items-center gap-3">
          <input type="hidden" name="intent" value="bulkConfirm" />
          <button type="submit" className="btn-secondary">
            Confirm selected
          </button>
          <span className="text-sm text-gray-700">Select unfulfilled orders in the table first.</span>
        </Form>
      ) : null}
      <p aria-live="polite">{totalCount === 1 ? '1 order' : `${totalCount} orders`}</p>
      <div className="overflow-x-auto">
        <table className="w-full border-collapse bg-white text-left text-sm">
          <thead>
            <tr className="border-b border-gray-200 bg-gray-50 whitespace-nowrap">
              <th scope="col" className="p-2">
                <span className="sr-only">Select</span>
              </th>
              <th scope="col" className="p-2">Order# and date</th>
              <th scope="col" className="p-2">Customer</th>
              <th scope="col" className="p-2">Ship to</th>
              <th scope="col" className="p-2">Status</th>
              <th scope="col" className="p-2">Payment and gateway</th>
              <th scope="col" className="p-2 text-right">Total</th>
            </tr>
          </thead>
          <tbody>
            {orders.map((o) => (
              <tr key={o.id} className="border-b border-gray-100 align-top hover:bg-gray-50">
                <td className="p-2">
                  {o.status === 'UNFULFILLED' ? (
                    <input type="checkbox" name="ids" value={o.id} form="bulk-confirm" aria-label={`Select order ${o.referenceKey}`} />
                  ) : null}
                </td>
                <td className="whitespace-nowrap p-2">
                  <Link to={`/staff/orders/${o.number}`} className="font-semibold underline">
                    {o.referenceKey}
                  </Link>
                  <time dateTime={o.created} className="block text-xs text-gray-700">
                    {DATE_TIME.format(new Date(o.created))}
                  </time>
                </td>
                <td className="p-2">
                  <EmailCell email={o.userEmail} />
                </td>
                <td className="p-2">
                  <ShipToCell address={o.shippingAddress} pickup={o.pickup} />
                </td>
                <td className="p-2">
                  <StatusBadge kind="order" code={o.status} label={o.statusDisplay} />
                </td>
                <td className="p-2">
                  <StatusBadge kind="payment" code={o.paymentStatus} label={paymentStatusName(o.paymentStatus)} />
                  {o.gateway ? <span className="block whitespace-nowrap text-xs text-gray-700">{o.gateway}</span> : null}
                </td>
                <td className="whitespace-nowrap p-2 text-right tabular-nums">{o.total.gross.localized}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <StaffPager pageInfo={pageInfo} filters={values} labels={{ previous: 'Newer', next: 'Older' }} />
    </section>
  );
}
