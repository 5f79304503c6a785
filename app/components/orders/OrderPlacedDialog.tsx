// The 'Order Placed' dialog of the order-placed landing (/account/orders?status=success&method=):
// the spec's text per gateway, the order number and, for Bank Deposit, where to pay and what next.
import { useNavigate } from 'react-router';
import {
  BANK_DETAILS_ROWS,
  bankDepositSteps,
  isBankDeposit,
  ORDER_PLACED_TITLE,
  orderPlacedMessage,
} from '../../../common/orders/order-placed';
import { Modal } from '../catalogue/Modal';
import { peso } from './OrderCard';

export type PlacedOrder = { number: string; referenceKey: string; total: number } | null;

export function OrderPlacedDialog({ method, order }: { method: string; order: PlacedOrder }) {
  const navigate = useNavigate();
  // Closing drops the query, so a reload does not show the dialog again.
  const close = () => void navigate('/account/orders', { replace: true, preventScrollReset: true });
  return (
    <Modal open onOpenChange={(open) => !open && close()} title={ORDER_PLACED_TITLE}>
      <div className="space-y-3 text-sm">
        <p>{orderPlacedMessage(method)}</p>
        {order ? (
          <p>
            Order# <strong data-testid="placed-order-number">{order.referenceKey}</strong>
          </p>
        ) : null}
        {isBankDeposit(method) ? (
          <section aria-labelledby="bank-details-title" className="rounded-md border border-gray-200 bg-gray-50 p-3">
            <h3 id="bank-details-title" className="font-bold">
              Bank deposit details
            </h3>
            <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
              {BANK_DETAILS_ROWS.map(([label, value]) => (
                <div key={label} className="contents">
                  <dt className="text-gray-700">{label}</dt>
                  <dd className="font-semibold">{value}</dd>
                </div>
              ))}
              {order ? (
                <div className="contents">
                  <dt className="text-gray-700">Amount</dt>
                  <dd className="font-semibold">{peso(order.total)}</dd>
                </div>
              ) : null}
            </dl>
            <h3 className="mt-3 font-bold">What to do next</h3>
            <ol className="mt-1 list-decimal space-y-1 pl-5">
              {bankDepositSteps(peso(order?.total ?? 0), order?.referenceKey ?? '').map((step) => (
                <li key={step}>{step}</li>
              ))}
            </ol>
          </section>
        ) : null}
        <div className="flex justify-end gap-2 pt-2">
          {order ? (
            <button
              type="button"
              className="rounded-md border border-gray-400 px-3 py-1.5 text-sm font-medium hover:bg-gray-50"
              onClick={() => void navigate(`/account/order-details/${order.number}`)}
            >
              View Details
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
