// Resource route for the Sign Up, Login, Forgot Password and Facebook dialogs: one action that
// switches on the form's intent, validates with the dialog's zod schema, calls the API and,
// on sign-in, sets the HttpOnly session cookie (30 days).
import { data, redirect } from 'react-router';
import type { Route } from './+types/auth';
import type { ApiFieldError } from '../../common/errors';
import { ACCOUNT_MESSAGES } from '../../common/validation/account';
import { forgotPasswordSchema, loginSchema, signUpFormSchema } from '../../common/validation/account-schemas';
import { fieldMessages, validate } from '../../common/validation/issues';
import { COMMISSIONER_RESPONSE_PARAM } from '../components/accounts/AccountNotices';
import {
  AccountRegisterMutation,
  ForgotPasswordMutation,
  ReferralLinkRegistrationMutation,
  SocialAuthMutation,
  TokenCreateMutation,
} from '../graphql/accounts-auth';
import { query } from '../lib/api.server';
import { deviceCookie, sessionCookie } from '../lib/session.server';

export type AuthIntent = 'signup' | 'login' | 'forgot' | 'facebook';

export type AuthActionData = {
  intent: AuthIntent;
  ok: boolean;
  /** The text the dialog shows: the first validation or server message, or a success text. */
  message?: string;
  /** Set after a successful sign-in: the page reloads here with the new session. */
  reloadTo?: string;
  /** Each invalid field's own message, to mark the fields. */
  fields?: Record<string, string>;
};

const SOMETHING_WENT_WRONG = 'Something went wrong!';

export function loader() {
  return redirect('/');
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = Object.fromEntries(await request.formData());
  const intent = String(form.intent ?? '') as AuthIntent;
  const reloadTo = safeLocalPath(String(form.reloadTo ?? '/'));
  const fail = (message: string, errors?: ApiFieldError[] | null) =>
    data<AuthActionData>({ intent, ok: false, message, fields: fieldMessages(errors) });
  const signedIn = (token: string, to: string = reloadTo, deviceToken?: string | null) => {
    const headers = new Headers({ 'Set-Cookie': sessionCookie(token, context.secureCookies) });
    if (deviceToken) headers.append('Set-Cookie', deviceCookie(deviceToken, context.secureCookies));
    return data<AuthActionData>({ intent, ok: true, reloadTo: to }, { headers });
  };

  switch (intent) {
    case 'login': {
      const input = validate(loginSchema, form);
      if (!input.ok) return fail(firstMessage(input.errors), input.errors);
      const result = (await query(context, TokenCreateMutation, input.data)).tokenCreate;
      if (!result?.token) return fail(firstMessage(result?.errors), result?.errors);
      return signedIn(result.token, reloadTo, result.deviceToken);
    }

    case 'signup': {
      const input = validate(signUpFormSchema, form);
      if (!input.ok) return fail(firstMessage(input.errors), input.errors);
      const { firstName, lastName, email, password, referralCode } = input.data;
      // The verification link brings the shopper back to the page the sign-up began on.
      const account = { firstName, lastName, email, password, redirect: reloadTo };
      let commissionerResponse: string | null = null;
      if (referralCode) {
        // A Commissioner Key or signup token links the new account to its commissioner.
        const result = (
          await query(context, ReferralLinkRegistrationMutation, { input: { ...account, referralCode } })
        ).referralLinkRegistration;
        if (!result?.user) return fail(firstMessage(result?.errors), result?.errors);
        const referralError = (result.errors ?? []).find((e) => e.field === 'referralCode');
        if (referralError?.message) commissionerResponse = trimPeriod(referralError.message);
      } else {
        const result = (await query(context, AccountRegisterMutation, { input: account })).accountRegister;
        if (!result?.user) return fail(firstMessage(result?.errors), result?.errors);
      }
      // The new account signs in at once; the 'Verify your email' dialog takes it from there.
      const login = (await query(context, TokenCreateMutation, { email, password })).tokenCreate;
      if (!login?.token) return fail(firstMessage(login?.errors));
      return signedIn(login.token, withParam(reloadTo, COMMISSIONER_RESPONSE_PARAM, commissionerResponse), login.deviceToken);
    }

    case 'forgot': {
      const input = validate(forgotPasswordSchema, form);
      if (!input.ok) return fail(firstMessage(input.errors), input.errors);
      const result = (await query(context, ForgotPasswordMutation, input.data)).forgotPassword;
      if (!result) return fail(SOMETHING_WENT_WRONG);
      if (result.errors?.length) return fail(firstMessage(result.errors));
      return data<AuthActionData>({ intent, ok: true, message: 'Please check your email to continue.' });
    }

    case 'facebook': {
      const accessToken = String(form.accessToken ?? '');
      if (!accessToken) return fail('Unable to login with Facebook');
      const referralCode = String(form.referralCode ?? '').trim() || null;
      const result = (
        await query(context, SocialAuthMutation, { provider: 'facebook', accessToken, referralCode })
      ).socialAuth;
      if (!result?.token) {
        const message = result?.errors?.[0]?.message;
        return fail(message ? `Error: ${message}` : 'Unable to login with Facebook');
      }
      // A key that was given but not applied could not be linked (invalid, or an existing account).
      const linkFailed = referralCode && !result.referralCode;
      const linkText = result.response && /referral/i.test(result.response) ? result.response : ACCOUNT_MESSAGES.referralCodeInvalid;
      return signedIn(
        result.token,
        linkFailed ? withParam(reloadTo, COMMISSIONER_RESPONSE_PARAM, trimPeriod(linkText)) : reloadTo,
      );
    }

    default:
      return fail(SOMETHING_WENT_WRONG);
  }
}

function firstMessage(errors: readonly ApiFieldError[] | null | undefined): string {
  return errors?.[0]?.message ?? SOMETHING_WENT_WRONG;
}

/** The dialog adds its own period after the response text (docs/product/messages.md#sign-up-login-reset). */
function trimPeriod(text: string): string {
  return text.replace(/\.+$/, '');
}

/** Only paths on this site: never let a form send the visitor elsewhere after login. */
function safeLocalPath(path: string): string {
  return path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\') ? path : '/';
}

function withParam(path: string, name: string, value: string | null): string {
  if (!value) return path;
  const url = new URL(path, 'http://local');
  url.searchParams.set(name, value);
  return `${url.pathname}${url.search}`;
}
