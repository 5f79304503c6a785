// /staff/content: the storefront's content (MANAGE_CONTENT), one tab per kind: banners,
// announcement modals, testimonials and the content pages.
import { NavLink, Outlet } from 'react-router';
import type { Route } from './+types/staff-content';
import { requireStaff } from './staff.server';

export const meta: Route.MetaFunction = () => [{ title: 'Content | Suki back office' }];

export async function loader({ context }: Route.LoaderArgs) {
  await requireStaff(context, 'MANAGE_CONTENT');
  return null;
}

const TABS = [
  { to: '/staff/content', label: 'Banners', end: true },
  { to: '/staff/content/announcements', label: 'Announcements', end: false },
  { to: '/staff/content/testimonials', label: 'Testimonials', end: false },
  { to: '/staff/content/pages', label: 'Pages', end: false },
];

export default function StaffContent() {
  return (
    <section aria-labelledby="content-title" className="space-y-6">
      <h1 id="content-title" className="text-2xl font-bold">
        Content
      </h1>
      <nav aria-label="Content">
        <ul className="flex flex-wrap gap-2 border-b border-gray-300">
          {TABS.map((tab) => (
            <li key={tab.to}>
              <NavLink
                to={tab.to}
                end={tab.end}
                className={({ isActive }) => `-mb-px block border-b-2 px-3 py-2 ${isActive ? 'border-gray-900 font-semibold' : 'border-transparent hover:border-gray-400'}`}
              >
                {tab.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <Outlet />
    </section>
  );
}
