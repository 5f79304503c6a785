// The one 'Debit/Credit Card' choice of the payment step (ADR 042): once chosen, the shopper
// picks how the card pays, each way one of the Maya card gateways:
// - a saved card: Paymaya Vault, held and charged when staff confirm (the only card a pre-order
//   takes); 'Add Credit/Debit Card' saves one through 3-D Secure and comes back here;
// - a new card typed here: Paymaya Checkout, tokenised when the order is reviewed and charged as
//   soon as the order exists (3-D Secure, else 'Payment sent!');
// - a card given later: Paymaya On-demand, paid from the order's Pay Now.
// A way this checkout may not use stays listed, disabled, with the reason.
import { lazy, Suspense, useId, useState } from 'react';
import { CARD_CHOICE, PAYMAYA_CHECKOUT, PAYMAYA_ON_DEMAND, PAYMAYA_VAULT, defaultCardGateway, isCardGateway, type ChooserGateway } from '../../../common/checkout/payment-groups';
import type { CardInput } from '../../../common/payments/card';
import type { SavedCard, Tokenizer } from '../../graphql/cards';
import { CARD_TEXT } from '../cards/card-messages';
import type { GatewayView } from './types';

// The card fields, their rules and the tokenizer load once a card way that needs them is chosen
// (the checkout's first load stays within its JavaScript budget).
export const loadNewCardFields = () => import('./NewCardFields');
const NewCardFields = lazy(loadNewCardFields);
const CardForm = lazy(() => import('../cards/CardForm').then((m) => ({ default: m.CardForm })));

export const EMPTY_CARD_INPUT: CardInput = { number: '', expMonth: '', expYear: '', cvc: '' };

export function tokenizerOfGateway(gateway: GatewayView | undefined): Tokenizer | null {
  const url = gateway?.config.find((c) => c.field === 'tokenizerUrl')?.value;
  const publicKey = gateway?.config.find((c) => c.field === 'publicKey')?.value;
  return url && publicKey ? { url, publicKey } : null;
}

/** What each card way says under its name. */
const WAY_NOTES: Record<string, string> = {
  [PAYMAYA_VAULT]: 'Held, and charged only when we confirm your order.',
  [PAYMAYA_CHECKOUT]: "Charged as soon as you place your order, after your bank's security check.",
  [PAYMAYA_ON_DEMAND]: 'Place your order now, then pay by card with Pay Now on the order.',
};

/** A card way refused for a pre-order says what does pay for one. */
function wayRefusal(gateway: ChooserGateway): string | null {
  if (!gateway.unavailable) return null;
  return gateway.reason === 'PRE_ORDER' ? 'Not for pre-orders: pay them with a saved card, charged only when we confirm your order.' : gateway.unavailable;
}

type Props = {
  /** The card gateways the shop offers, in CARD_GATEWAYS order. */
  gateways: ChooserGateway[];
  /** Why the whole card choice is unavailable, or null. */
  unavailable: string | null;
  /** The available gateways' settings (the tokenizer). */
  configs: GatewayView[];
  value: string | null;
  onChange: (gateway: string) => void;
  cards: SavedCard[];
  cardId: string | null;
  onCardChange: (cardId: string) => void;
  newCard: CardInput;
  onNewCardChange: (card: CardInput) => void;
};

