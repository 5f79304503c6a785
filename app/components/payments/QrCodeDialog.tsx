// WeChat Pay's QR dialog (after Place Order, and Pay Now on an unpaid order): scan to pay, or
// 'QR Code Unavailable' when the server gave no code. Once the shopper has paid on the phone,
// "I have paid" says 'Payment Sent!' and what happens next: the payment is only the shop's once
// WeChat Pay reports it, which the order's payment status then shows.
import { useState } from 'react';
import { CheckoutDialog } from '../checkout/CheckoutDialog';

export const QR_UNAVAILABLE = 'QR Code Unavailable';
export const PAYMENT_SENT = 'Payment Sent!';
export const PAYMENT_SENT_TEXT =
  'Thank you! We confirm your order as soon as WeChat Pay tells us your payment arrived; your order’s payment status shows it.';

type Props = {
  open: boolean;
  qrCode: string | null;
  alt?: string;
  onClose: () => void;
  /** The label of the button that closes it. */
  doneLabel?: string;
};

export function QrCodeDialog({ open, qrCode, alt = 'Scan to pay with WeChat Pay', onClose, doneLabel = 'Done' }: Props) {
  const [sent, setSent] = useState(false);
  const close = () => {
    setSent(false);
    onClose();
  };
  return (
    <CheckoutDialog
      open={open}
      onClose={close}
      title={sent ? PAYMENT_SENT : qrCode ? 'WeChat Pay' : QR_UNAVAILABLE}
      footer={
        <>
          {qrCode && !sent ? (
            <button type="button" className="btn-outline" onClick={() => setSent(true)}>
              I have paid
            </button>
          ) : null}
          <button type="button" className="btn-primary" onClick={close}>
            {doneLabel}
          </button>
        </>
      }
    >
      {sent ? (
        <p>{PAYMENT_SENT_TEXT}</p>
      ) : qrCode ? (
        <div className="flex flex-col items-center gap-3">
          <img src={qrCode} alt={alt} width={280} height={280} className="h-64 w-64" />
          <p className="text-sm text-gray-700">Scan this code with WeChat to pay for your order.</p>
        </div>
      ) : (
        <p>{QR_UNAVAILABLE}</p>
      )}
    </CheckoutDialog>
  );
}
