import { data, Link } from 'react-router';
import type { Route } from './+types/account-dashboard';
import { ACCOUNT_MENU, MenuIcon, type AccountIconName } from '../components/accounts/AccountMenu';
import { profileAction } from '../components/accounts/profile-actions.server';
import { ProfileAvatar, VerificationStatus } from '../components/accounts/ProfilePanels';
import { ProfileQuery, toProfile, type Profile } from '../graphql/accounts-profile';
import { query } from '../lib/api.server';
import { OrdersPageQuery, toOrderSummary } from '../graphql/orders';
import { RecentOrdersPanel, RECENT_ORDERS } from '../components/orders/RecentOrdersPanel';
import { ReferralPanel, REFERRAL_PANEL_ROWS } from '../components/referrals/ReferralPanel';
import { ReferralPanelQuery, toReferralProgramme } from '../graphql/referrals';

export const meta: Route.MetaFunction = () => [{ title: 'My Account | Suki' }];

export async function loader({ context }: Route.LoaderArgs) {
  // The parent route already redirected visitors; me is the signed-in user here.
  const [{ me }, recent, referrals] = await Promise.all([
    query(context, ProfileQuery),
    query(context, OrdersPageQuery, { first: RECENT_ORDERS }),
    query(context, ReferralPanelQuery, { first: REFERRAL_PANEL_ROWS }),
  ]);
  if (!me) throw data(null, { status: 401 });
  return {
    profile: toProfile(me),
    recentOrders: recent.me?.orders?.edges.map((e) => toOrderSummary(e.node)) ?? [],
    referrals: referrals.me
      ? { programme: toReferralProgramme(referrals.me), link: referrals.referralRegistrationLink, discount: referrals.referralDiscount ?? '' }
      : null,
  };
}

/**
 * Every profile form posts here with an intent (profile-actions.server.ts), from whichever
 * account page shows it (/account/profile, /account/addresses, the "Address needed" dialog).
 */
export async function action({ request, context }: Route.ActionArgs) {
  return profileAction(request, context);
}

/** What each account page holds, under its name on the overview's tiles. */
function pageHint(to: string, profile: Profile): string {
  switch (to) {
    case '/account/profile':
      return 'Name, email, password and bank details';
    case '/account/addresses': {
      const ship = profile.defaultShippingAddress;
      return ship ? `Ships to ${[ship.city, ship.countryArea].filter(Boolean).join(', ')}` : 'Add your shipping and billing address';
    }
    case '/account/orders':
      return 'Track, cancel or review your orders';
    case '/account/watchlist':
      return 'Products you are watching';
    case '/account/payment_methods':
      return 'How you pay by default';
    case '/account/cards':
      return 'Your saved debit and credit cards';
    case '/account/referrals':
      return 'Friends who signed up with your key';
    case '/account/payouts':
      return 'Turn your points into cash';
    default:
      return '';
  }
}

/** The overview: who is signed in, a tile for each account page, recent orders and referrals. */
export default function AccountDashboard({ loaderData }: Route.ComponentProps) {
  const { profile, recentOrders, referrals } = loaderData;
  const fullName = [profile.firstName, profile.lastName].filter(Boolean).join(' ');
  const pages = ACCOUNT_MENU.filter((item) => item.to !== '/account');
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold md:text-3xl">My Account</h1>
      <section aria-label="Signed in as" className="flex items-center gap-4 rounded-lg border border-gray-200 p-4">
        <ProfileAvatar profile={profile} small />
        <div className="min-w-0 flex-1">
          <p className="truncate text-lg font-semibold">{fullName || profile.email}</p>
          <p className="truncate text-sm text-gray-700">{profile.email}</p>
          <VerificationStatus verified={profile.isVerified} className="mt-0.5 text-sm" />
        </div>
      </section>
      <nav aria-label="Account pages">
        <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          {pages.map((item) => (
            <li key={item.to}>
              <AccountTile to={item.to} icon={item.icon} label={item.label} hint={pageHint(item.to, profile)} />
            </li>
          ))}
        </ul>
      </nav>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <RecentOrdersPanel orders={recentOrders} />
        {referrals ? <ReferralPanel programme={referrals.programme} link={referrals.link} discount={referrals.discount} /> : null}
      </div>
    </div>
  );
}

function AccountTile({ to, icon, label, hint }: { to: string; icon: AccountIconName; label: string; hint: string }) {
  return (
    <Link
      to={to}
      className="flex h-full min-h-11 items-start gap-3 rounded-lg border border-gray-200 p-3 hover:border-secondary hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-secondary-dark"
    >
      <span className="mt-0.5 rounded-md bg-secondary-light p-1.5 text-secondary-dark">
        <MenuIcon name={icon} />
      </span>
      <span className="min-w-0">
        <span className="block font-semibold text-gray-900">{label}</span>
        <span className="block text-xs leading-snug text-gray-700">{hint}</span>
      </span>
    </Link>
  );
}
