// /payment/{type}: returns from payment pages (docs/product/content.md#routes). PayPal sends the shopper
// back with ?token and the shop captures the payment; a failure sends the shopper to
// /account/orders (docs/product/orders-and-payments.md#after-placing). Any other type is the card result page, reading
// payment = success, failed or cancelled.
import { Link, redirect } from 'react-router';
import type { Route } from './+types/payment';
import { PAYMENT_SUCCESSFUL, PAYPAL_AUTHORISED } from '../../common/checkout/gateways';
import { CardResult, cardOutcome } from '../components/cards/CardResult';
import { CheckoutExistsQuery } from '../graphql/cards';
import { CapturePaypalTransactionMutation } from '../graphql/payments';
import { query, requireViewer } from '../lib/api.server';

export const meta: Route.MetaFunction = () => [{ title: 'Payment | Suki' }, { name: 'robots', content: 'noindex' }];

export async function loader({ context, params, request }: Route.LoaderArgs) {
  await requireViewer(context);
  const search = new URL(request.url).searchParams;
  if (params.type !== 'paypal') {
    const outcome = cardOutcome(search.get('payment'));
    const hasCheckout = Boolean((await query(context, CheckoutExistsQuery)).me?.checkout);
    return { kind: 'card' as const, outcome, hasCheckout };
  }
  const token = search.get('token')?.trim() ?? '';
  if (!token || search.has('outcome')) throw redirect('/account/orders');
  const captured = (await query(context, CapturePaypalTransactionMutation, { paypalTransactionId: token })).capturePaypalTransaction;
  if (!captured?.order || captured.errors?.length) throw redirect('/account/orders');
  // A pre-order is only authorised until staff confirm it (ADR 040): nothing was charged yet.
  return { kind: 'paypal' as const, orderId: captured.order.id, authorised: captured.order.captureStatus === 'AUTHORIZED' };
}

export default function Page({ loaderData }: Route.ComponentProps) {
  if (loaderData.kind === 'card') return <CardResult outcome={loaderData.outcome} hasCheckout={loaderData.hasCheckout} />;
  return (
    <section className="container-page py-16 text-center">
      <h1 className="text-3xl font-bold">{loaderData.authorised ? PAYPAL_AUTHORISED.title : PAYMENT_SUCCESSFUL}</h1>
      <p className="mt-4">{loaderData.authorised ? PAYPAL_AUTHORISED.text : 'Thank you! Your PayPal payment was received.'}</p>
      <div className="mt-6 flex justify-center gap-3">
        <Link to={`/account/order-details/${loaderData.orderId}`} className="btn-primary">
          Order Status
        </Link>
        <Link to="/account/orders" className="btn-outline">
          My Orders
        </Link>
      </div>
    </section>
  );
}
