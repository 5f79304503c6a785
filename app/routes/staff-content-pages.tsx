// /staff/content/pages: the content pages staff edit, each with where the storefront shows it.
import { Link } from 'react-router';
import type { Route } from './+types/staff-content-pages';
import { SHOP_TIME_ZONE } from '../../common/manila-date';
import { StaffContentQuery } from '../graphql/staff-content';
import { query } from '../lib/api.server';
import { requireStaff } from './staff.server';

export const meta: Route.MetaFunction = () => [{ title: 'Content pages | Suki back office' }];

const DATE_TIME = new Intl.DateTimeFormat('en-PH', { timeZone: SHOP_TIME_ZONE, dateStyle: 'medium', timeStyle: 'short' });

export async function loader({ context }: Route.LoaderArgs) {
  await requireStaff(context, 'MANAGE_CONTENT');
  return { pages: (await query(context, StaffContentQuery)).staffContent?.pages ?? [] };
}

export default function StaffContentPages({ loaderData }: Route.ComponentProps) {
  return (
    <div className="space-y-4">
      <h2 className="text-xl font-semibold">Pages</h2>
      <table className="w-full border-collapse bg-white text-left">
        <thead>
          <tr className="border-b border-gray-300">
            <th scope="col" className="p-2">Page</th>
            <th scope="col" className="p-2">Shown at</th>
            <th scope="col" className="p-2">Last saved</th>
          </tr>
        </thead>
        <tbody>
          {loaderData.pages.map((p) => (
            <tr key={p.slug} className="border-b border-gray-200">
              <td className="p-2">
                <Link to={`/staff/content/pages/${p.slug}`} className="underline">
                  {p.label}
                </Link>
              </td>
              <td className="p-2">
                <a href={p.path ?? undefined} className="underline">
                  {p.path}
                </a>
              </td>
              <td className="p-2">{p.page ? DATE_TIME.format(new Date(p.page.updatedAt ?? 0)) : 'Built-in text'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
