// The card form (docs/product/orders-and-payments.md#saved-cards): checked in the browser with the shared rules, sent
// to the tokenizer from the browser, and only the token, brand and last 4 go to the shop.
// Its inputs have no names, so nothing typed here can ever be posted to the shop.
import { useEffect, useId, useState } from 'react';
import { useFetcher } from 'react-router';
import { CARD_MAX_LENGTH, cardYears, checkCard } from '../../../common/payments/card';
import type { Tokenizer } from '../../graphql/cards';
import { CARD_TEXT, type CardActionResult } from './card-messages';
import { tokenizeCard } from './tokenize';

type Props = {
  tokenizer: Tokenizer;
  /** Where 3-D Secure returns the customer: the card result page or the checkout. */
  returnTo?: 'card' | 'checkout';
  sandbox?: boolean;
  /** Pay this unpaid order with the card (Paymaya On-demand) instead of saving it. */
  payOrderId?: string;
};

export function CardForm({ tokenizer, returnTo = 'card', sandbox, payOrderId }: Props) {
  const id = useId();
  const fetcher = useFetcher<CardActionResult>();
  const [card, setCard] = useState({ number: '', expMonth: '', expYear: '', cvc: '' });
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const result = fetcher.state === 'idle' ? fetcher.data : undefined;
  const verificationUrl = result?.ok ? result.verificationUrl : undefined;
  useEffect(() => {
    // 3-D Secure happens on the provider's page.
    if (verificationUrl) window.location.assign(verificationUrl);
  }, [verificationUrl]);
  const serverError = result && !result.ok ? result.message || CARD_TEXT.failed : null;
  const shownError = error ?? (sending ? null : serverError);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setError(null);
    const check = checkCard(card);
    if (!check.ok) return setError(check.message);
    setSending(true);
    const paymentToken = await tokenizeCard(tokenizer, check.card);
    setSending(false);
    if (!paymentToken) return setError(CARD_TEXT.failed);
    await fetcher.submit(
      payOrderId
        ? { intent: 'payCard', orderId: payOrderId, paymentToken }
        : { intent: 'createCard', paymentToken, cardType: check.brand, ccLastDigits: check.last4, returnTo },
      { method: 'post', action: '/card/new' },
    );
  }

  const digitsOnly = (value: string, max: number) => value.replace(/\D/g, '').slice(0, max);
  const busy = sending || fetcher.state !== 'idle' || Boolean(verificationUrl);

  return (
    <form onSubmit={submit} noValidate className="max-w-md space-y-4" aria-describedby={shownError ? `${id}-error` : undefined}>
      <div>
        <label htmlFor={`${id}-number`} className="block text-sm font-semibold">
          {CARD_TEXT.cardNumber}
        </label>
        <input
          id={`${id}-number`}
          inputMode="numeric"
          autoComplete="cc-number"
          maxLength={CARD_MAX_LENGTH.number}
          value={card.number}
          onChange={(e) => setCard({ ...card, number: digitsOnly(e.target.value, CARD_MAX_LENGTH.number) })}
          className="mt-1 w-full rounded-md border border-gray-300 px-3 py-2"
        />
      </div>
      <div className="grid grid-cols-3 gap-3">
        <div>
          <label htmlFor={`${id}-month`} className="block text-sm font-semibold">
            {CARD_TEXT.month}
          </label>
          <input
            id={`${id}-month`}
            inputMode="numeric"
            autoComplete="cc-exp-month"
            placeholder="MM"
            maxLength={CARD_MAX_LENGTH.month}
            value={card.expMonth}
            onChange={(e) => setCard({ ...card, expMonth: digitsOnly(e.target.value, CARD_MAX_LENGTH.month) })}
            className="mt-1 w-full rounded-md border border-gray-300 px-3 py-2"
          />
        </div>
        <div>
          <label htmlFor={`${id}-year`} className="block text-sm font-semibold">
            {CARD_TEXT.year}
          </label>
          <select
            id={`${id}-year`}
            autoComplete="cc-exp-year"
            value={card.expYear}
            onChange={(e) => setCard({ ...card, expYear: e.target.value })}
            className="mt-1 w-full rounded-md border border-gray-300 bg-white px-3 py-2"
          >
            <option value="">YYYY</option>
            {cardYears().map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-cvv`} className="block text-sm font-semibold">
            {CARD_TEXT.cvv}
          </label>
          <input
            id={`${id}-cvv`}
            type="password"
            inputMode="numeric"
            autoComplete="cc-csc"
            maxLength={CARD_MAX_LENGTH.cvc}
            value={card.cvc}
            onChange={(e) => setCard({ ...card, cvc: digitsOnly(e.target.value, CARD_MAX_LENGTH.cvc) })}
            className="mt-1 w-full rounded-md border border-gray-300 px-3 py-2"
          />
        </div>
      </div>
      {shownError ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
          {shownError}
        </p>
      ) : null}
      {result?.ok && result.message ? <p role="status">{result.message}</p> : null}
      {sandbox ? <p className="text-xs text-gray-600">{CARD_TEXT.sandboxNote}</p> : null}
      <button type="submit" className="btn-primary" disabled={busy}>
        {busy ? (payOrderId ? 'Paying…' : 'Saving…') : payOrderId ? CARD_TEXT.payNow : CARD_TEXT.saveCard}
      </button>
      <noscript>
        <p className="text-sm text-red-700">{CARD_TEXT.noScript}</p>
      </noscript>
    </form>
  );
}
