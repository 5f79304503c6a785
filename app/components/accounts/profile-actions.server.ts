// The /account action behind every profile form (profile, password, email, bank, picture,
// address, commissioner, push): it switches on the intent, checks the form with the same zod
// schema the browser loaded on submit, calls the API and answers an IntentResult. Server-only,
// so the page's first load carries no zod.
import { data, type AppLoadContext } from 'react-router';
import type { ApiFieldError } from '../../../common/errors';
import { ACCOUNT_MESSAGES, ACCOUNT_SUCCESS, PROFILE_PICTURE_MESSAGES } from '../../../common/validation/account';
import {
  emailChangeFormSchema,
  passwordChangeFormSchema,
  profilePictureSchema,
  profileSchema,
  referralCodeSchema,
} from '../../../common/validation/account-schemas';
import { ADDRESS_MESSAGES } from '../../../common/validation/address';
import { addressSchema } from '../../../common/validation/address-schema';
import { BANK_MESSAGES } from '../../../common/validation/bank';
import { bankDetailsSchema } from '../../../common/validation/bank-schema';
import { fieldMessages, validate } from '../../../common/validation/issues';
import { pushToggleSchema } from '../../../common/validation/push-schema';
import {
  AccountAddressCreateMutation,
  AccountAddressUpdateMutation,
  AccountEmailUpdateMutation,
  AccountUpdateMutation,
  BankDetailsRegisterMutation,
  PasswordChangeMutation,
  ProfilePictureUploadMutation,
} from '../../graphql/accounts-profile';
import { AuthorizeDeviceMutation, UnauthorizeDeviceMutation } from '../../graphql/push';
import { UseReferralCodeMutation } from '../../graphql/referrals';
import { query } from '../../lib/api.server';
import { sessionCookie } from '../../lib/session.server';
import type { IntentResult } from './useIntentForm';

/** Every profile form posts here with an intent, validated by the form's own zod schema. */
export async function profileAction(request: Request, context: AppLoadContext) {
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
