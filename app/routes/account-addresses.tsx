import { lazy, Suspense } from 'react';
import { data } from 'react-router';
import type { Route } from './+types/account-addresses';
import { profileAction } from '../components/accounts/profile-actions.server';
import { ProfileQuery, ProvincesQuery, toPlaces, toProfile } from '../graphql/accounts-profile';
import { query } from '../lib/api.server';

// The address forms (and Radix Accordion with them) load after the page's code (at most
// 150 KB of JavaScript on a first load); until they arrive the page shows its heading.
const AddressAccordion = lazy(() => import('../components/accounts/AddressAccordion').then((m) => ({ default: m.AddressAccordion })));

export const meta: Route.MetaFunction = () => [{ title: 'Addresses | Suki' }];

export async function loader({ context }: Route.LoaderArgs) {
  const [{ me }, { provinces }] = await Promise.all([query(context, ProfileQuery), query(context, ProvincesQuery)]);
  if (!me) throw data(null, { status: 401 });
  const profile = toProfile(me);
  return { shipping: profile.defaultShippingAddress, billing: profile.defaultBillingAddress, provinces: toPlaces(provinces) };
}

/** The address forms post to the overview's action (PROFILE_ACTION); a form posted here without JavaScript lands the same. */
export async function action({ request, context }: Route.ActionArgs) {
  return profileAction(request, context);
}

/** /account/addresses: the shipping and billing addresses the shop delivers and bills to. */
export default function AccountAddresses({ loaderData }: Route.ComponentProps) {
  const { shipping, billing, provinces } = loaderData;
  return (
    <Suspense
      fallback={
        <section aria-labelledby="addresses-heading" className="rounded-lg border border-gray-200 p-5">
          <h1 id="addresses-heading" className="text-xl font-bold">
            Addresses
          </h1>
          <p className="mt-3 text-sm text-gray-700">Loading…</p>
        </section>
      }
    >
      <AddressAccordion shipping={shipping} billing={billing} provinces={provinces} Heading="h1" />
    </Suspense>
  );
}
