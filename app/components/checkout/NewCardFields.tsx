// The card typed in the payment step for Paymaya Checkout (ADR 042): checked with the shared card
// rules and tokenised in the browser straight with the provider when the shopper reviews the
// order; only the token goes to the shop, which charges it once the order exists. The inputs
// have no names, so nothing typed here is ever posted. Loaded only when a new card is chosen.
import { useId } from 'react';
import { CARD_MAX_LENGTH, cardYears, checkCard, type CardInput } from '../../../common/payments/card';
import type { Tokenizer } from '../../graphql/cards';
import { CARD_TEXT } from '../cards/card-messages';
import { tokenizeCard } from '../cards/tokenize';

/** The card checked, then its payment token from the provider; or the message to show. */
export async function tokenizeNewCard(card: CardInput, tokenizer: Tokenizer | null): Promise<{ ok: true; token: string } | { ok: false; message: string }> {
  const check = checkCard(card);
  if (!check.ok) return { ok: false, message: check.message };
  const token = tokenizer ? await tokenizeCard(tokenizer, check.card) : null;
  return token ? { ok: true, token } : { ok: false, message: CARD_TEXT.failed };
}

const digitsOnly = (value: string, max: number) => value.replace(/\D/g, '').slice(0, max);

export default function NewCardFields({ value, onChange, sandbox }: { value: CardInput; onChange: (card: CardInput) => void; sandbox: boolean }) {
  const id = useId();
  const input = 'mt-1 w-full rounded-md border border-gray-400 bg-white px-3 py-2';
  return (
    <div className="mt-3 max-w-md space-y-3">
      <div>
        <label htmlFor={`${id}-number`} className="block text-sm font-semibold">
          {CARD_TEXT.cardNumber}
        </label>
        <input
          id={`${id}-number`}
          inputMode="numeric"
          autoComplete="cc-number"
          maxLength={CARD_MAX_LENGTH.number}
          value={value.number}
          onChange={(e) => onChange({ ...value, number: digitsOnly(e.target.value, CARD_MAX_LENGTH.number) })}
          className={input}
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
            value={value.expMonth}
            onChange={(e) => onChange({ ...value, expMonth: digitsOnly(e.target.value, CARD_MAX_LENGTH.month) })}
            className={input}
          />
        </div>
        <div>
          <label htmlFor={`${id}-year`} className="block text-sm font-semibold">
            {CARD_TEXT.year}
          </label>
          <select id={`${id}-year`} autoComplete="cc-exp-year" value={value.expYear} onChange={(e) => onChange({ ...value, expYear: e.target.value })} className={input}>
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
            value={value.cvc}
            onChange={(e) => onChange({ ...value, cvc: digitsOnly(e.target.value, CARD_MAX_LENGTH.cvc) })}
            className={input}
          />
        </div>
      </div>
      {sandbox ? <p className="text-xs text-gray-700">{CARD_TEXT.sandboxNote}</p> : null}
    </div>
  );
}
