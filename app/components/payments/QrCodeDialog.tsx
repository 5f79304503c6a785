// WeChat Pay's QR dialog (after Place Order, and Pay Now on an unpaid order): scan to pay, or
// 'QR Code Unavailable' when the server gave no code.
import { CheckoutDialog } from '../checkout/CheckoutDialog';

export const QR_UNAVAILABLE = 'QR Code Unavailable';

type Props = {
  open: boolean;
  qrCode: string | null;
  alt?: string;
  onClose: () => void;
  /** The label of the button that closes it. */
  doneLabel?: string;
};

export function QrCodeDialog({ open, qrCode, alt = 'Scan to pay with WeChat Pay', onClose, doneLabel = 'Done' }: Props) {
  return (
    <CheckoutDialog
      open={open}
      onClose={onClose}
      title={qrCode ? 'WeChat Pay' : QR_UNAVAILABLE}
      footer={
        <button type="button" className="btn-primary" onClick={onClose}>
          {doneLabel}
        </button>
      }
    >
      {qrCode ? (
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
