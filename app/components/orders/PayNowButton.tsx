// The Pay Now button of an unpaid order (docs/product/orders-and-payments.md#order-actions, by payments[0].gateway):
// redirect gateways link to the payment's page, WeChat Pay opens the QR modal, PayPal and
// Dragonpay gateways ask the server for a fresh provider page, iPay88 posts its signed form, and
// card gateways open the pay-now card modal (a link to /card/new?order= without JavaScript).
import { lazy, Suspense, useRef, useState } from 'react';
import { useFetcher } from 'react-router';
import { payByCardUrl } from '../../../common/checkout/gateways';
import type { OrderSummaryData } from '../../graphql/orders';
import { Ipay88Form } from '../payments/Ipay88Form';
import { CheckoutDialog } from '../checkout/CheckoutDialog';
import { QrCodeDialog } from '../payments/QrCodeDialog';
import type { OrderActionResult } from './order-messages';

const button = 'btn-primary px-3 py-1.5 text-sm';
/** Where every order button posts (order-actions.server.ts). */
const ORDER_ACTION_PATH = '/account/orders';

// The card form, its rules and the tokenizer call load when the modal opens (or is about to:
// pointer over or focus on Pay Now), not with the order pages.
const loadPayByCard = () => import('./PayByCard');
const PayByCard = lazy(loadPayByCard);
export const CARD_DIALOG_TITLE = 'Debit/Credit Card';

const INTENTS: Record<string, string> = { PAYPAL: 'payPaypal', DRAGONPAY: 'payDragonpay', IPAY88: 'payIpay88' };

export function PayNowButton({ order }: { order: OrderSummaryData }) {
  const fetcher = useFetcher<OrderActionResult>();
  const [qrOpen, setQrOpen] = useState(false);
  const [cardOpen, setCardOpen] = useState(false);
  const cardLink = useRef<HTMLAnchorElement>(null);
  const payment = order.payments[0];
  if (!order.payNow || !payment) return null;
  const answer = fetcher.state === 'idle' ? fetcher.data : undefined;

  if (order.payNow === 'REDIRECT') {
    return payment.redirectUrl ? (
      <a href={payment.redirectUrl} className={button}>
        Pay Now
      </a>
    ) : null;
  }
  if (order.payNow === 'QR') {
    const image = payment.weChatPay?.qrCodeImg ?? null;
    return (
      <>
        <button type="button" className={button} onClick={() => setQrOpen(true)}>
          Pay Now
        </button>
        <QrCodeDialog open={qrOpen} qrCode={image?.url ?? null} alt={image?.alt} onClose={() => setQrOpen(false)} doneLabel="Close" />
      </>
    );
  }
  if (order.payNow === 'CARD') {
    return (
      <>
        <a
          ref={cardLink}
          href={payByCardUrl(order.id)}
          className={button}
          aria-haspopup="dialog"
          onPointerEnter={() => void loadPayByCard()}
          onFocus={() => void loadPayByCard()}
          onClick={(e) => {
            // A new tab or window (modifier keys, middle button) still gets the page.
            if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
            e.preventDefault();
            setCardOpen(true);
          }}
        >
          Pay Now
        </a>
        <CheckoutDialog open={cardOpen} onClose={() => setCardOpen(false)} title={CARD_DIALOG_TITLE} returnFocus={cardLink}>
          {cardOpen ? (
            <Suspense
              fallback={
                <p role="status" className="text-sm text-gray-700">
                  Loading…
                </p>
              }
            >
              <PayByCard orderId={order.id} />
            </Suspense>
          ) : null}
        </CheckoutDialog>
      </>
    );
  }
  const intent = INTENTS[order.payNow];
  if (!intent) return null;
  return (
    <>
      <button
        type="button"
        className={button}
        disabled={fetcher.state !== 'idle'}
        onClick={() => void fetcher.submit({ intent, orderId: order.id }, { method: 'post', action: ORDER_ACTION_PATH })}
      >
        Pay Now
      </button>
      {answer && !answer.ok ? (
        <p role="alert" className="w-full text-sm text-red-700">
          {answer.message}
        </p>
      ) : null}
      {answer?.ipay88 ? <Ipay88Form fields={answer.ipay88} /> : null}
    </>
  );
}
