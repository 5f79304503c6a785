// /staff/privacy-requests: customers' data export and account erasure requests, newest first
// (MANAGE_ORDERS: the staff who answer customers about their orders). A refused erasure waits
// for an open order or payout; staff close it and tell the customer they may ask again.
import type { Route } from './+types/staff-privacy-requests';
import { formatOrderDateTime } from '../../common/orders/order-display';
import { StaffPrivacyRequestsQuery } from '../graphql/privacy';
import { query } from '../lib/api.server';
import { requireStaff } from './staff.server';

export const meta: Route.MetaFunction = () => [{ title: 'Privacy requests | Suki back office' }];

const KIND = { EXPORT: 'Data export', ERASURE: 'Account deletion' } as const;
const STATUS = { COMPLETED: 'Completed', REFUSED: 'Refused' } as const;

export async function loader({ context }: Route.LoaderArgs) {
  await requireStaff(context, 'MANAGE_ORDERS');
  return { requests: (await query(context, StaffPrivacyRequestsQuery)).privacyRequests ?? [] };
}

export default function StaffPrivacyRequests({ loaderData }: Route.ComponentProps) {
  const { requests } = loaderData;
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold">Privacy requests</h1>
      <p className="max-w-3xl text-sm">
        Customers download their data and delete their accounts from their profile page. A deletion is refused while an order or a payout is not finished;
        orders, payments, payouts and tax details are kept as issued.
      </p>
      {requests.length === 0 ? (
        <p>No requests yet.</p>
      ) : (
        <table className="w-full text-left text-sm">
          <thead>
            <tr className="border-b border-gray-300">
              <th scope="col" className="py-2 pr-3">Requested</th>
              <th scope="col" className="py-2 pr-3">Request</th>
              <th scope="col" className="py-2 pr-3">Status</th>
              <th scope="col" className="py-2 pr-3">Customer</th>
              <th scope="col" className="py-2">Note</th>
            </tr>
          </thead>
          <tbody>
            {requests.map((r) => (
              <tr key={r.id} className="border-b border-gray-200 align-top">
                <td className="py-2 pr-3 whitespace-nowrap">{r.requestedAt ? formatOrderDateTime(r.requestedAt) : ''}</td>
                <td className="py-2 pr-3">{r.kind ? KIND[r.kind] : ''}</td>
                <td className="py-2 pr-3">{r.status ? STATUS[r.status] : ''}</td>
                <td className="py-2 pr-3">
                  {r.email} <span className="text-gray-500">#{r.userId}</span>
                </td>
                <td className="py-2">{r.note}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
