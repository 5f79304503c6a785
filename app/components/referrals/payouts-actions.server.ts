// The Payouts panel's request form (intent payout): checked with the same zod schema the
// browser loads on submit, then claimed through the API. Server-only, so the panel's first load
// carries no zod.
import { data, type AppLoadContext } from 'react-router';
import { validate } from '../../../common/validation/issues';
import { PAYOUT_MESSAGES } from '../../../common/validation/payout';
import { payoutRequestSchema } from '../../../common/validation/payout-schema';
import { ClaimPayoutMutation } from '../../graphql/referrals';
import { query } from '../../lib/api.server';
import type { IntentResult } from '../accounts/useIntentForm';

export async function payoutAction(request: Request, context: AppLoadContext) {
  const form = Object.fromEntries(await request.formData());
  const intent = String(form.intent ?? '');
  const reply = (ok: boolean, message: string) => data<IntentResult>({ intent, ok, message });
  if (intent !== 'payout') return reply(false, PAYOUT_MESSAGES.failed);
  const input = validate(payoutRequestSchema, form);
  if (!input.ok) return reply(false, input.errors[0]!.message);
  const result = (await query(context, ClaimPayoutMutation, input.data)).claimPayout;
  if (!result || result.errors?.length) return reply(false, result?.errors?.[0]?.message ?? PAYOUT_MESSAGES.failed);
  return reply(true, PAYOUT_MESSAGES.sent);
}
