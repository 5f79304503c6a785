// The Pay Now button of an unpaid order (spec 1 "Order actions", by payments[0].gateway):
// redirect gateways link to the payment's page, WeChat Pay opens the QR modal, PayPal and
// Dragonpay gateways ask the server for a fresh provider page, iPay88 posts its signed form.
import { useState } from 'react';
import { useFetcher } from 'react-router';
import { payByCardUrl } from '../../../common/checkout/gateways';
import type { OrderSummaryData } from '../../graphql/orders';
import { Ipay88Form } from '../payments/Ipay88Form';
import { QrCodeDialog } from '../payments/QrCodeDialog';
import type { OrderActionResult } from './order-messages';

const button = 'btn-primary px-3 py-1.5 text-sm';
/** Where every order button posts (order-actions.server.ts). */
const ORDER_ACTION_PATH = '/account/orders';

const INTENTS: Record<string, string> = { PAYPAL: 'payPaypal', DRAGONPAY: 'payDragonpay', IPAY88: 'payIpay88' };

export function PayNowButton({ order }: { order: OrderSummaryData }) {
  const fetcher = useFetcher<OrderActionResult>();
  const [qrOpen, setQrOpen] = useState(false);
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
      <a href={payByCardUrl(order.id)} className={button}>
        Pay Now
      </a>
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
