// /account/payment_methods (docs/product/accounts.md#default-payment-method: radio list and 'Set Default Payment Method'). Choosing the
// card method without a saved card opens the add-card dialog (docs/product/orders-and-payments.md#saved-cards).
import { useState } from 'react';
import { Form, useActionData, useNavigation } from 'react-router';
import { PAYMAYA_VAULT, type PaymentMethodView, type Tokenizer } from '../../graphql/cards';
import { Modal } from '../catalogue/Modal';
import { CardForm } from './CardForm';
import { CARD_TEXT, type CardActionResult } from './card-messages';
import { CARD_WAY_LABELS } from '../../../common/checkout/payment-groups';

type Props = { methods: PaymentMethodView[]; defaultId: string | null; hasCards: boolean; tokenizer: Tokenizer | null };

export function PaymentMethodsPanel({ methods, defaultId, hasCards, tokenizer }: Props) {
  const result = useActionData<CardActionResult>();
  const busy = useNavigation().state !== 'idle';
  const [chosen, setChosen] = useState(defaultId ?? '');
  const [addCard, setAddCard] = useState(false);
  return (
    <section aria-labelledby="methods-title" className="space-y-4">
      <h1 id="methods-title" className="text-2xl font-bold">
        Payment Methods
      </h1>
      <Form
        method="post"
        className="space-y-3"
        onSubmit={(event) => {
          if (chosen === PAYMAYA_VAULT && !hasCards && tokenizer) {
            event.preventDefault();
            setAddCard(true);
          }
        }}
      >
        <input type="hidden" name="intent" value="setDefaultPaymentMethod" />
        <fieldset className="space-y-2">
          <legend className="sr-only">Payment methods</legend>
          {methods.map((m) => (
            <label key={m.id} className="flex cursor-pointer items-center gap-3 rounded-md border border-gray-300 p-3 has-[:checked]:border-secondary">
              <input
                type="radio"
                name="paymentMethodId"
                value={m.id}
                checked={chosen === m.id}
                onChange={() => setChosen(m.id)}
                className="accent-secondary"
              />
              {m.logo ? <img src={m.logo} alt="" width={60} height={20} className="h-5 w-auto" /> : null}
              <span className="font-semibold">
                {m.name}
                {CARD_WAY_LABELS[m.gatewayName] ? <span className="font-normal text-gray-700"> ({CARD_WAY_LABELS[m.gatewayName]})</span> : null}
              </span>
              {defaultId === m.id ? <span className="ml-auto rounded bg-secondary-light px-2 py-0.5 text-xs">{CARD_TEXT.defaultBadge}</span> : null}
            </label>
          ))}
        </fieldset>
        {result ? (
          <p role={result.ok ? 'status' : 'alert'} className={result.ok ? 'text-sm text-green-700' : 'text-sm text-red-700'}>
            {result.ok ? CARD_TEXT.defaultMethodUpdated : result.message || CARD_TEXT.failed}
          </p>
        ) : null}
        <button type="submit" className="btn-primary" disabled={busy || !chosen}>
          {CARD_TEXT.setDefaultMethod}
        </button>
      </Form>
      {tokenizer ? (
        <Modal open={addCard} onOpenChange={setAddCard} title={CARD_TEXT.addCard}>
          <CardForm tokenizer={tokenizer} sandbox={tokenizer.url.includes('/sandbox/maya/')} />
        </Modal>
      ) : null}
    </section>
  );
}
