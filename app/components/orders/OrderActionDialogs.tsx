// The order actions' dialogs that validate with zod: loaded only when one opens (OrderActions.tsx).
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { CANCEL_MESSAGES, CANCEL_NOTE_MAX, CANCEL_REASON_LABELS, CANCEL_REASONS, cancelRequestSchema } from '../../../common/orders/order-cancel';
import { PROOF_ALT_MAX, PROOF_MAX_BYTES, PROOF_MESSAGES } from '../../../common/orders/proof-of-billing';
import { validate } from '../../../common/validation/issues';
import { FormMessage, SelectField } from '../accounts/FormControls';
import { Modal } from '../catalogue/Modal';
import { secondaryButton as secondary } from './order-action-styles';

/** "Cancel Error": the order can no longer be cancelled. */
export function CancelErrorDialog({ onClose }: { onClose: () => void }) {
  return (
    <Modal open onOpenChange={(open) => !open && onClose()} title="Cancel Error">
      <p role="alert">{CANCEL_MESSAGES.notAnymore}</p>
      <div className="mt-4 flex justify-end">
        <button type="button" className="btn-primary" onClick={onClose}>
          Close
        </button>
      </div>
    </Modal>
  );
}

export function CancelReasonDialog({
  open,
  onOpenChange,
  busy,
  serverError,
  onSubmit,
  referenceKey,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  busy: boolean;
  serverError: string | null;
  onSubmit: (values: { reason: string; note: string }) => void;
  referenceKey: string;
}) {
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const values = Object.fromEntries(new FormData(event.currentTarget)) as { reason: string; note: string };
    const check = validate(cancelRequestSchema, values);
    if (!check.ok) return setError(check.errors[0]!.message);
    setError(null);
    onSubmit(values);
  };
  const message = error ?? serverError;
  return (
    <Modal open={open} onOpenChange={onOpenChange} title="Cancel Order">
      <form onSubmit={submit} noValidate className="space-y-4">
        <p className="text-sm text-gray-700">Order# {referenceKey}</p>
        <SelectField
          label="Reason"
          name="reason"
          placeholder="Select a reason"
          defaultValue=""
          options={CANCEL_REASONS.map((value) => ({ value, label: CANCEL_REASON_LABELS[value] }))}
        />
        <div>
          <label htmlFor="cancel-note" className="block text-sm font-medium text-gray-800">
            Note
          </label>
          <textarea
            id="cancel-note"
            name="note"
            rows={3}
            maxLength={CANCEL_NOTE_MAX}
            className="mt-1 block w-full rounded-md border border-gray-400 px-3 py-2 text-sm focus:border-secondary focus:outline-none"
          />
          <p className="mt-1 text-xs text-gray-700">Required when the reason is Others; up to {CANCEL_NOTE_MAX} characters.</p>
        </div>
        <FormMessage message={message ? { text: message, ok: false } : null} />
        <div className="flex justify-end gap-2">
          <button type="button" className={secondary} onClick={() => onOpenChange(false)}>
            Close
          </button>
          <button type="submit" className="btn-primary" disabled={busy}>
            {busy ? 'Sending…' : 'Request for Cancel'}
          </button>
        </div>
      </form>
    </Modal>
  );
}

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

export function ProofUploadDialog({
  open,
  onOpenChange,
  busy,
  serverError,
  onSubmit,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  busy: boolean;
  serverError: string | null;
  onSubmit: (values: { image: string; alt: string }) => void;
}) {
  const [error, setError] = useState<string | null>(null);
  const [image, setImage] = useState<string | null>(null);

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.target;
    const file = input.files?.[0];
    setImage(null);
    if (!file) return setError(null);
    const refused = !file.type.startsWith('image/') ? PROOF_MESSAGES.notImage : file.size > PROOF_MAX_BYTES ? PROOF_MESSAGES.photoTooLarge : null;
    if (refused) {
      // The refused file leaves the picker, so that it does not look chosen.
      input.value = '';
      return setError(refused);
    }
    setError(null);
    setImage(await readAsDataUrl(file));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // A refused photo keeps its one message; 'Please upload image' only when none was tried.
    if (!image) return setError((current) => current ?? PROOF_MESSAGES.missing);
    const alt = String(new FormData(event.currentTarget).get('alt') ?? '');
    onSubmit({ image, alt });
  };
  const message = error ?? serverError;
  return (
    <Modal open={open} onOpenChange={onOpenChange} title="Upload Deposit Slip">
      <form onSubmit={submit} noValidate className="space-y-4">
        <div>
          <label htmlFor="proof-file" className="block text-sm font-medium text-gray-800">
            Deposit slip (image)
          </label>
          <input id="proof-file" type="file" accept="image/*" onChange={(e) => void choose(e)} className="mt-1 block w-full text-sm" />
        </div>
        {image ? <img src={image} alt="Deposit slip preview" className="max-h-48 rounded border border-gray-200 object-contain" /> : null}
        <div>
          <label htmlFor="proof-alt" className="block text-sm font-medium text-gray-800">
            Description (optional)
          </label>
          <input
            id="proof-alt"
            name="alt"
            maxLength={PROOF_ALT_MAX}
            className="mt-1 block w-full rounded-md border border-gray-400 px-3 py-2 text-sm focus:border-secondary focus:outline-none"
          />
        </div>
        <FormMessage message={message ? { text: message, ok: false } : null} />
        <div className="flex justify-end gap-2">
          <button type="button" className={secondary} onClick={() => onOpenChange(false)}>
            Close
          </button>
          <button type="submit" className="btn-primary" disabled={busy}>
            {busy ? 'Uploading…' : 'Upload'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
