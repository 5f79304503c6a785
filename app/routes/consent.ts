// Resource route: the cookie notice's "I Understand" posts here (docs/decisions/054-privacy-rights.md):
// the consent is recorded with the notice's version for the visitor's random id and, when
// signed in, for the user. The cookie that hides the notice is written by the browser itself.
import { data } from 'react-router';
import type { Route } from './+types/consent';
import { COOKIE_NOTICE_VERSION } from '../../common/compliance/consent';
import { ConsentRecordMutation } from '../graphql/privacy';
import { query } from '../lib/api.server';

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const visitorId = String(form.get('visitorId') ?? '') || null;
  const version = String(form.get('version') ?? COOKIE_NOTICE_VERSION);
  const { consentRecord } = await query(context, ConsentRecordMutation, { purpose: 'COOKIES', version, visitorId });
  const errors = consentRecord?.errors ?? [];
  return data({ ok: errors.length === 0, message: errors[0]?.message ?? null }, { status: errors.length ? 400 : 200 });
}

export function loader() {
  throw data(null, { status: 405 });
}
