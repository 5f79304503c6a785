// /staff: today's orders and sales, the orders waiting for staff, the variants running low and
// a chart of the last two weeks' sales; the pending payouts and flagged referral purchases.
import { data, Form, Link, useActionData } from 'react-router';
import type { Route } from './+types/staff-dashboard';
import { ORDER_STATUS_DISPLAY } from '../../common/orders/order-status';
import { SalesChart } from '../components/staff/SalesChart';
import { countsByStatus, StaffPayoutCountsQuery } from '../graphql/payouts-staff';
import type * as G from '../graphql/generated';
import { ProductVariantStocksUpdateMutation, StaffDashboardQuery, toStaffDashboard } from '../graphql/staff';
import { query } from '../lib/api.server';
import { requireStaff } from './staff.server';
import { FormResult } from '../components/staff/FormField';

export const meta: Route.MetaFunction = () => [{ title: 'Dashboard | Suki back office' }];

export async function loader({ context }: Route.LoaderArgs) {
  const staff = await requireStaff(context);
  // The payouts waiting and the referral purchases to review, for staff who handle them.
  const payouts = staff.userPermissions.includes('MANAGE_PAYOUTS') ? payoutFigures(await query(context, StaffPayoutCountsQuery)) : null;
  // Staff without MANAGE_ORDERS see the shell and their navigation, not the order figures.
  if (!staff.userPermissions.includes('MANAGE_ORDERS')) return { dashboard: null, canEditStock: false, payouts };
  return { dashboard: toStaffDashboard(await query(context, StaffDashboardQuery)), canEditStock: staff.userPermissions.includes('MANAGE_PRODUCTS'), payouts };
}

function payoutFigures(result: G.StaffPayoutCountsQuery) {
  const counts = countsByStatus(result.payoutRequestCounts);
  return { pending: counts.PENDING, processing: counts.PROCESSING, flagged: result.referralFlags?.totalCount ?? 0 };
}

function PayoutFigures({ payouts }: { payouts: ReturnType<typeof payoutFigures> }) {
  return (
    <section aria-labelledby="payouts-figures-title" className="space-y-2">
      <h2 id="payouts-figures-title" className="text-lg font-semibold">
        Commissioner payouts
      </h2>
      <ul className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        <Stat label="Pending payouts" value={payouts.pending} to="/staff/payouts?status=PENDING" />
        <Stat label="Payouts processing" value={payouts.processing} to="/staff/payouts?status=PROCESSING" />
        <Stat label="Flagged referral purchases" value={payouts.flagged} to="/staff/referral-flags" />
      </ul>
    </section>
  );
}

/** The low-stock table's stock field (MANAGE_PRODUCTS); a return to stock alerts the watchers. */
export async function action({ request, context }: Route.ActionArgs) {
  await requireStaff(context, 'MANAGE_PRODUCTS');
  const form = await request.formData();
  const stock = Number(form.get('stockQuantity'));
  const result = (
    await query(context, ProductVariantStocksUpdateMutation, { variantId: String(form.get('variantId') ?? ''), stockQuantity: Number.isInteger(stock) ? stock : -1 })
  ).productVariantStocksUpdate;
  const error = result?.errors?.[0]?.message;
  return data({ ok: !error, message: error ?? 'Stock saved.' }, { status: error ? 400 : 200 });
}

function Stat({ label, value, to }: { label: string; value: string | number; to?: string }) {
  const body = (
    <>
      <span className="block text-sm text-gray-700">{label}</span>
      <span className="block text-2xl font-bold">{value}</span>
    </>
  );
  return (
    <li className="rounded border border-gray-200 bg-white p-4">
      {to ? (
        <Link to={to} className="block hover:underline">
          {body}
        </Link>
      ) : (
        body
      )}
    </li>
  );
}

export default function StaffDashboard({ loaderData }: Route.ComponentProps) {
  const { dashboard, canEditStock, payouts } = loaderData;
  const result = useActionData<typeof action>();
  if (!dashboard) {
    return (
      <section className="space-y-6">
        <h1 className="text-2xl font-bold">Dashboard</h1>
        <p className="mt-2">Your permissions do not include orders.</p>
        {payouts ? <PayoutFigures payouts={payouts} /> : null}
      </section>
    );
  }
  const waiting = (status: string) => `/staff/orders?status=${status}`;
  return (
    <section aria-labelledby="dashboard-title" className="space-y-6">
      <h1 id="dashboard-title" className="text-2xl font-bold">
        Dashboard
      </h1>
      <ul className="grid grid-cols-2 gap-4 lg:grid-cols-4" aria-label="Today">
        <Stat label="Orders today" value={dashboard.ordersToday} />
        <Stat label="Sales today" value={dashboard.salesToday.localized} />
        <Stat label="Proofs of billing to check" value={dashboard.proofsToCheck} to="/staff/orders?paymentStatus=NOT_CHARGED&gateway=Bank+Deposit" />
        <Stat label="Late payments to refund by hand" value={dashboard.latePaymentsToRefund} to="/staff/orders?status=CANCELED" />
      </ul>
      <section aria-labelledby="waiting-title" className="space-y-2">
        <h2 id="waiting-title" className="text-lg font-semibold">
          Orders waiting for action
        </h2>
        <ul className="grid grid-cols-2 gap-4 lg:grid-cols-4">
          {dashboard.waiting.map((w) => (
            <Stat key={w.status} label={ORDER_STATUS_DISPLAY[w.status]} value={w.count} to={waiting(w.status)} />
          ))}
        </ul>
      </section>
      {payouts ? <PayoutFigures payouts={payouts} /> : null}
      <section className="rounded border border-gray-200 bg-white p-4">
        <SalesChart points={dashboard.salesByDay.map((d) => ({ day: d.day, orders: d.orders, sales: d.sales.amount, localized: d.sales.localized }))} />
      </section>
      <section aria-labelledby="low-stock-title" className="space-y-2">
        <h2 id="low-stock-title" className="text-lg font-semibold">
          Low stock ({dashboard.lowStockThreshold} or fewer)
        </h2>
        <FormResult result={result} />
        {dashboard.lowStock.length === 0 ? (
          <p>No variant is running low.</p>
        ) : (
          <table className="w-full border-collapse bg-white text-left text-sm">
            <thead>
              <tr className="border-b border-gray-200">
                <th scope="col" className="p-2">Product</th>
                <th scope="col" className="p-2">Variant</th>
                <th scope="col" className="p-2">SKU</th>
                <th scope="col" className="p-2 text-right">Stock</th>
              </tr>
            </thead>
            <tbody>
              {dashboard.lowStock.map((v) => (
                <tr key={v.variantId} className="border-b border-gray-100">
                  <td className="p-2">{v.productName}</td>
                  <td className="p-2">{v.variantName}</td>
                  <td className="p-2">{v.sku}</td>
                  <td className="p-2 text-right">
                    {canEditStock ? (
                      <Form method="post" className="flex justify-end gap-2">
                        <input type="hidden" name="variantId" value={v.variantId} />
                        <label htmlFor={`stock-${v.variantId}`} className="sr-only">
                          Stock of {v.productName} ({v.variantName})
                        </label>
                        <input id={`stock-${v.variantId}`} name="stockQuantity" type="number" min={0} max={1_000_000} defaultValue={v.stockQuantity} className="w-24 rounded border border-gray-300 px-2 py-1 text-right" />
                        <button type="submit" className="btn-outline">
                          Save
                        </button>
                      </Form>
                    ) : (
                      v.stockQuantity
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </section>
  );
}
