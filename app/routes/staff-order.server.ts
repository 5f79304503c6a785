// The order page's one action: staff post an intent (confirm, markAsPaid, fulfil, ...), the
// form is checked with the same rules as the API, and the API checks the permission again.
import { data, type AppLoadContext } from 'react-router';
import { fulfilSchema, staffNoteSchema } from '../../common/staff/order-fulfil';
import { checkRefundForm, REFUND_REFERENCE_MAX } from '../../common/staff/order-refund';
import { validate } from '../../common/validation/issues';
import {
  OrderCancelDenyMutation,
  OrderCancelMutation,
  OrderCashOnDeliveryUnavailableMutation,
  OrderConfirmMutation,
  OrderFulfillMutation,
  OrderMarkAsPaidMutation,
  OrderMarkUnforeseenMutation,
  OrderProofOfBillingRefuseMutation,
  OrderRefundMutation,
  OrderRejectMutation,
  OrderVoidMutation,
} from '../graphql/staff';
import { query } from '../lib/api.server';

export type StaffOrderActionResult = { intent: string; ok: boolean; message: string };

const DONE: Record<string, string> = {
  confirm: 'Order confirmed.',
  markAsPaid: 'Payment recorded.',
  fulfil: 'Order fulfilled.',
  cancel: 'Cancellation approved.',
  deny: 'Cancellation denied.',
  unforeseen: 'Marked as an unforeseen circumstance.',
  reject: 'Order rejected.',
  refund: 'Refund recorded.',
  void: 'Payment voided.',
  refuseProof: 'Deposit slip refused: the customer is asked to upload another.',
  codUnavailable: 'Cash on delivery refused: the order is rejected.',
};

type Result = { errors: { message: string | null }[] | null } | null | undefined;

export async function staffOrderAction(request: Request, context: AppLoadContext, id: string) {
  const form = Object.fromEntries(await request.formData());
  const intent = String(form.intent ?? '');
  const reply = (ok: boolean, message: string) => data<StaffOrderActionResult>({ intent, ok, message }, { status: ok ? 200 : 400 });
  const note = validate(staffNoteSchema, form.note ?? null);
  if (!note.ok) return reply(false, note.errors[0]!.message);

  let result: Result;
  switch (intent) {
    case 'confirm':
      result = (await query(context, OrderConfirmMutation, { id })).orderConfirm;
      break;
    case 'markAsPaid':
      result = (await query(context, OrderMarkAsPaidMutation, { id })).orderMarkAsPaid;
      break;
    case 'fulfil': {
      const input = validate(fulfilSchema, form);
      if (!input.ok) return reply(false, input.errors[0]!.message);
      result = (await query(context, OrderFulfillMutation, { id, input: input.data })).orderFulfill;
      break;
    }
    case 'cancel':
      result = (await query(context, OrderCancelMutation, { id, restock: form.restock !== 'false' })).orderCancel;
      break;
    case 'deny':
      result = (await query(context, OrderCancelDenyMutation, { id, note: note.data })).orderCancelDeny;
      break;
    case 'unforeseen':
      result = (await query(context, OrderMarkUnforeseenMutation, { id, note: note.data })).orderMarkUnforeseenCircumstance;
      break;
    case 'reject':
      result = (await query(context, OrderRejectMutation, { id, note: note.data })).orderReject;
      break;
    case 'refund': {
      const reference = String(form.reference ?? '').trim().slice(0, REFUND_REFERENCE_MAX) || null;
      // A flagged late payment is recorded with staff's reference alone (its amount is the payment's).
      if (form.late === '1') {
        result = (await query(context, OrderRefundMutation, { id, amount: null, reason: null, reference })).orderRefund;
        break;
      }
      // Staff type the amount and a reason: nothing defaults to the whole total.
      const check = checkRefundForm({ amount: String(form.amount ?? ''), reason: String(form.reason ?? '') });
      if (!check.ok) return reply(false, check.message);
      result = (await query(context, OrderRefundMutation, { id, amount: check.amount / 100, reason: check.reason, reference })).orderRefund;
      break;
    }
    case 'void':
      result = (await query(context, OrderVoidMutation, { id })).orderVoid;
      break;
    case 'refuseProof':
      result = (await query(context, OrderProofOfBillingRefuseMutation, { id, note: note.data })).orderProofOfBillingRefuse;
      break;
    case 'codUnavailable':
      result = (await query(context, OrderCashOnDeliveryUnavailableMutation, { id, note: note.data })).orderCashOnDeliveryUnavailable;
      break;
    default:
      return reply(false, 'Unknown action.');
  }
  const error = result?.errors?.[0]?.message;
  return error ? reply(false, error) : reply(true, DONE[intent]!);
}
