// Step 2: choose one of the checkout's available payment gateways, then review.
import { useState } from 'react';
import { BANK_DEPOSIT, BANK_DEPOSIT_ACCOUNT, gatewayDisplayName } from '../../../common/checkout/gateways';
import { CARD_MESSAGES } from '../../../common/payments/card';
import { PAYMAYA_VAULT, type SavedCard } from '../../graphql/cards';
import { SavedCardPicker } from '../cards/SavedCardPicker';
import type { GatewayView } from './types';

type Props = {
  gateways: GatewayView[];
  /** Gateways not offered for this checkout, and why (one line each). */
  unavailable?: { name: string; message: string }[];
  value: string | null;
  onChange: (gateway: string) => void;
  onReview: () => void;
  /** The chosen gateway is being saved on the checkout. */
  busy?: boolean;
  /** The server refused the gateway. */
  error?: string | null;
  /** Paymaya Vault: the customer's saved cards and the one chosen. */
  cards?: SavedCard[];
  cardId?: string | null;
  onCardChange?: (cardId: string) => void;
};

export function PaymentStep({ gateways, unavailable = [], value, onChange, onReview, busy, error: serverError, cards = [], cardId = null, onCardChange }: Props) {
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
            {g.name === PAYMAYA_VAULT && value === PAYMAYA_VAULT ? (
              <SavedCardPicker
                cards={cards}
                value={cardId}
                onChange={(id) => {
                  setError(null);
                  onCardChange?.(id);
                }}
                tokenizer={tokenizerOfGateway(g)}
              />
            ) : null}
          </div>
        ))}
      </div>
      {unavailable.length > 0 ? (
        <ul className="mt-3 space-y-1 text-sm text-gray-700" aria-label="Payment methods not available">
          {unavailable.map((u) => (
            <li key={u.name}>{u.message}</li>
          ))}
        </ul>
      ) : null}
      {error ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {error}
        </p>
      ) : null}
      <button
        type="button"
        className="btn-primary mt-4"
        disabled={busy}
        onClick={() =>
          !value
            ? setError(CARD_MESSAGES.selectMethod)
            : value === PAYMAYA_VAULT && !cardId
              ? setError(CARD_MESSAGES.selectCard)
              : onReview()
        }
      >
        Review Checkout
      </button>
    </fieldset>
  );
}

function configValue(gateway: GatewayView, field: string): string | null {
  return gateway.config.find((c) => c.field === field)?.value ?? null;
}

function tokenizerOfGateway(gateway: GatewayView) {
  const url = configValue(gateway, 'tokenizerUrl');
  const publicKey = configValue(gateway, 'publicKey');
  return url && publicKey ? { url, publicKey } : null;
}
