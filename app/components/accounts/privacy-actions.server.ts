// The profile page's "Delete my account" post (docs/decisions/054-privacy-rights.md): the API
// checks the password and the open orders; on success the session cookie goes too and the
// browser lands on the home page, signed out.
import { data, redirect, type AppLoadContext } from 'react-router';
import { AccountDeleteMutation } from '../../graphql/privacy';
import { query } from '../../lib/api.server';
import { expiredSessionCookie } from '../../lib/session.server';
import { DELETE_ACCOUNT_INTENT } from './PrivacyPanel';

export async function deleteAccountAction(form: FormData, context: AppLoadContext) {
  const password = String(form.get('password') ?? '');
  const { accountDelete } = await query(context, AccountDeleteMutation, { password });
  const error = accountDelete?.errors?.[0];
  if (!accountDelete?.deleted || error) {
    return data({ intent: DELETE_ACCOUNT_INTENT, ok: false, message: error?.message ?? 'Something went wrong.' }, { status: 400 });
  }
  return redirect('/', { headers: { 'Set-Cookie': expiredSessionCookie(context.secureCookies) } });
}
