// /card/new: add a credit/debit card. The form tokenises in the browser; 3-D Secure follows,
// then the card result page (/payment/card?payment=...).
import { Link } from 'react-router';
import type { Route } from './+types/card-new';
import { CardForm } from '../components/cards/CardForm';
import { CARD_TEXT } from '../components/cards/card-messages';
import { cardsAction } from '../components/cards/cards-actions.server';
import { PAYMENT_METHODS_SIZE, PaymentMethodsQuery, toPaymentMethods, tokenizerOf } from '../graphql/cards';
import { query, requireViewer } from '../lib/api.server';

export const meta: Route.MetaFunction = () => [{ title: 'Add Credit/Debit Card | Suki' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireViewer(context);
  const methods = toPaymentMethods(await query(context, PaymentMethodsQuery, { first: PAYMENT_METHODS_SIZE }));
  // ?order=: pay that unpaid Paymaya On-demand order with a new card (its Pay Now).
  const payOrderId = new URL(request.url).searchParams.get('order')?.slice(0, 100) || null;
  return { tokenizer: tokenizerOf(methods), payOrderId };
}

export async function action({ request, context }: Route.ActionArgs) {
  return cardsAction(request, context);
}

export default function CardNew({ loaderData }: Route.ComponentProps) {
  const { tokenizer, payOrderId } = loaderData;
  return (
    <section className="container-page py-8">
      <h1 className="mb-6 text-2xl font-bold">{payOrderId ? 'Debit/Credit Card' : CARD_TEXT.addCard}</h1>
      {tokenizer ? (
        <CardForm tokenizer={tokenizer} sandbox={tokenizer.url.includes('/sandbox/maya/')} payOrderId={payOrderId ?? undefined} />
      ) : (
        <p role="status">{CARD_TEXT.failed}</p>
      )}
      <p className="mt-6">
        <Link to="/account/cards" className="text-secondary underline">
          Manage Cards
        </Link>
      </p>
    </section>
  );
}
