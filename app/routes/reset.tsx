import { useState, type FormEvent } from 'react';
import { data, redirect, useFetcher, useSearchParams } from 'react-router';
import type { Route } from './+types/reset';
import { ACCOUNT_SUCCESS } from '../../common/validation/account';
import { resetPasswordFormSchema } from '../../common/validation/account-schemas';
// The browser checks the form with the same rules, loaded on submit: zod (23 KB gzipped) is not
// part of the page's first load (bench/js-budget.ts).
const loadRules = () => import('../../common/validation/account-schemas');
import { validate } from '../../common/validation/issues';
import { useAuthDialogs } from '../components/accounts/AuthDialogs';
import { FormMessage, TextField } from '../components/accounts/FormControls';
import { ResetPasswordMutation } from '../graphql/accounts-auth';
import { getViewer, query } from '../lib/api.server';

export const meta: Route.MetaFunction = () => [{ title: 'Reset Password | Suki' }];

// docs/product/content.md#routes: /reset redirects to / when logged in.
export async function loader({ context }: Route.LoaderArgs) {
  if (await getViewer(context)) throw redirect('/');
  return null;
}

type ResetResult = { ok: boolean; message: string };

export async function action({ request, context }: Route.ActionArgs) {
  const form = Object.fromEntries(await request.formData());
  const token = String(form.token ?? '');
  const uid = String(form.uid ?? '');
  const reply = (ok: boolean, message: string) => data<ResetResult>({ ok, message });
  if (!token || !uid) return reply(false, 'Invalid request');
  const input = validate(resetPasswordFormSchema, form);
  if (!input.ok) return reply(false, input.errors[0]!.message);
  let result;
  try {
    result = (await query(context, ResetPasswordMutation, { token, uid, ...input.data })).resetPassword;
  } catch {
    // The rulebook's text for a reset request that failed outright.
    return reply(false, 'Invalid request');
  }
  if (!result) return reply(false, 'Something went wrong.');
  if (result.errors?.length) return reply(false, result.errors[0]!.message ?? 'Something went wrong.');
  if (!result.isSuccessful) return reply(false, 'Unable to reset password.');
  return reply(true, ACCOUNT_SUCCESS.resetPassword);
}

export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const fetcher = useFetcher<typeof action>();
  const { openAuth } = useAuthDialogs();
  const [clientError, setClientError] = useState<string | null>(null);
  const busy = fetcher.state !== 'idle';
  const result = busy ? null : fetcher.data;
  const message = clientError ? { text: clientError, ok: false } : result ? { text: result.message, ok: result.ok } : null;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const values = new FormData(form);
    const check = validate((await loadRules()).resetPasswordFormSchema, Object.fromEntries(values));
    if (!check.ok) return setClientError(check.errors[0]!.message);
    setClientError(null);
    await fetcher.submit(form, { method: 'post' });
  };

  return (
    <section className="container-page py-12">
      <div className="mx-auto max-w-md rounded-lg border border-gray-200 p-6 shadow-sm">
        <h1 className="text-2xl font-bold">Reset Password</h1>
        <fetcher.Form method="post" noValidate onSubmit={(event) => void onSubmit(event)} className="mt-4 space-y-3">
          <input type="hidden" name="token" value={params.get('token') ?? ''} />
          <input type="hidden" name="uid" value={params.get('uid') ?? ''} />
          <TextField label="New Password" name="password" type="password" autoComplete="new-password" />
          <TextField label="Confirm Password" name="confirmPassword" type="password" autoComplete="new-password" />
          <FormMessage message={message} />
          {result?.ok ? (
            <button type="button" className="btn-primary w-full" onClick={() => openAuth('login')}>
              Login
            </button>
          ) : (
            <button type="submit" className="btn-primary w-full" disabled={busy}>
              Reset Password
            </button>
          )}
        </fetcher.Form>
      </div>
    </section>
  );
}
