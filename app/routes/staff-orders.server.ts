// The order list's one action: "Confirm selected" posts the ticked orders; the API confirms each
// on its own and checks the permission again.
import { data, type AppLoadContext } from 'react-router';
import { OrderBulkConfirmMutation } from '../graphql/staff';
import { query } from '../lib/api.server';

export type StaffOrdersActionResult = { intent: string; ok: boolean; message: string };

const BULK_MAX = 100;

/** The order number inside an Order global id ("Order:123" in base64), for the status line. */
function orderNumberOf(field: string | null): string | null {
  if (!field) return null;
  try {
    const [typename, id] = atob(field).split(':');
    return typename === 'Order' && id ? id : null;
  } catch {
    return null;
  }
}

export async function staffOrdersAction(request: Request, context: AppLoadContext) {
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '');
  const reply = (ok: boolean, message: string) => data<StaffOrdersActionResult>({ intent, ok, message }, { status: ok ? 200 : 400 });
  if (intent !== 'bulkConfirm') return reply(false, 'Unknown action.');

  const ids = form.getAll('ids').map((v) => String(v).slice(0, 100)).slice(0, BULK_MAX);
  if (ids.length === 0) return reply(false, 'Please select at least one order.');
  const result = (await query(context, OrderBulkConfirmMutation, { ids })).orderBulkConfirm;
  const count = result?.count ?? 0;
  const confirmed = count === 1 ? '1 order confirmed.' : `${count} orders confirmed.`;
  const errors = (result?.errors ?? []).map((e) => {
    const number = orderNumberOf(e.field);
    return number ? `#${number}: ${e.message ?? ''}` : (e.message ?? '');
  });
  if (errors.length === 0) return reply(true, confirmed);
  return reply(count > 0, `${count > 0 ? `${confirmed} ` : ''}${errors.join(' ')}`);
}
