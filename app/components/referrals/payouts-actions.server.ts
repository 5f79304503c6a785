// The Payouts panel's request form (intent payout) and tax details form (intent taxDetails: TIN
// and registered address for the withholding certificates): checked with the same zod schemas
// the browser loads on submit, then sent through the API. Server-only, so the panel's first load
// carries no zod.
import { data, type AppLoadContext } from 'react-router';
import { COMMISSIONER_TAX_MESSAGES, commissionerTaxDetailsSchema } from '../../../common/compliance/commissioner-tax';
import { validate } from '../../../common/validation/issues';
import { PAYOUT_MESSAGES } from '../../../common/validation/payout';
import { payoutRequestSchema } from '../../../common/validation/payout-schema';
import { ClaimPayoutMutation } from '../../graphql/referrals';
import { CommissionerTaxDetailsSaveMutation } from '../../graphql/withholding';
import { query } from '../../lib/api.server';
import type { IntentResult } from '../accounts/useIntentForm';

export async function payoutAction(request: Request, context: AppLoadContext) {
  const form = Object.fromEntries(await request.formData());
  const intent = String(form.intent ?? '');
  const reply = (ok: boolean, message: string) => data<IntentResult>({ intent, ok, message });
  if (intent === 'taxDetails') {
    const input = validate(commissionerTaxDetailsSchema, form);
    if (!input.ok) return reply(false, input.errors[0]!.message);
    // The API takes the text as typed and applies the same rules.
    const saved = (await query(context, CommissionerTaxDetailsSaveMutation, { tin: String(form.tin ?? ''), registeredAddress: String(form.registeredAddress ?? '') }))
      .commissionerTaxDetailsSave;
    if (!saved || saved.errors?.length) return reply(false, saved?.errors?.[0]?.message ?? PAYOUT_MESSAGES.failed);
    return reply(true, COMMISSIONER_TAX_MESSAGES.saved);
  }
  if (intent !== 'payout') return reply(false, PAYOUT_MESSAGES.failed);
  const input = validate(payoutRequestSchema, form);
  if (!input.ok) return reply(false, input.errors[0]!.message);
  const result = (await query(context, ClaimPayoutMutation, input.data)).claimPayout;
  if (!result || result.errors?.length) return reply(false, result?.errors?.[0]?.message ?? PAYOUT_MESSAGES.failed);
  return reply(true, PAYOUT_MESSAGES.sent);
}
