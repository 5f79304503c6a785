import type { Route } from './+types/account-panel';
import { notFound } from '../lib/api.server';

export const meta: Route.MetaFunction = ({ data }) => [{ title: `${data?.title ?? 'My Account'} | Suki` }];

/**
 * The panels of spec 1's route table not built yet, with the menu's names (orders, order
 * details and the watchlist have routes of their own).
 */
const PANELS: Record<string, string> = {
  referrals: 'Patrons',
  payouts: 'Payouts',
  payment_methods: 'Payment Methods',
  cards: 'Manage Cards',
};

export function loader({ params }: Route.LoaderArgs) {
  const title = PANELS[params.type];
  if (!title) notFound();
  return { title };
}

// These panels belong to other parts of the shop that are not built yet: say so, show no data.
export default function AccountPanel({ loaderData }: Route.ComponentProps) {
  return (
    <section>
      <h1 className="text-2xl font-bold">{loaderData.title}</h1>
      <p role="status" className="mt-4 rounded-md border border-dashed border-gray-300 bg-gray-50 p-6 text-gray-700">
        This page is not available yet. We are still building it.
      </p>
    </section>
  );
}
