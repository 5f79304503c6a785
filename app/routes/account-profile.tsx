import { data } from 'react-router';
import type { Route } from './+types/account-profile';
import { profileAction } from '../components/accounts/profile-actions.server';
import { ProfileSection } from '../components/accounts/ProfilePanels';
import { DELETE_ACCOUNT_INTENT, PrivacyPanel } from '../components/accounts/PrivacyPanel';
import { deleteAccountAction } from '../components/accounts/privacy-actions.server';
import { CommissionerPanel } from '../components/referrals/CommissionerPanel';
import { ProfileQuery, toProfile } from '../graphql/accounts-profile';
import { PushSettingsQuery } from '../graphql/push';
import { CommissionerQuery, toCommissioner } from '../graphql/referrals';
import { query } from '../lib/api.server';

export const meta: Route.MetaFunction = () => [{ title: 'Profile | Suki' }];

export async function loader({ context }: Route.LoaderArgs) {
  const [{ me }, pushSettings, referrals] = await Promise.all([
    query(context, ProfileQuery),
    query(context, PushSettingsQuery),
    query(context, CommissionerQuery),
  ]);
  if (!me) throw data(null, { status: 401 });
  const push = pushSettings.webPushPublicKey
    ? { publicKey: pushSettings.webPushPublicKey, endpoints: pushSettings.me?.webPushEndpoints ?? [] }
    : null;
  return {
    profile: toProfile(me),
    push,
    commissioner: referrals.me ? { parent: toCommissioner(referrals.me) } : null,
  };
}

/** The profile's forms post to the overview's action (PROFILE_ACTION); a form posted here without JavaScript lands the same. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.clone().formData();
  if (form.get('intent') === DELETE_ACCOUNT_INTENT) return deleteAccountAction(form, context);
  return profileAction(request, context);
}

/** /account/profile: the user card with its edit dialogs, this device's notifications, the commissioner and the privacy rights. */
export default function AccountProfile({ loaderData }: Route.ComponentProps) {
  const { profile, push, commissioner } = loaderData;
  return (
    <div className="space-y-6">
      <ProfileSection profile={profile} push={push} Heading="h1" />
      {commissioner ? <CommissionerPanel parent={commissioner.parent} /> : null}
      <PrivacyPanel />
    </div>
  );
}
