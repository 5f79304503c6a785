import { data } from 'react-router';
import type { Route } from './+types/account-dashboard';
import type { ApiFieldError } from '../../common/errors';
import { ADDRESS_MESSAGES, addressSchema } from '../../common/validation/address';
import {
  ACCOUNT_MESSAGES,
  ACCOUNT_SUCCESS,
  emailChangeFormSchema,
  referralCodeSchema,
  passwordChangeFormSchema,
  PROFILE_PICTURE_MESSAGES,
  profilePictureSchema,
  profileSchema,
} from '../../common/validation/account';
import { BANK_MESSAGES, bankDetailsSchema } from '../../common/validation/bank';
import { pushToggleSchema } from '../../common/validation/push';
import { fieldMessages, validate } from '../../common/validation/issues';
import { AddressAccordion } from '../components/accounts/AddressAccordion';
import { ProfileSection } from '../components/accounts/ProfilePanels';
import type { IntentResult } from '../components/accounts/useIntentForm';
import {
  AccountAddressCreateMutation,
  AccountAddressUpdateMutation,
  AccountEmailUpdateMutation,
  AccountUpdateMutation,
  BankDetailsRegisterMutation,
  PasswordChangeMutation,
  ProfilePictureUploadMutation,
  ProfileQuery,
  ProvincesQuery,
  toPlaces,
  toProfile,
} from '../graphql/accounts-profile';
import { AuthorizeDeviceMutation, PushSettingsQuery, UnauthorizeDeviceMutation } from '../graphql/push';
import { query } from '../lib/api.server';
import { OrdersPageQuery, toOrderSummary } from '../graphql/orders';
import { RecentOrdersPanel, RECENT_ORDERS } from '../components/orders/RecentOrdersPanel';
import { sessionCookie } from '../lib/session.server';
import { CommissionerPanel } from '../components/referrals/CommissionerPanel';
import { ReferralPanel, REFERRAL_PANEL_ROWS } from '../components/referrals/ReferralPanel';
import { ReferralPanelQuery, toReferralProgramme, UseReferralCodeMutation } from '../graphql/referrals';

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

