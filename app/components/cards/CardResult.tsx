// The card result page (docs/product/content.md#routes: payment = success, failed or cancelled), shown
// after 3-D Secure; links to /checkout (only when a checkout exists) and /account.
import { Link } from 'react-router';
import { CARD_TEXT } from './card-messages';

export type CardOutcome = 'success' | 'failed' | 'cancelled';

export function cardOutcome(value: string | null): CardOutcome {
  return value === 'success' || value === 'cancelled' ? value : 'failed';
}

export function CardResult({ outcome, hasCheckout }: { outcome: CardOutcome; hasCheckout: boolean }) {
  const [title, body] =
    outcome === 'success'
      ? [CARD_TEXT.resultSuccess, CARD_TEXT.resultSuccessBody]
      : outcome === 'cancelled'
        ? [CARD_TEXT.resultCancelled, null]
        : [CARD_TEXT.resultFailed, CARD_TEXT.resultFailedBody];
  return (
    <section className="container-page py-12 text-center" aria-labelledby="card-result-title">
      <h1 id="card-result-title" className="text-2xl font-bold">
        {title}
      </h1>
      {body ? <p className="mt-2 text-gray-700">{body}</p> : null}
      <div className="mt-6 flex justify-center gap-3">
        {hasCheckout ? (
          <Link to="/checkout" className="btn-primary">
            Checkout
          </Link>
        ) : null}
        <Link to="/account" className="btn-outline">
          Account
        </Link>
        {outcome === 'success' ? (
          <Link to="/account/cards" className="btn-outline">
            Manage Cards
          </Link>
        ) : null}
      </div>
    </section>
  );
}
