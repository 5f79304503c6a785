// The checkout's card step (docs/product/orders-and-payments.md#saved-cards: choose a saved card or add a new one, then
// review). A new card goes through 3-D Secure and comes back to /checkout?payment=...
import { lazy, Suspense, useState } from 'react';
import type { SavedCard, Tokenizer } from '../../graphql/cards';
import { CARD_TEXT } from './card-messages';

// The card form shows only once Paymaya Vault is chosen: its code is not part of /checkout's first
// load (at most 150 KB of JavaScript).
const CardForm = lazy(() => import('./CardForm').then((m) => ({ default: m.CardForm })));

type Props = { cards: SavedCard[]; value: string | null; onChange: (cardId: string) => void; tokenizer: Tokenizer | null };

export function SavedCardPicker({ cards, value, onChange, tokenizer }: Props) {
  const [adding, setAdding] = useState(cards.length === 0);
  return (
    <div className="ml-7 mt-3 space-y-3">
      {cards.length > 0 ? (
        <fieldset className="space-y-2">
          <legend className="text-sm font-semibold">Saved cards</legend>
          {cards.map((card) => (
            <label key={card.id} className="flex cursor-pointer items-center gap-2 text-sm">
              <input type="radio" name="paymayaCardId" value={card.id} checked={value === card.id} onChange={() => onChange(card.id)} className="accent-secondary" />
              {card.name}
              {card.isDefault ? <span className="rounded bg-secondary-light px-2 py-0.5 text-xs">{CARD_TEXT.defaultBadge}</span> : null}
            </label>
          ))}
        </fieldset>
      ) : null}
      {adding && tokenizer ? (
        <Suspense fallback={null}>
          <CardForm tokenizer={tokenizer} returnTo="checkout" sandbox={tokenizer.url.includes('/sandbox/maya/')} />
        </Suspense>
      ) : tokenizer ? (
        <button type="button" className="btn-outline" onClick={() => setAdding(true)}>
          {CARD_TEXT.addCard}
        </button>
      ) : null}
    </div>
  );
}
