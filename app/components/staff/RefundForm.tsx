// Staff's refund on the order page: the amount is typed, never pre-filled with
// the whole total; a reason is asked for; nothing runs until staff confirm the amount read in
// words; the form is emptied once the refund is recorded. Without JavaScript the form still
// posts, and the action checks the same rules (common/staff/order-refund.ts).
import { useState, type FormEvent } from 'react';
import { Form, useActionData, useNavigation, useSubmit } from 'react-router';
import { checkRefundForm, REFUND_REASON_MAX, REFUND_REFERENCE_MAX, refundConfirmation } from '../../../common/staff/order-refund';
import { Modal } from '../catalogue/Modal';

type Money = { amount: number; localized: string };
type ActionResult = { intent: string; ok: boolean; message: string } | undefined;

const EMPTY = { amount: '', reason: '', reference: '' };

export function RefundForm({ refundable }: { refundable: Money }) {
  const submit = useSubmit();
  const navigation = useNavigation();
  const result = useActionData() as ActionResult;
  const busy = navigation.formData?.get('intent') === 'refund';
  const [values, setValues] = useState(EMPTY);
  const [error, setError] = useState<{ field: 'amount' | 'reason'; message: string } | null>(null);
  const [confirming, setConfirming] = useState<number | null>(null);
  // The refund was recorded: empty the form, so a second refund is typed afresh (state adjusted
  // while rendering when a new action result arrives, as React advises instead of an effect).
  const [seen, setSeen] = useState(result);
  if (result !== seen) {
    setSeen(result);
    if (result?.intent === 'refund' && result.ok) setValues(EMPTY);
  }

  const left = Math.round(refundable.amount * 100);
  const ask = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const check = checkRefundForm(values, left);
    if (!check.ok) return setError({ field: check.field, message: check.message });
    setError(null);
    setConfirming(check.amount);
  };
  const confirm = () => {
    const form = new FormData();
    form.set('intent', 'refund');
    form.set('amount', values.amount);
    form.set('reason', values.reason);
    form.set('reference', values.reference);
    setConfirming(null);
    void submit(form, { method: 'post' });
  };
  const field = (name: keyof typeof EMPTY) => ({
    name,
    value: values[name],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => setValues((v) => ({ ...v, [name]: event.target.value })),
  });

  return (
    <>
      <Form method="post" onSubmit={ask} noValidate className="flex flex-wrap items-end gap-2" aria-label="Refund">
        <input type="hidden" name="intent" value="refund" />
        <div>
          <label htmlFor="refund-amount" className="block text-sm font-medium">
            Amount to refund (₱, up to {refundable.localized})
          </label>
          <input
            id="refund-amount"
            inputMode="decimal"
            required
            placeholder="0.00"
            autoComplete="off"
            aria-invalid={error?.field === 'amount' || undefined}
            aria-describedby={error?.field === 'amount' ? 'refund-error' : undefined}
            className="w-36 rounded border border-gray-300 px-2 py-1"
            {...field('amount')}
          />
        </div>
        <div>
          <label htmlFor="refund-reason" className="block text-sm font-medium">
            Reason (the customer sees it)
          </label>
          <input
            id="refund-reason"
            required
            maxLength={REFUND_REASON_MAX}
            aria-invalid={error?.field === 'reason' || undefined}
            aria-describedby={error?.field === 'reason' ? 'refund-error' : undefined}
            className="rounded border border-gray-300 px-2 py-1"
            {...field('reason')}
          />
        </div>
        <div>
          <label htmlFor="refund-reference" className="block text-sm font-medium">
            Reference, if refunded by hand (optional)
          </label>
          <input id="refund-reference" maxLength={REFUND_REFERENCE_MAX} className="rounded border border-gray-300 px-2 py-1" {...field('reference')} />
        </div>
        <button type="submit" className="btn-outline" disabled={busy}>
          {busy ? 'Refunding…' : 'Refund'}
        </button>
        {error ? (
          <p id="refund-error" role="alert" className="basis-full text-sm text-red-700">
            {error.message}
          </p>
        ) : null}
      </Form>
      <Modal open={confirming !== null} onOpenChange={(open) => !open && setConfirming(null)} title="Confirm the refund">
        <p>{confirming !== null ? refundConfirmation(confirming) : ''}</p>
        <p className="mt-2 text-sm text-gray-700">Reason: {values.reason.trim()}</p>
        <div className="mt-4 flex justify-end gap-2">
          <button type="button" className="btn-outline" onClick={() => setConfirming(null)}>
            Cancel
          </button>
          <button type="button" className="btn-primary" onClick={confirm}>
            Yes, refund
          </button>
        </div>
      </Modal>
    </>
  );
}

/** A late payment its provider could not refund: staff refund it by hand, then record it with their reference. */
export function LateRefundForm() {
  const busy = useNavigation().formData?.get('intent') === 'refund';
  return (
    <Form method="post" className="flex flex-wrap items-end gap-2" aria-label="Record late payment refund">
      <input type="hidden" name="intent" value="refund" />
      <input type="hidden" name="late" value="1" />
      <div>
        <label htmlFor="late-refund-reference" className="block text-sm font-medium">
          Reference, if refunded by hand (optional)
        </label>
        <input id="late-refund-reference" name="reference" maxLength={REFUND_REFERENCE_MAX} className="rounded border border-gray-300 px-2 py-1" />
      </div>
      <button type="submit" className="btn-outline" disabled={busy}>
        Record late payment refunded
      </button>
    </Form>
  );
}
