import { useEffect, useRef } from 'react';
import { data, Link, useFetcher, useNavigate, useSearchParams } from 'react-router';
import type { Route } from './+types/verify';
import { ACCOUNT_SUCCESS } from '../../common/validation/account';
import { verifyEmailSchema } from '../../common/validation/account-schemas';
import { validate } from '../../common/validation/issues';
import { localReturnPath } from '../../common/validation/return-path';
import { FormMessage, TextField } from '../components/accounts/FormControls';
import { ResendEmailVerificationMutation, VerifyEmailMutation } from '../graphql/accounts-auth';
import { getViewer, query } from '../lib/api.server';

export const meta: Route.MetaFunction = () => [{ title: 'Verify Email | Suki' }];

/** docs/product/limits.md#display-timings: the redirect after a successful verification waits 1 s. */
const REDIRECT_DELAY_MS = 1000;

export async function loader({ context }: Route.LoaderArgs) {
  const viewer = await getViewer(context);
  return { signedIn: Boolean(viewer), isVerified: viewer?.isVerified ?? false, email: viewer?.email ?? null };
}

type VerifyResult = { intent: 'verify' | 'resend'; ok: boolean; message: string };

export async function action({ request, context }: Route.ActionArgs) {
  const form = Object.fromEntries(await request.formData());
  if (form.intent === 'resend') {
    const reply = (ok: boolean, message: string) => data<VerifyResult>({ intent: 'resend', ok, message });
    try {
      // The new link returns where this one would have (the page the sign-up began on).
      const redirect = localReturnPath(`/${String(form.redirect ?? '').replace(/^\/+/, '')}`);
      const result = (await query(context, ResendEmailVerificationMutation, { redirect })).resendEmailVerification;
      if (!result || result.errors?.length) return reply(false, 'Unable to send confirmation key.');
      return reply(true, 'A new verification code was sent to your email.');
    } catch {
      return reply(false, 'Unable to send confirmation key.');
    }
  }
  const reply = (ok: boolean, message: string) => data<VerifyResult>({ intent: 'verify', ok, message });
  const input = validate(verifyEmailSchema, form);
  if (!input.ok) return reply(false, input.errors[0]!.message);
  const token = String(form.token ?? '') || null;
  const uid = String(form.uid ?? '') || null;
  try {
    const result = (await query(context, VerifyEmailMutation, { ...input.data, token, uid })).verifyEmail;
    if (!result || result.errors?.length) return reply(false, 'Unable to verify your email.');
    return reply(true, ACCOUNT_SUCCESS.verified);
  } catch {
    return reply(false, 'Unable to verify your email.');
  }
}

/** /{redirect} from the query, kept on this site; /account when absent. */
export function verifiedDestination(redirectParam: string | null): string {
  const path = (redirectParam ?? '').trim().replace(/^\/+/, '');
  if (!path || /^[a-z][a-z\d+.-]*:/i.test(path) || path.includes('\\')) return '/account';
  return localReturnPath(`/${path}`) ?? '/account';
}

export default function VerifyPage({ loaderData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const verify = useFetcher<typeof action>({ key: 'verify-email' });
  const resend = useFetcher<typeof action>({ key: 'resend-verification' });
  const confirmationKey = params.get('confirmation_key') ?? '';
  const token = params.get('token') ?? '';
  const uid = params.get('uid') ?? '';
  const destination = verifiedDestination(params.get('redirect'));
  const verifyResult = verify.state === 'idle' ? verify.data : null;
  const resendResult = resend.state === 'idle' ? resend.data : null;
  // docs/product/accounts.md#email-verification: resend is disabled when a uid exists and the user is not logged in.
  const resendDisabled = (Boolean(uid) && !loaderData.signedIn) || resend.state !== 'idle';

  // A link from the email carries the key: verify once, without a click.
  const autoSubmitted = useRef(false);
  useEffect(() => {
    if (!confirmationKey || autoSubmitted.current) return;
    autoSubmitted.current = true;
    void verify.submit({ intent: 'verify', confirmationKey, token, uid }, { method: 'post' });
  }, [confirmationKey, token, uid, verify]);

  useEffect(() => {
    if (!verifyResult?.ok) return;
    const timer = window.setTimeout(() => navigate(destination), REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [verifyResult, destination, navigate]);

  return (
    <section className="container-page py-12">
      <div className="mx-auto max-w-md rounded-lg border border-gray-200 p-6 shadow-sm">
        <h1 className="text-2xl font-bold">Verify Email</h1>
        {loaderData.isVerified && !verifyResult ? (
          <p className="mt-3 text-gray-700">
            Your email address is verified.{' '}
            <Link to="/account" className="font-semibold text-secondary-dark underline">
              Go to your account
            </Link>
          </p>
        ) : (
          <p className="mt-3 text-gray-700">
            Enter the verification code we sent to {loaderData.email ?? 'your email'}, or open the link in that email.
          </p>
        )}
        <verify.Form method="post" className="mt-4 space-y-3">
          <input type="hidden" name="intent" value="verify" />
          <input type="hidden" name="token" value={token} />
          <input type="hidden" name="uid" value={uid} />
          <TextField
            label="Verification Code"
            name="confirmationKey"
            defaultValue={confirmationKey}
            autoComplete="one-time-code"
          />
          <FormMessage message={verifyResult ? { text: verifyResult.message, ok: verifyResult.ok } : null} />
          <button type="submit" className="btn-primary w-full" disabled={verify.state !== 'idle' || verifyResult?.ok}>
            Verify Email Address
          </button>
        </verify.Form>
        <resend.Form method="post" className="mt-4">
          <input type="hidden" name="intent" value="resend" />
          <input type="hidden" name="redirect" value={params.get('redirect') ?? ''} />
          <button type="submit" className="btn-outline w-full" disabled={resendDisabled}>
            Resend verification code
          </button>
          <FormMessage message={resendResult ? { text: resendResult.message, ok: resendResult.ok } : null} />
        </resend.Form>
      </div>
    </section>
  );
}
