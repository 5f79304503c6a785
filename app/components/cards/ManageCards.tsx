// /account/cards (docs/product/orders-and-payments.md#saved-cards: Cards: table and 'Add Credit/Debit Card'; set-default only for
// non-default cards). Plain forms: they work without JavaScript.
import { Form, Link, useActionData, useNavigation } from 'react-router';
import type { SavedCard } from '../../graphql/cards';
import { EmptyState } from '../layout/EmptyState';
import { CARD_TEXT, type CardActionResult } from './card-messages';

export function ManageCards({ cards }: { cards: SavedCard[] }) {
  const result = useActionData<CardActionResult>();
  const busy = useNavigation().state !== 'idle';
  return (
    <section aria-labelledby="cards-title" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="cards-title" className="text-2xl font-bold">
          Manage Cards
        </h1>
        <Link to="/card/new" className="btn-primary">
          {CARD_TEXT.addCard}
        </Link>
      </div>
      {result && !result.ok ? (
        <p role="alert" className="text-sm text-red-700">
          {result.message || CARD_TEXT.actionFailed}
        </p>
      ) : null}
      {cards.length === 0 ? (
        <EmptyState title={CARD_TEXT.noCards} compact>
          Save a Visa or Mastercard once to pay in one step at checkout; pre-orders are paid with a saved card.
        </EmptyState>
      ) : (
        <table className="w-full text-left text-sm">
          <thead>
            <tr className="border-b border-gray-200">
              <th scope="col" className="py-2">Card</th>
              <th scope="col" className="py-2">Type</th>
              <th scope="col" className="py-2">Last Digits</th>
              <th scope="col" className="py-2">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {cards.map((card) => (
              <tr key={card.id} className="border-b border-gray-100">
                <td className="py-2 font-semibold">
                  {card.name}{' '}
                  {card.isDefault ? <span className="ml-2 rounded bg-secondary-light px-2 py-0.5 text-xs">{CARD_TEXT.defaultBadge}</span> : null}
                </td>
                <td className="py-2">{card.cardType}</td>
                <td className="py-2">{card.ccLastDigits}</td>
                <td className="py-2">
                  <div className="flex justify-end gap-2">
                    {card.isDefault ? null : (
                      <Form method="post">
                        <input type="hidden" name="intent" value="setDefaultCard" />
                        <input type="hidden" name="id" value={card.id} />
                        <button type="submit" className="btn-outline" disabled={busy} aria-label={`${CARD_TEXT.setDefault}: ${card.name}`}>
                          {CARD_TEXT.setDefault}
                        </button>
                      </Form>
                    )}
                    <Form method="post">
                      <input type="hidden" name="intent" value="deleteCard" />
                      <input type="hidden" name="id" value={card.id} />
                      <button type="submit" className="btn-outline" disabled={busy} aria-label={`${CARD_TEXT.remove}: ${card.name}`}>
                        {CARD_TEXT.remove}
                      </button>
                    </Form>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
