import { lazy, Suspense } from 'react';
import { data } from 'react-router';
import type { Route } from './+types/account-dashboard';
import { profileAction } from '../components/accounts/profile-actions.server';
import { ProfileSection } from '../components/accounts/ProfilePanels';
import { ProfileQuery, ProvincesQuery, toPlaces, toProfile } from '../graphql/accounts-profile';
import { PushSettingsQuery } from '../graphql/push';
import { query } from '../lib/api.server';
import { OrdersPageQuery, toOrderSummary } from '../graphql/orders';
import { RecentOrdersPanel, RECENT_ORDERS } from '../components/orders/RecentOrdersPanel';
import { CommissionerPanel } from '../components/referrals/CommissionerPanel';
import { ReferralPanel, REFERRAL_PANEL_ROWS } from '../components/referrals/ReferralPanel';
import { ReferralPanelQuery, toReferralProgramme } from '../graphql/referrals';

// The address forms (and Radix Accordion with them) load after the page's code (at most
// 150 KB of JavaScript on a first load); until they arrive the server-rendered accordion stays.
const AddressAccordion = lazy(() => import('../components/accounts/AddressAccordion').then((m) => ({ default: m.AddressAccordion })));

export const meta: Route.MetaFunction = () => [{ title: 'My Account | Suki' }];

export async function loader({ context }: Route.LoaderArgs) {
  // The parent route already redirected visitors; me is the signed-in user here.
  const [{ me }, { provinces }, recent, pushSettings, referrals] = await Promise.all([
    query(context, ProfileQuery),
    query(context, ProvincesQuery),
    query(context, OrdersPageQuery, { first: RECENT_ORDERS }),
    query(context, PushSettingsQuery),
    query(context, ReferralPanelQuery, { first: REFERRAL_PANEL_ROWS }),
  ]);
  if (!me) throw data(null, { status: 401 });
  const push = pushSettings.webPushPublicKey
    ? { publicKey: pushSettings.webPushPublicKey, endpoints: pushSettings.me?.webPushEndpoints ?? [] }
    : null;
  return {
    profile: toProfile(me),
    provinces: toPlaces(provinces),
    recentOrders: recent.me?.orders?.edges.map((e) => toOrderSummary(e.node)) ?? [],
    push,
    referrals: referrals.me
      ? { programme: toReferralProgramme(referrals.me), link: referrals.referralRegistrationLink, discount: referrals.referralDiscount ?? '' }
      : null,
  };
}

/** Every profile form posts here with an intent (profile-actions.server.ts). */
export async function action({ request, context }: Route.ActionArgs) {
  return profileAction(request, context);
}

export default function AccountDashboard({ loaderData }: Route.ComponentProps) {
  const { profile, provinces, recentOrders, push, referrals } = loaderData;
  return (
    <div className="space-y-6">
      <h1 className="text-3xl font-bold">My Account</h1>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <RecentOrdersPanel orders={recentOrders} />
        {referrals ? <ReferralPanel programme={referrals.programme} link={referrals.link} discount={referrals.discount} /> : null}
      </div>
      <ProfileSection profile={profile} push={push} />
      {referrals ? <CommissionerPanel parent={referrals.programme.parent} /> : null}
      <Suspense fallback={null}>
        <AddressAccordion
          shipping={profile.defaultShippingAddress}
          billing={profile.defaultBillingAddress}
          provinces={provinces}
        />
      </Suspense>
    </div>
  );
}