/** Every profile form posts here with an intent, validated by the form's own zod schema. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = Object.fromEntries(await request.formData());
  const intent = String(form.intent ?? '');
  const reply = (replyIntent: string, ok: boolean, message: string) =>
    data<IntentResult>({ intent: replyIntent, ok, message });
  // A refusal (the form's rules or the API's): the first message, and each invalid field marked.
  const refuse = (replyIntent: string, errors: readonly ApiFieldError[] | null | undefined, fallback: string) =>
    data<IntentResult>({ intent: replyIntent, ok: false, message: errors?.[0]?.message || fallback, fields: fieldMessages(errors) });
  const first = (errors: readonly ApiFieldError[] | null | undefined, fallback: string) => errors?.[0]?.message ?? fallback;

  switch (intent) {
    case 'profile': {
      const input = validate(profileSchema, form);
      if (!input.ok) return refuse(intent, input.errors, ACCOUNT_MESSAGES.profileIncomplete);
      const result = (await query(context, AccountUpdateMutation, { input: input.data })).accountUpdate;
      if (!result || result.errors?.length) return refuse(intent, result?.errors, 'Something went wrong.');
      return reply(intent, true, ACCOUNT_SUCCESS.profileSaved);
    }

    case 'password': {
      const input = validate(passwordChangeFormSchema, form);
      if (!input.ok) return refuse(intent, input.errors, 'Something went wrong.');
      const { oldPassword, newPassword } = input.data;
      const result = (await query(context, PasswordChangeMutation, { oldPassword, newPassword })).passwordChange;
      if (!result || result.errors?.length) return refuse(intent, result?.errors, 'Something went wrong.');
      // A password change ends every other session; this one continues with the fresh token.
      const headers = result.token ? { 'Set-Cookie': sessionCookie(result.token, context.secureCookies) } : undefined;
      return data<IntentResult>({ intent, ok: true, message: ACCOUNT_SUCCESS.passwordChanged }, { headers });
    }

    case 'email': {
      // accountEmailUpdate: the new address is unverified until the emailed code is entered.
      const input = validate(emailChangeFormSchema, form);
      if (!input.ok) return refuse(intent, input.errors, 'Something went wrong.');
      const result = (await query(context, AccountEmailUpdateMutation, { email: input.data.email, password: input.data.password || null }))
        .accountEmailUpdate;
      if (!result || result.errors?.length) return refuse(intent, result?.errors, 'Something went wrong.');
      const headers = result.token ? { 'Set-Cookie': sessionCookie(result.token, context.secureCookies) } : undefined;
      return data<IntentResult>({ intent, ok: true, message: ACCOUNT_SUCCESS.emailChanged }, { headers });
    }

    case 'bank': {
      const input = validate(bankDetailsSchema, form);
      if (!input.ok) return refuse(intent, input.errors, BANK_MESSAGES.failed);
      const result = (await query(context, BankDetailsRegisterMutation, input.data)).bankDetailsRegister;
      if (!result || result.errors?.length) return refuse(intent, result?.errors, BANK_MESSAGES.failed);
      return reply(intent, true, ACCOUNT_SUCCESS.bankSaved);
    }

    case 'picture': {
      const input = validate(profilePictureSchema, form);
      if (!input.ok) return reply(intent, false, input.errors[0]!.message);
      try {
        const result = (await query(context, ProfilePictureUploadMutation, input.data)).userProfilePictureUpload;
        if (!result || result.errors?.length) {
          return reply(intent, false, first(result?.errors, PROFILE_PICTURE_MESSAGES.failed));
        }
      } catch {
        return reply(intent, false, 'Server error. Try again later');
      }
      return reply(intent, true, PROFILE_PICTURE_MESSAGES.saved);
    }

    case 'address': {
      const type = form.type === 'BILLING' ? 'BILLING' : 'SHIPPING';
      const replyIntent = `address-${type}`;
      const input = validate(addressSchema, form);
      if (!input.ok) return refuse(replyIntent, input.errors, ADDRESS_MESSAGES.important);
      const id = String(form.id ?? '');
      const result = id
        ? (await query(context, AccountAddressUpdateMutation, { id, input: input.data })).accountAddressUpdate
        : (await query(context, AccountAddressCreateMutation, { input: input.data, type })).accountAddressCreate;
      if (!result || result.errors?.length) return refuse(replyIntent, result?.errors, ADDRESS_MESSAGES.important);
      return reply(replyIntent, true, type === 'SHIPPING' ? ACCOUNT_SUCCESS.shippingSaved : ACCOUNT_SUCCESS.billingSaved);
    }

    case 'commissioner': {
      const input = validate(referralCodeSchema, form);
      if (!input.ok) return reply(intent, false, input.errors[0]!.message);
      const result = (await query(context, UseReferralCodeMutation, input.data)).useReferralCode;
      if (!result || result.errors?.length || !result.user?.parent) {
        return reply(intent, false, first(result?.errors, ACCOUNT_MESSAGES.referralCodeInvalid));
      }
      return reply(intent, true, result.response ?? '');
    }

    case 'push': {
      // The browser already subscribed; the server checks and stores (or forgets) the subscription.
      const input = validate(pushToggleSchema, form);
      if (!input.ok) return reply(intent, false, input.errors[0]!.message);
      const { registrationId } = input.data;
      const result =
        input.data.enabled === 'on'
          ? (await query(context, AuthorizeDeviceMutation, { registrationId })).authorizeDevice
          : (await query(context, UnauthorizeDeviceMutation, { registrationId })).unauthorizeDevice;
      if (!result || result.errors?.length) return reply(intent, false, first(result?.errors, 'Something went wrong.'));
      return reply(intent, true, '');
    }

    default:
      return reply(intent, false, 'Something went wrong.');
  }
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
      <AddressAccordion
        shipping={profile.defaultShippingAddress}
        billing={profile.defaultBillingAddress}
        provinces={provinces}
      />
    </div>
  );
}
