// Step 2: choose how to pay, then review (docs/product/cart-and-checkout.md#gateways, ADR 042).
// The methods stand in groups, the most used first, each with its mark; a method this checkout
// may not use stays in its place, disabled, with the reason; a method's fee shows beside it; the
// three Maya card gateways are one 'Debit/Credit Card' choice (CardChoice).
import { useId, useState } from 'react';
import { BANK_DEPOSIT, BANK_DEPOSIT_ACCOUNT } from '../../../common/checkout/gateways';
import { PAYMAYA_CHECKOUT, PAYMAYA_VAULT, paymentChooserGroups, type ChooserGateway } from '../../../common/checkout/payment-groups';
import { formatPeso } from '../../../common/money';
import { CARD_MESSAGES, type CardInput } from '../../../common/payments/card';
import type { SavedCard } from '../../graphql/cards';
import { CardChoice, EMPTY_CARD_INPUT, loadNewCardFields, tokenizerOfGateway } from './CardChoice';
import type { GatewayView, UnavailableGatewayView } from './types';

type Props = {
  gateways: GatewayView[];
  /** Gateways not offered for this checkout, and why (one line each): shown disabled. */
  unavailable?: UnavailableGatewayView[];
  value: string | null;
  onChange: (gateway: string) => void;
  /** Paymaya Checkout hands over the new card's payment token, tokenised here. */
  onReview: (extra: { paymentToken: string | null }) => void;
  /** The chosen gateway is being saved on the checkout. */
  busy?: boolean;
  /** The server refused the gateway. */
  error?: string | null;
  /** Paymaya Vault: the customer's saved cards and the one chosen. */
  cards?: SavedCard[];
  cardId?: string | null;
  onCardChange?: (cardId: string) => void;
  /** Centavos a gateway adds to the total when chosen (cash on delivery, PayPal). */
  fees?: Record<string, number>;
};

export function PaymentStep({ gateways, unavailable = [], value, onChange, onReview, busy, error: serverError, cards = [], cardId = null, onCardChange, fees = {} }: Props) {
  const [localError, setError] = useState<string | null>(null);
  const [newCard, setNewCard] = useState<CardInput>(EMPTY_CARD_INPUT);
  const [checkingCard, setCheckingCard] = useState(false);
  const error = localError ?? serverError;
  const groups = paymentChooserGroups(
    gateways.map((g) => ({ id: g.name, name: g.displayName, logo: g.logo })),
    unavailable.map((u) => ({ id: u.name, name: u.displayName, logo: u.logo, unavailable: u.message, reason: u.reason })),
  );
  const choose = (gateway: string) => {
    setError(null);
    onChange(gateway);
  };

  async function review() {
    if (!value) return setError(CARD_MESSAGES.selectMethod);
    if (value === PAYMAYA_VAULT && !cardId) return setError(CARD_MESSAGES.selectCard);
    if (value !== PAYMAYA_CHECKOUT) return onReview({ paymentToken: null });
    setCheckingCard(true);
    const { tokenizeNewCard } = await loadNewCardFields();
    const tokenized = await tokenizeNewCard(newCard, tokenizerOfGateway(gateways.find((g) => g.name === PAYMAYA_CHECKOUT)));
    setCheckingCard(false);
    if (!tokenized.ok) return setError(tokenized.message);
    setError(null);
    onReview({ paymentToken: tokenized.token });
  }

  return (
    <fieldset className="mt-2">
      <legend className="sr-only">Payment method</legend>
      <div className="space-y-5">
        {groups.map((group) => (
          <fieldset key={group.id} data-testid={`payment-group-${group.id}`}>
            <legend className="text-sm font-bold uppercase tracking-wide text-gray-700">{group.title}</legend>
            <div className="mt-2 space-y-2">
              {group.entries.map((entry) =>
                entry.kind === 'card' ? (
                  <CardChoice
                    key="card"
                    gateways={entry.gateways}
                    unavailable={entry.unavailable}
                    configs={gateways}
                    value={value}
                    onChange={choose}
                    cards={cards}
                    cardId={cardId}
                    onCardChange={(id) => {
                      setError(null);
                      onCardChange?.(id);
                    }}
                    newCard={newCard}
                    onNewCardChange={(card) => {
                      setError(null);
                      setNewCard(card);
                    }}
                  />
                ) : (
                  <GatewayOption
                    key={entry.gateway.id}
                    gateway={entry.gateway}
                    checked={value === entry.gateway.id}
                    fee={fees[entry.gateway.id] ?? 0}
                    onChoose={() => choose(entry.gateway.id)}
                  >
                    {entry.gateway.id === BANK_DEPOSIT && value === BANK_DEPOSIT ? <BankDetails gateway={gateways.find((g) => g.name === BANK_DEPOSIT)} /> : null}
                  </GatewayOption>
                ),
              )}
            </div>
          </fieldset>
        ))}
      </div>
      {error ? (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {error}
        </p>
      ) : null}
      <button type="button" className="btn-primary mt-4" disabled={busy || checkingCard} onClick={() => void review()}>
        {checkingCard ? 'Checking your card…' : 'Review Checkout'}
      </button>
    </fieldset>
  );
}

