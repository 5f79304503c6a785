// Step 2: choose one of the checkout's available payment gateways, then review.
import { useState } from 'react';
import { BANK_DEPOSIT, BANK_DEPOSIT_ACCOUNT, gatewayDisplayName } from '../../../common/checkout/gateways';
import type { GatewayView } from './types';

type Props = {
  gateways: GatewayView[];
  value: string | null;
  onChange: (gateway: string) => void;
  onReview: () => void;
};

export function PaymentStep({ gateways, value, onChange, onReview }: Props) {
  const [error, setError] = useState<string | null>(null);
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
                <dd>{BANK_DEPOSIT_ACCOUNT.bank}</dd>
                <dt className="text-gray-700">Account Name</dt>
                <dd>{BANK_DEPOSIT_ACCOUNT.accountName}</dd>
                <dt className="text-gray-700">Account Number</dt>
                <dd>{BANK_DEPOSIT_ACCOUNT.accountNumber}</dd>
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
        onClick={() => (value ? onReview() : setError('Please select a method of payment.'))}
      >
        Review Checkout
      </button>
    </fieldset>
  );
}
