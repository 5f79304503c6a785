// The payout queue's one action: staff post an intent (processing, bulkProcessing, paid,
// reject, commissionerRate: a commissioner's own withholding rate), the form is checked with the same rules as the API, and the API checks the
// permission again.
import { data, type AppLoadContext } from 'react-router';
import { COMMISSIONER_TAX_MESSAGES, commissionerRateSchema } from '../../common/compliance/commissioner-tax';
import { payoutPaidSchema, payoutRejectSchema } from '../../common/staff/payout-actions';
import { validate } from '../../common/validation/issues';
import { PayoutBulkMarkProcessingMutation, PayoutMarkPaidMutation, PayoutMarkProcessingMutation, PayoutRejectMutation } from '../graphql/payouts-staff';
import { CommissionerWithholdingRateSetMutation } from '../graphql/withholding';
import { query } from '../lib/api.server';

export type StaffPayoutActionResult = { intent: string; ok: boolean; message: string };

const BULK_MAX = 100;

export async function staffPayoutAction(request: Request, context: AppLoadContext) {
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '');
  const id = String(form.get('id') ?? '').slice(0, 100);
  const reply = (ok: boolean, message: string) => data<StaffPayoutActionResult>({ intent, ok, message }, { status: ok ? 200 : 400 });
  const firstError = (result: { errors: { message: string | null }[] | null } | null | undefined) => result?.errors?.[0]?.message ?? null;

  switch (intent) {
    case 'processing': {
      const error = firstError((await query(context, PayoutMarkProcessingMutation, { id })).payoutMarkProcessing);
      return error ? reply(false, error) : reply(true, 'Payout marked as processing.');
    }
    case 'bulkProcessing': {
      const ids = form.getAll('ids').map((v) => String(v).slice(0, 100)).slice(0, BULK_MAX);
      if (ids.length === 0) return reply(false, 'Please select at least one payout.');
      const result = (await query(context, PayoutBulkMarkProcessingMutation, { ids })).payoutBulkMarkProcessing;
      const count = result?.count ?? 0;
      const moved = count === 1 ? '1 payout marked as processing.' : `${count} payouts marked as processing.`;
      const errors = result?.errors ?? [];
      if (errors.length === 0) return reply(true, moved);
      return reply(count > 0, `${count > 0 ? `${moved} ` : ''}${errors.map((e) => e.message ?? '').join(' ')}`);
    }
    case 'paid': {
      const input = validate(payoutPaidSchema, { reference: form.get('reference') });
      if (!input.ok) return reply(false, input.errors[0]!.message);
      const error = firstError((await query(context, PayoutMarkPaidMutation, { id, reference: input.data.reference })).payoutMarkPaid);
      return error ? reply(false, error) : reply(true, 'Payout marked as paid.');
    }
    case 'reject': {
      const input = validate(payoutRejectSchema, { reason: form.get('reason') });
      if (!input.ok) return reply(false, input.errors[0]!.message);
      const error = firstError((await query(context, PayoutRejectMutation, { id, reason: input.data.reason })).payoutReject);
      return error ? reply(false, error) : reply(true, 'Payout rejected. The points are back in the commissioner’s balance.');
    }
    case 'commissionerRate': {
      // Empty = the shop's rate again.
      const typed = String(form.get('percentage') ?? '').trim();
      const input = validate(commissionerRateSchema, { percentage: typed === '' ? null : Number(typed), note: form.get('note') ?? '' });
      if (!input.ok) return reply(false, input.errors[0]!.message);
      const userId = String(form.get('userId') ?? '').slice(0, 100);
      const result = (await query(context, CommissionerWithholdingRateSetMutation, { userId, percentage: input.data.percentage, note: input.data.note }))
        .commissionerWithholdingRateSet;
      return firstError(result) ? reply(false, firstError(result)!) : reply(true, COMMISSIONER_TAX_MESSAGES.rateSaved);
    }
    default:
      return reply(false, 'Unknown action.');
  }
}
