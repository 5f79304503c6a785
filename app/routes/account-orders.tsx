// /account/orders: the customer's orders as paged cards (5, 10 or 25 per page, 10 by default;
// cursor-paged on the server), a search, and the order-placed dialog on
// ?status=success&method={gateway}. Every order button posts to this route's action.
import { Form, Link, useSearchParams } from 'react-router';
import type { Route } from './+types/account-orders';
import { SEARCH_MAX_LENGTH } from '../../common/validation/limits';
import { EmptyState } from '../components/layout/EmptyState';
import { OrderCard } from '../components/orders/OrderCard';
import { orderAction } from '../components/orders/order-actions.server';
import { OrderPlacedDialog } from '../components/orders/OrderPlacedDialog';
import { useReadOrders } from '../components/orders/useReadOrders';
import { OrdersPageQuery, toOrderSummary } from '../graphql/orders';
import { query } from '../lib/api.server';

export const meta: Route.MetaFunction = () => [{ title: 'Orders | Suki' }];

const PAGE_SIZES = [5, 10, 25] as const;
const DEFAULT_PAGE_SIZE = 10;

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const size = Number(url.searchParams.get('size'));
  const pageSize = (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE;
  const after = url.searchParams.get('after');
  const before = url.searchParams.get('before');
  const search = url.searchParams.get('search')?.trim().slice(0, SEARCH_MAX_LENGTH) || null;
  const variables = before ? { last: pageSize, before, search } : { first: pageSize, after, search };
  const { me } = await query(context, OrdersPageQuery, variables);
  const connection = me?.orders ?? null;
  const orders = connection?.edges.map((e) => toOrderSummary(e.node)) ?? [];

  // The order-placed landing: the newest order is the one just placed.
  const placedMethod = url.searchParams.get('status') === 'success' ? url.searchParams.get('method') : null;
  let placed = null;
  if (placedMethod) {
    const latest = after || before || search ? (await query(context, OrdersPageQuery, { first: 1 })).me?.orders?.edges[0]?.node : null;
    const newest = latest ? toOrderSummary(latest) : orders[0];
    placed = newest
      ? { number: newest.number, referenceKey: newest.referenceKey, total: newest.total.gross.amount, paid: newest.paymentStatus === 'FULLY_CHARGED' }
      : null;
  }
  return {
    orders,
    pageInfo: connection?.pageInfo ?? null,
    totalCount: connection?.totalCount ?? 0,
    pageSize,
    search: search ?? '',
    // ?payment=failed: the card payment made right after placing failed (the checkout's Paymaya Checkout, ADR 042).
    placed: placedMethod ? { method: placedMethod, order: placed, paymentFailed: url.searchParams.get('payment') === 'failed' } : null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  return orderAction(request, context);
}

export default function AccountOrders({ loaderData }: Route.ComponentProps) {
  const { orders, pageInfo, totalCount, pageSize, search, placed } = loaderData;
  const [params] = useSearchParams();
  useReadOrders(orders);

  const pageLink = (cursor: { after?: string; before?: string }) => {
    const next = new URLSearchParams();
    if (pageSize !== DEFAULT_PAGE_SIZE) next.set('size', String(pageSize));
    if (search) next.set('search', search);
    if (cursor.after) next.set('after', cursor.after);
    if (cursor.before) next.set('before', cursor.before);
    const text = next.toString();
    return text ? `?${text}` : '.';
  };

  return (
    <section aria-labelledby="orders-title" className="space-y-4">
      <h1 id="orders-title" className="text-2xl font-bold">
        Orders
      </h1>
      <Form method="get" className="flex flex-wrap items-end gap-3" role="search">
        <div>
          <label htmlFor="orders-search" className="block text-sm font-medium text-gray-800">
            Search orders
          </label>
          <input
            id="orders-search"
            type="search"
            name="search"
            defaultValue={search}
            maxLength={SEARCH_MAX_LENGTH}
            placeholder="Order# or product name"
            className="mt-1 rounded-md border border-gray-400 px-3 py-2 text-sm"
          />
        </div>
        <div>
          <label htmlFor="orders-size" className="block text-sm font-medium text-gray-800">
            Per page
          </label>
          <select
            id="orders-size"
            name="size"
            defaultValue={String(pageSize)}
            className="mt-1 rounded-md border border-gray-400 px-3 py-2 text-sm"
            onChange={(e) => e.currentTarget.form?.requestSubmit()}
          >
            {PAGE_SIZES.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="btn-primary">
          Search
        </button>
      </Form>

      {orders.length === 0 ? (
        <div className="rounded-lg border border-gray-200">
          <EmptyState
            title={search ? 'No orders match your search.' : 'No recent orders!'}
            action={
              search ? (
                <Link to="/account/orders" className="btn-primary">
                  Show all orders
                </Link>
              ) : (
                <Link to="/shop" className="btn-primary">
                  Continue Shopping
                </Link>
              )
            }
          >
            {search
              ? 'Search by Order# or by a product name, or show every order.'
              : 'Orders you place appear here, with their status, tracking and receipts.'}
          </EmptyState>
        </div>
      ) : (
        <>
          <p className="text-sm text-gray-700">
            {totalCount} {totalCount === 1 ? 'order' : 'orders'}
          </p>
          <ul className="space-y-4">
            {orders.map((order) => (
              <li key={order.id}>
                <OrderCard order={order} />
              </li>
            ))}
          </ul>
          <nav aria-label="Orders pages" className="flex justify-between">
            {pageInfo?.hasPreviousPage && pageInfo.startCursor ? (
              <Link to={pageLink({ before: pageInfo.startCursor })} className="font-semibold text-secondary-dark underline">
                Previous
              </Link>
            ) : (
              <span />
            )}
            {pageInfo?.hasNextPage && pageInfo.endCursor ? (
              <Link to={pageLink({ after: pageInfo.endCursor })} className="font-semibold text-secondary-dark underline">
                Next
              </Link>
            ) : null}
          </nav>
        </>
      )}
      {placed ? <OrderPlacedDialog key={params.toString()} method={placed.method} order={placed.order} paymentFailed={placed.paymentFailed} /> : null}
    </section>
  );
}