export function CardChoice({ gateways, unavailable, configs, value, onChange, cards, cardId, onCardChange, newCard, onNewCardChange }: Props) {
  const id = useId();
  const [adding, setAdding] = useState(false);
  const chosen = isCardGateway(value);
  const byId = (gateway: string) => gateways.find((g) => g.id === gateway);
  const vault = byId(PAYMAYA_VAULT);
  const checkout = byId(PAYMAYA_CHECKOUT);
  const onDemand = byId(PAYMAYA_ON_DEMAND);
  const vaultTokenizer = tokenizerOfGateway(configs.find((g) => g.name === PAYMAYA_VAULT));
  const checkoutTokenizer = tokenizerOfGateway(configs.find((g) => g.name === PAYMAYA_CHECKOUT));
  const sandbox = (t: Tokenizer | null) => !!t && t.url.includes('/sandbox/maya/');

  const chooseCard = () => {
    const first = defaultCardGateway(gateways, cards.length > 0);
    if (!first) return;
    onChange(first);
    if (first === PAYMAYA_VAULT && !cardId && cards[0]) onCardChange(cards.find((c) => c.isDefault)?.id ?? cards[0].id);
  };

  return (
    <div className={`rounded-md border p-3 ${unavailable ? 'border-gray-200 bg-gray-50' : 'border-gray-300 has-[:checked]:border-secondary has-[:checked]:bg-secondary-light'}`}>
      <label className={`flex items-center gap-3 ${unavailable ? 'cursor-not-allowed' : 'cursor-pointer'}`}>
        <input
          type="radio"
          name="gateway"
          value="card"
          checked={chosen}
          disabled={unavailable !== null}
          aria-describedby={unavailable ? `${id}-note` : undefined}
          onChange={chooseCard}
          className="accent-secondary"
        />
        <CardMarks />
        <span className={`font-semibold ${unavailable ? 'text-gray-700' : ''}`}>{CARD_CHOICE}</span>
      </label>
      {unavailable ? (
        <p id={`${id}-note`} className="ml-7 mt-1 text-sm text-gray-700" data-testid="unavailable-reason">
          {unavailable}
        </p>
      ) : null}
      {chosen ? (
        <fieldset className="ml-7 mt-3 space-y-3">
          <legend className="text-sm font-semibold">Pay with</legend>
          {vault
            ? cards.map((card) => (
                <Way
                  key={card.id}
                  label={
                    <>
                      {card.name}
                      {card.isDefault ? <span className="ml-2 rounded bg-secondary-light px-2 py-0.5 text-xs">{CARD_TEXT.defaultBadge}</span> : null}
                    </>
                  }
                  note={wayRefusal(vault) ?? WAY_NOTES[PAYMAYA_VAULT]!}
                  disabled={!!vault.unavailable}
                  checked={value === PAYMAYA_VAULT && cardId === card.id}
                  onChoose={() => {
                    onChange(PAYMAYA_VAULT);
                    onCardChange(card.id);
                  }}
                />
              ))
            : null}
          {checkout ? (
            <Way
              label="A new card"
              note={wayRefusal(checkout) ?? WAY_NOTES[PAYMAYA_CHECKOUT]!}
              disabled={!!checkout.unavailable}
              checked={value === PAYMAYA_CHECKOUT}
              onChoose={() => onChange(PAYMAYA_CHECKOUT)}
            >
              {value === PAYMAYA_CHECKOUT ? (
                <Suspense fallback={null}>
                  <NewCardFields value={newCard} onChange={onNewCardChange} sandbox={sandbox(checkoutTokenizer)} />
                </Suspense>
              ) : null}
            </Way>
          ) : null}
          {onDemand ? (
            <Way
              label="Pay by card later, from your order"
              note={wayRefusal(onDemand) ?? WAY_NOTES[PAYMAYA_ON_DEMAND]!}
              disabled={!!onDemand.unavailable}
              checked={value === PAYMAYA_ON_DEMAND}
              onChoose={() => onChange(PAYMAYA_ON_DEMAND)}
            />
          ) : null}
          {vault && !vault.unavailable && vaultTokenizer ? (
            adding ? (
              <div className="rounded-md border border-gray-200 bg-white p-3">
                <p className="mb-2 text-sm text-gray-700">Save a card to pay with it now and next time (your bank checks it first).</p>
                <Suspense fallback={null}>
                  <CardForm tokenizer={vaultTokenizer} returnTo="checkout" sandbox={sandbox(vaultTokenizer)} />
                </Suspense>
              </div>
            ) : (
              <p className="text-sm text-gray-700">
                Keep a card for next time (and for pre-orders):{' '}
                <button type="button" className="font-semibold text-secondary-dark underline" onClick={() => setAdding(true)}>
                  {CARD_TEXT.addCard}
                </button>
              </p>
            )
          ) : null}
        </fieldset>
      ) : null}
    </div>
  );
}

function Way({ label, note, disabled, checked, onChoose, children }: { label: React.ReactNode; note: string; disabled: boolean; checked: boolean; onChoose: () => void; children?: React.ReactNode }) {
  const id = useId();
  return (
    <div>
      <label className={`flex items-center gap-2 text-sm ${disabled ? 'cursor-not-allowed text-gray-700' : 'cursor-pointer'}`}>
        <input type="radio" name="card-way" checked={checked} disabled={disabled} onChange={onChoose} aria-describedby={`${id}-note`} className="accent-secondary" />
        <span className="font-medium">{label}</span>
      </label>
      <p id={`${id}-note`} className="ml-6 text-xs text-gray-700" data-testid={disabled ? 'unavailable-reason' : undefined}>
        {note}
      </p>
      {children}
    </div>
  );
}

/** Visa, Mastercard and JCB as small text badges: the card networks the shop takes. */
function CardMarks() {
  return (
    <span aria-hidden="true" className="flex shrink-0 gap-0.5 text-[9px] font-bold leading-4 text-white">
      <span className="rounded-sm bg-[#1a1f71] px-1">VISA</span>
      <span className="rounded-sm bg-[#c2410c] px-1">MC</span>
      <span className="rounded-sm bg-[#0b6b3a] px-1">JCB</span>
    </span>
  );
}
