// The order page's one action: staff post an intent (confirm, markAsPaid, fulfil, ...), the
// form is checked with the same rules as the API, and the API checks the permission again.
import { data, type AppLoadContext } from 'react-router';
import { fulfilSchema, staffNoteSchema } from '../../common/staff/order-fulfil';
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
      const amountText = String(form.amount ?? '').trim().replace(/,/g, '');
      if (amountText && !/^\d+(\.\d{1,2})?$/.test(amountText)) return reply(false, 'Please enter an amount to refund, more than ₱0.00.');
      const text = (key: string, max: number) => String(form[key] ?? '').trim().slice(0, max) || null;
      const variables = { id, amount: amountText ? Number(amountText) : null, reason: text('reason', 255), reference: text('reference', 100) };
      result = (await query(context, OrderRefundMutation, variables)).orderRefund;
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
