// /staff: the back office shell (navigation beside the page) for staff only; the storefront's
// header and footer stay out (root.tsx). Its routes load only here: the storefront's first-load
// JavaScript never carries them.
import { isRouteErrorResponse, NavLink, Outlet, useRouteError } from 'react-router';
import type { Route } from './+types/staff';
import type { StaffPermission } from '../../common/staff/permissions';
import { requireStaff } from './staff.server';

export const meta: Route.MetaFunction = () => [{ title: 'Back office | Suki' }, { name: 'robots', content: 'noindex' }];

export async function loader({ context }: Route.LoaderArgs) {
  return { staff: await requireStaff(context) };
}

const NAV: { to: string; label: string; end: boolean; permission?: StaffPermission | StaffPermission[] }[] = [
  { to: '/staff', label: 'Dashboard', end: true },
  { to: '/staff/orders', label: 'Orders', end: false, permission: 'MANAGE_ORDERS' },
  { to: '/staff/products', label: 'Products', end: false, permission: 'MANAGE_PRODUCTS' },
  { to: '/staff/categories', label: 'Categories', end: false, permission: 'MANAGE_PRODUCTS' },
  { to: '/staff/brands', label: 'Brands', end: false, permission: 'MANAGE_PRODUCTS' },
  { to: '/staff/collections', label: 'Collections', end: false, permission: 'MANAGE_PRODUCTS' },
  { to: '/staff/payouts', label: 'Payouts', end: false, permission: 'MANAGE_PAYOUTS' },
  { to: '/staff/referral-flags', label: 'Referral flags', end: false, permission: 'MANAGE_PAYOUTS' },
  { to: '/staff/content', label: 'Content', end: false, permission: 'MANAGE_CONTENT' },
  { to: '/staff/vouchers', label: 'Vouchers', end: false, permission: 'MANAGE_CONTENT' },
  { to: '/staff/privacy-requests', label: 'Privacy requests', end: false, permission: 'MANAGE_ORDERS' },
  { to: '/staff/settings', label: 'Settings', end: false, permission: ['MANAGE_CONTENT', 'MANAGE_PAYMENTS'] },
  { to: '/staff/team', label: 'Staff', end: false, permission: 'MANAGE_STAFF' },
];

export default function StaffLayout({ loaderData }: Route.ComponentProps) {
  const { staff } = loaderData;
  return (
    <div className="flex min-h-screen flex-col md:flex-row">
      <nav aria-label="Back office" className="bg-gray-900 text-white md:w-56 md:shrink-0">
        <div className="px-4 py-4 text-lg font-bold">Suki back office</div>
        <ul className="flex flex-wrap gap-1 px-2 pb-2 md:flex-col md:flex-nowrap">
          {NAV.filter((item) => !item.permission || [item.permission].flat().some((p) => staff.userPermissions.includes(p))).map((item) => (
            <li key={item.to}>
              <NavLink
                to={item.to}
                end={item.end}
                className={({ isActive }) => `block rounded px-3 py-2 ${isActive ? 'bg-white font-semibold text-gray-900' : 'hover:bg-gray-700'}`}
              >
                {item.label}
              </NavLink>
            </li>
          ))}
          <li>
            <a href="/" className="block rounded px-3 py-2 hover:bg-gray-700">
              Storefront
            </a>
          </li>
        </ul>
        <p className="px-4 pb-4 text-sm text-gray-300">
          Signed in as {staff.firstName || staff.email}
        </p>
      </nav>
      <div className="min-w-0 flex-1 bg-gray-50 p-4 md:p-8">
        <Outlet />
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const forbidden = isRouteErrorResponse(error) && error.status === 403;
  return (
    <section className="p-8">
      <h1 className="text-2xl font-bold">{forbidden ? 'No permission' : 'Something went wrong'}</h1>
      <p className="mt-2">{forbidden ? 'You do not have permission to perform this action.' : 'Please try again later.'}</p>
      <a href="/staff" className="mt-4 inline-block underline">
        Back to the dashboard
      </a>
    </section>
  );
}
