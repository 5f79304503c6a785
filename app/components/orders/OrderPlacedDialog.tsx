// The 'Order Placed' dialog of the order-placed landing (/account/orders?status=success&method=):
// the rulebook's text per gateway, the order number and, for Bank Deposit, where to pay and what next.
import { useNavigate } from 'react-router';
import {
  isBankDeposit,
  ORDER_PLACED_PAYMENT_FAILED,
  ORDER_PLACED_TITLE,
  orderPlacedMessage,
  PAYMENT_SUCCESS_TITLE,
  payFromOrderHint,
} from '../../../common/orders/order-placed';
import { Modal } from '../catalogue/Modal';
import { BankDepositDetails } from './BankDepositDetails';

/** `paid`: the provider's payment is recorded already (back from GCash, a wallet, 3-D Secure). */
export type PlacedOrder = { number: string; referenceKey: string; total: number; paid?: boolean } | null;

export function OrderPlacedDialog({ method, order, paymentFailed = false }: { method: string; order: PlacedOrder; paymentFailed?: boolean }) {
  const navigate = useNavigate();
  // Closing drops the query, so a reload does not show the dialog again.
  const close = () => void navigate('/account/orders', { replace: true, preventScrollReset: true });
  return (
    <Modal open onOpenChange={(open) => !open && close()} title={paymentFailed ? ORDER_PLACED_PAYMENT_FAILED.title : order?.paid ? PAYMENT_SUCCESS_TITLE : ORDER_PLACED_TITLE}>
      <div className="space-y-3 text-sm">
        <p>{paymentFailed ? ORDER_PLACED_PAYMENT_FAILED.text : orderPlacedMessage(method)}</p>
        {!paymentFailed && payFromOrderHint(method) ? <p className="font-semibold">{payFromOrderHint(method)}</p> : null}
        {order ? (
          <p>
            Order# <strong data-testid="placed-order-number">{order.referenceKey}</strong>
          </p>
        ) : null}
        {isBankDeposit(method) ? (
          <BankDepositDetails order={order} />
        ) : null}
        <div className="flex justify-end gap-2 pt-2">
          {order ? (
            <button
              type="button"
              className="rounded-md border border-gray-400 px-3 py-1.5 text-sm font-medium hover:bg-gray-50"
              onClick={() => void navigate(`/account/order-details/${order.number}`)}
            >
              {paymentFailed ? ORDER_PLACED_PAYMENT_FAILED.button : 'View Details'}
            </button>
          ) : null}
          <button type="button" className="btn-primary" onClick={close}>
            OK
          </button>
        </div>
      </div>
    </Modal>
  );
}
