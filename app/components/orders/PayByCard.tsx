// The pay-now card modal's content (docs/product/orders-and-payments.md#order-actions: Paymaya Vault and On-demand), loaded
// only when the modal opens: it asks /card/new's loader for the tokenizer of this order, then
// shows the card form, which pays the order and follows 3-D Secure or says 'Payment sent!'.
import { useEffect } from 'react';
import { useFetcher } from 'react-router';
import { payByCardUrl } from '../../../common/checkout/gateways';
import type { Tokenizer } from '../../graphql/cards';
import { CardForm } from '../cards/CardForm';
import { CARD_TEXT } from '../cards/card-messages';

type CardNewData = { tokenizer: Tokenizer | null; payOrderId: string | null };

export default function PayByCard({ orderId }: { orderId: string }) {
  const loader = useFetcher<CardNewData>();
  const url = payByCardUrl(orderId);
  useEffect(() => {
    // Once per opening: the modal's content mounts when it opens and unmounts when it closes.
    void loader.load(url);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- loader.load is a new function each render
  }, [url]);

  // A loader that fails reaches the route's error boundary (React Router's fetcher rule).
  if (!loader.data) {
    return (
      <p role="status" className="text-sm text-gray-700">
        Loading…
      </p>
    );
  }
  const { tokenizer } = loader.data;
  if (!tokenizer) return <p role="alert">{CARD_TEXT.failed}</p>;
  return <CardForm tokenizer={tokenizer} sandbox={tokenizer.url.includes('/sandbox/maya/')} payOrderId={orderId} />;
}
