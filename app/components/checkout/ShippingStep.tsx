// Step 0: choose pickup or delivery (with the optional insurance add-on) and save it.
import { useEffect, useRef, useState } from 'react';
import { useFetcher } from 'react-router';
import { CHECKOUT_MESSAGES } from '../../../common/checkout/checkout-messages';
import type { ShippingKind } from '../../../common/checkout/checkout-steps';
import type { CheckoutActionResult } from './CheckoutView';
import { formatShippingEstimate } from '../../../common/checkout/shipping-display';
import { DELIVERY_PROMISE, PICKUP_PROMISE } from '../../../common/checkout/delivery-promise';
import type { CheckoutView } from './types';

/** The delivery option's estimate: the rulebook's range (or 'TBD'); FREE when every line ships free. */
function deliveryEstimate(checkout: CheckoutView): string {
  if (checkout.lines.length > 0 && checkout.lines.every((l) => l.isFreeShippingFee)) return 'FREE';
  return formatShippingEstimate(checkout.estimatedShippingFee);
}

type Props = {
  checkout: CheckoutView;
  initialMethodId: string | null;
  initialInsurance: boolean;
  onSaved: (saved: { methodId: string; kind: ShippingKind; price: number; hasInsurance: boolean }) => void;
};

export function ShippingStep({ checkout, initialMethodId, initialInsurance, onSaved }: Props) {
  const fetcher = useFetcher<CheckoutActionResult>();
  const [methodId, setMethodId] = useState<string | null>(initialMethodId);
  const [insurance, setInsurance] = useState(initialInsurance);
  const [localError, setError] = useState<string | null>(null);
  const pending = useRef(false);
  const error = localError ?? (fetcher.state === 'idle' && fetcher.data && !fetcher.data.ok ? fetcher.data.message : null);
  const selected = checkout.shippingMethods.find((m) => m.id === methodId) ?? null;

  useEffect(() => {
    if (fetcher.state !== 'idle' || !pending.current || !fetcher.data) return;
    pending.current = false;
    if (fetcher.data.ok && selected) onSaved({ methodId: selected.id, kind: selected.kind, price: selected.price, hasInsurance: selected.kind === 'delivery' && insurance });
  }, [fetcher.state, fetcher.data, selected, insurance, onSaved]);

  const save = () => {
    if (!selected) {
      setError(CHECKOUT_MESSAGES.selectShipping);
      return;
    }
    setError(null);
    pending.current = true;
    fetcher.submit(
      { intent: 'shippingMethod', methodId: selected.id, insurance: String(selected.kind === 'delivery' && insurance) },
      { method: 'post', action: '/checkout' },
    );
  };

  return (
    <fieldset className="mt-2">
      <legend className="sr-only">Shipping Method</legend>
      <div className="space-y-2">
        {checkout.shippingMethods.map((method) => (
          <div key={method.id} className="rounded-md border border-gray-300 p-3 has-[:checked]:border-secondary has-[:checked]:bg-secondary-light">
            <label className="flex cursor-pointer items-start gap-3">
              <input
                type="radio"
                name="shippingMethod"
                value={method.id}
                checked={methodId === method.id}
                onChange={() => {
                  setMethodId(method.id);
                  setError(null);
                }}
                className="mt-1 accent-secondary"
              />
              <span className="flex-1">
                <span className="block font-semibold">{method.name}</span>
                <span className="block text-sm text-gray-700">
                  {method.kind === 'pickup'
                    ? `Free. Ready for pickup after ${PICKUP_PROMISE}.`
                    : `Estimated fee: ${deliveryEstimate(checkout)}. Delivery in ${DELIVERY_PROMISE}.`}
                </span>
              </span>
            </label>
            {method.kind === 'delivery' && methodId === method.id ? (
              <label className="ml-7 mt-2 flex cursor-pointer items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  name="insurance"
                  checked={insurance}
                  onChange={(e) => setInsurance(e.target.checked)}
                  className="accent-secondary"
                />
                Add Shipping Insurance
              </label>
            ) : null}
          </div>
        ))}
      </div>
      {error ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {error}
        </p>
      ) : null}
      <button type="button" className="btn-primary mt-4" onClick={save} disabled={fetcher.state !== 'idle'}>
        Continue
      </button>
    </fieldset>
  );
}
