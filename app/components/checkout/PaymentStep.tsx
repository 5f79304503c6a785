// Step 2: choose one of the checkout's available payment gateways, then review.
import { useState } from 'react';
import { BANK_DEPOSIT, BANK_DEPOSIT_ACCOUNT, gatewayDisplayName } from '../../../common/checkout/gateways';
import type { GatewayView } from './types';

type Props = {
  gateways: GatewayView[];
  value: string | null;
  onChange: (gateway: string) => void;
  onReview: () => void;
  /** The chosen gateway is being saved on the checkout. */
  busy?: boolean;
  /** The server refused the gateway. */
  error?: string | null;
};

export function PaymentStep({ gateways, value, onChange, onReview, busy, error: serverError }: Props) {
  const [localError, setError] = useState<string | null>(null);
  const error = localError ?? serverError;
  return (
    <fieldset className="mt-2">
      <legend className="sr-only">Payment</legend>
      <div className="space-y-2">
        {gateways.map((g) => (
          <div key={g.name} className="rounded-md border border-gray-300 p-3 has-[:checked]:border-secondary has-[:checked]:bg-secondary-light">
            <label className="flex cursor-pointer items-center gap-3">
              <input
                type="radio"
                name="gateway"
                value={g.name}
                checked={value === g.name}
                onChange={() => {
                  setError(null);
                  onChange(g.name);
                }}
                className="accent-secondary"
              />
              <span className="font-semibold">{gatewayDisplayName(g.name)}</span>
            </label>
            {g.name === BANK_DEPOSIT && value === BANK_DEPOSIT ? (
              <dl className="ml-7 mt-2 grid grid-cols-[auto_1fr] gap-x-3 text-sm" aria-label="Bank account details">
                <dt className="text-gray-700">Bank</dt>
                <dd>{configValue(g, 'bank') ?? BANK_DEPOSIT_ACCOUNT.bank}</dd>
                <dt className="text-gray-700">Account Name</dt>
                <dd>{configValue(g, 'accountName') ?? BANK_DEPOSIT_ACCOUNT.accountName}</dd>
                <dt className="text-gray-700">Account Number</dt>
                <dd>{configValue(g, 'accountNumber') ?? BANK_DEPOSIT_ACCOUNT.accountNumber}</dd>
              </dl>
            ) : null}
          </div>
        ))}
      </div>
      {error ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {error}
        </p>
      ) : null}
      <button
        type="button"
        className="btn-primary mt-4"
        disabled={busy}
        onClick={() => (value ? onReview() : setError('Please select a method of payment.'))}
      >
        Review Checkout
      </button>
    </fieldset>
  );
}

function configValue(gateway: GatewayView, field: string): string | null {
  return gateway.config.find((c) => c.field === field)?.value ?? null;
}