/** A gateway's mark: the shop's own small SVG badge, decorative beside the written name. */
export function GatewayMark({ logo }: { logo: string }) {
  return logo ? <img src={logo} alt="" width={50} height={20} loading="lazy" className="h-5 w-[50px] shrink-0 rounded-sm object-contain" /> : null;
}

function GatewayOption({ gateway, checked, fee, onChoose, children }: { gateway: ChooserGateway; checked: boolean; fee: number; onChoose: () => void; children?: React.ReactNode }) {
  const id = useId();
  const disabled = gateway.unavailable !== null;
  const note = disabled ? gateway.unavailable : fee > 0 ? `Adds a fee of ${formatPeso(fee)}.` : null;
  return (
    <div className={`rounded-md border p-3 ${disabled ? 'border-gray-200 bg-gray-50' : 'border-gray-300 has-[:checked]:border-secondary has-[:checked]:bg-secondary-light'}`}>
      <label className={`flex items-center gap-3 ${disabled ? 'cursor-not-allowed' : 'cursor-pointer'}`}>
        <input
          type="radio"
          name="gateway"
          value={gateway.id}
          checked={checked}
          disabled={disabled}
          aria-describedby={note ? `${id}-note` : undefined}
          onChange={onChoose}
          className="accent-secondary"
        />
        <GatewayMark logo={gateway.logo} />
        <span className={`font-semibold ${disabled ? 'text-gray-700' : ''}`}>{gateway.name}</span>
      </label>
      {note ? (
        <p id={`${id}-note`} className={`ml-7 mt-1 text-sm ${disabled ? 'text-gray-700' : checked ? 'font-semibold text-gray-900' : 'text-gray-700'}`} data-testid={disabled ? 'unavailable-reason' : 'gateway-fee'}>
          {note}
        </p>
      ) : null}
      {children}
    </div>
  );
}

function BankDetails({ gateway }: { gateway: GatewayView | undefined }) {
  const config = (field: string) => gateway?.config.find((c) => c.field === field)?.value ?? null;
  return (
    <dl className="ml-7 mt-2 grid grid-cols-[auto_1fr] gap-x-3 text-sm" aria-label="Bank account details">
      <dt className="text-gray-700">Bank</dt>
      <dd>{config('bank') ?? BANK_DEPOSIT_ACCOUNT.bank}</dd>
      <dt className="text-gray-700">Account Name</dt>
      <dd>{config('accountName') ?? BANK_DEPOSIT_ACCOUNT.accountName}</dd>
      <dt className="text-gray-700">Account Number</dt>
      <dd>{config('accountNumber') ?? BANK_DEPOSIT_ACCOUNT.accountNumber}</dd>
    </dl>
  );
}
