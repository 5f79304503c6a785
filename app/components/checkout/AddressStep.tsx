// Step 1: billing address, and for delivery the shipping address or 'Ship to the same
// address'. Checked with the shared address rules before it is sent (loaded on the first
// Continue: app/lib/form-schemas.ts); the server checks again.
import { useEffect, useRef, useState } from 'react';
import { useFetcher } from 'react-router';
import type { ShippingKind } from '../../../common/checkout/checkout-steps';
import { addressFieldErrors, sameAddress } from '../../../common/validation/address';
import { validate } from '../../../common/validation/issues';
import { FORM_SCHEMAS } from '../../lib/form-schemas';
import { AddressFields } from './AddressFields';
import { CheckoutDialog } from './CheckoutDialog';
import type { CheckoutActionResult } from './CheckoutView';
import { emptyAddress, type AddressView, type CheckoutView } from './types';

type Props = {
  checkout: CheckoutView;
  shippingKind: ShippingKind;
  defaultBilling: AddressView | null;
  defaultShipping: AddressView | null;
  provinces: string[];
  onSaved: () => void;
};

export function AddressStep({ checkout, shippingKind, defaultBilling, defaultShipping, provinces, onSaved }: Props) {
  const fetcher = useFetcher<CheckoutActionResult>();
  const [billing, setBilling] = useState<AddressView>(checkout.billingAddress ?? defaultBilling ?? emptyAddress);
  const initialShipping = checkout.shippingAddress ?? defaultShipping ?? null;
  const [sameAsBilling, setSameAsBilling] = useState(!initialShipping || sameAddress(initialShipping, billing));
  const [shipping, setShipping] = useState<AddressView>(initialShipping ?? emptyAddress);
  const [localError, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<{ billing: Record<string, string>; shipping: Record<string, string> }>({ billing: {}, shipping: {} });
  const [dismissed, setDismissed] = useState<CheckoutActionResult | null>(null);
  const pending = useRef(false);
  const refused = fetcher.state === 'idle' && fetcher.data && !fetcher.data.ok ? fetcher.data : null;
  // The server's refusal of one address opens the '{type} Error' dialog; others show inline.
  const serverDialog = refused?.errorType && refused !== dismissed ? refused : null;
  const error = localError ?? (refused && !refused.errorType ? refused.message : null);
  const delivery = shippingKind === 'delivery';

  useEffect(() => {
    if (fetcher.state !== 'idle' || !pending.current || !fetcher.data) return;
    pending.current = false;
    if (fetcher.data.ok) onSaved();
  }, [fetcher.state, fetcher.data, onSaved]);

  const save = async () => {
    // Pickup needs no shipping address: the billing address stands in for the contact details.
    const shippingAddress = delivery && !sameAsBilling ? shipping : billing;
    // Every invalid field of both addresses is marked; the alert keeps the rulebook's first message.
    const addressSchema = await FORM_SCHEMAS.address();
    const checks = (delivery ? [billing, shippingAddress] : [billing]).map((address) => validate(addressSchema, address));
    const marks = checks.map((c) => (c.ok ? {} : addressFieldErrors(c.errors)));
    setFieldErrors({ billing: marks[0] ?? {}, shipping: delivery && !sameAsBilling ? (marks[1] ?? {}) : {} });
    const failed = checks.find((c) => !c.ok);
    if (failed && !failed.ok) {
      setError(failed.errors[0]!.message);
      return;
    }
    setError(null);
    pending.current = true;
    fetcher.submit(
      { intent: 'addresses', kind: shippingKind, billing: JSON.stringify(billing), shipping: JSON.stringify(shippingAddress) },
      { method: 'post', action: '/checkout' },
    );
  };

  return (
    <div className="mt-2 space-y-4">
      <fieldset>
        <legend className="mb-2 font-semibold">Billing Address</legend>
        <AddressFields prefix="billing" value={billing} onChange={setBilling} provinces={provinces} errors={fieldErrors.billing} />
      </fieldset>
      {delivery ? (
        <fieldset>
          <legend className="mb-2 font-semibold">Shipping Address</legend>
          <label className="mb-3 flex cursor-pointer items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={sameAsBilling}
              onChange={(e) => setSameAsBilling(e.target.checked)}
              className="accent-secondary"
            />
            Ship to the same address
          </label>
          <AddressFields
            prefix="shipping"
            value={sameAsBilling ? billing : shipping}
            onChange={setShipping}
            provinces={provinces}
            disabled={sameAsBilling}
            errors={sameAsBilling ? {} : fieldErrors.shipping}
          />
        </fieldset>
      ) : null}
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
      <button type="button" className="btn-primary" onClick={() => void save()} disabled={fetcher.state !== 'idle'}>
        {fetcher.state !== 'idle' ? 'Saving…' : 'Continue'}
      </button>
      <CheckoutDialog
        open={serverDialog !== null}
        onClose={() => setDismissed(refused)}
        title={`${serverDialog?.errorType ?? 'Address'} Error`}
        footer={
          <button type="button" className="btn-primary" onClick={() => setDismissed(refused)}>
            Close
          </button>
        }
      >
        <p>{serverDialog?.message}</p>
        {serverDialog?.field ? <p className="mt-1 text-sm text-gray-700">Field: {serverDialog.field}</p> : null}
      </CheckoutDialog>
    </div>
  );
}
