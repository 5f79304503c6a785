// An order's buttons by the rulebook's action rules (common/orders/order-actions.ts) and their
// dialogs: cancel reason, cancel error, proof upload and the results of each action.
// The cancel and proof dialogs (OrderActionDialogs.tsx) load when one opens, fetched ahead on
// the button's hover or focus: they carry zod (23 KB gzipped), which the order pages' first load
// should not (bench/js-budget.ts).
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { PayNowButton } from './PayNowButton';
import { useFetcher } from 'react-router';
import {
  cancelDialogFor,
  canReOrder,
  canRequestCancel,
  canResendReceipt,
  canUploadDepositSlip,
} from '../../../common/orders/order-actions';
import type { OrderSummaryData } from '../../graphql/orders';
import { Modal } from '../catalogue/Modal';
import { ORDER_MESSAGES, type OrderActionResult } from './order-messages';
import { secondaryButton as secondary } from './order-action-styles';

const ORDER_ACTION_PATH = '/account/orders';

const loadDialogs = () => import('./OrderActionDialogs');
const CancelReasonDialog = lazy(() => loadDialogs().then((m) => ({ default: m.CancelReasonDialog })));
const CancelErrorDialog = lazy(() => loadDialogs().then((m) => ({ default: m.CancelErrorDialog })));
const ProofUploadDialog = lazy(() => loadDialogs().then((m) => ({ default: m.ProofUploadDialog })));
/** Hover and focus fetch the dialogs' code ahead of the click. */
const prefetch = { onPointerEnter: () => void loadDialogs(), onFocus: () => void loadDialogs() };

type Notice = { title: string; text: string } | null;

/**
 * `stacked`: one full-width button a row (the order page's summary column); `children`: more of
 * the order's actions after the built-in ones (documents such as an invoice). An order with no
 * action leaves nothing on screen (the row hides while empty).
 */
export function OrderActions({
  order,
  compact = false,
  stacked = false,
  className = '',
  children,
}: {
  order: OrderSummaryData;
  compact?: boolean;
  stacked?: boolean;
  className?: string;
  children?: ReactNode;
}) {
  const fetcher = useFetcher<OrderActionResult>();
  const [dialog, setDialog] = useState<'reason' | 'cannotCancel' | 'proof' | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const busy = fetcher.state !== 'idle';
  const answer = fetcher.state === 'idle' ? fetcher.data : undefined;

  // Show each answer once (the texts of docs/product/messages.md#orders), adjusting state while rendering rather than
  // in an effect: the answer is new data, not an external system.
  const [handled, setHandled] = useState<OrderActionResult | undefined>(undefined);
  if (answer && answer !== handled) {
    setHandled(answer);
    if (answer.intent === 'cancel') {
      if (answer.ok) {
        setDialog(null);
        setNotice({ title: 'Request for Cancel', text: answer.message });
      } else if (answer.cannotCancel) {
        setDialog('cannotCancel');
      }
    } else if (answer.intent === 'proof' && answer.ok) {
      setDialog(null);
      setNotice({ title: 'Upload Deposit Slip', text: answer.message });
    } else if (answer.intent === 'receipt') {
      setNotice({ title: 'Resend Receipt', text: answer.message });
    } else if (answer.intent === 'reOrder' && !answer.ok) {
      setNotice({ title: ORDER_MESSAGES.reOrderFailed, text: answer.message });
    }
  }

  const post = (intent: string, values: Record<string, string> = {}) =>
    fetcher.submit({ intent, orderId: order.id, ...values }, { method: 'post', action: ORDER_ACTION_PATH });

  const slip = canUploadDepositSlip({
    gateway: order.gateway,
    hasProofOfBilling: order.proofOfBilling !== null,
    paymentStatus: order.paymentStatus,
    status: order.status,
  });

  return (
    <div className={`${stacked ? 'grid gap-2' : 'flex flex-wrap gap-2'} empty:hidden ${className}`}>
      <PayNowButton order={order} />
      {canRequestCancel(order.status) ? (
        <button type="button" className={secondary} disabled={busy} onClick={() => setDialog(cancelDialogFor(order.status))} {...prefetch}>
          Request for Cancel
        </button>
      ) : null}
      {slip ? (
        <button type="button" className={secondary} disabled={busy} onClick={() => setDialog('proof')} {...prefetch}>
          Upload Deposit Slip
        </button>
      ) : null}
      {!compact && canReOrder(order.status) ? (
        <button type="button" className={secondary} disabled={busy} onClick={() => void post('reOrder')}>
          Re-order
        </button>
      ) : null}
      {!compact && canResendReceipt(order.status) ? (
        <button type="button" className={secondary} disabled={busy} onClick={() => void post('receipt')}>
          Resend Receipt
        </button>
      ) : null}
      {children}

      <Suspense fallback={null}>
        {dialog === 'reason' ? (
          <CancelReasonDialog
            open
            onOpenChange={(open) => setDialog(open ? 'reason' : null)}
            busy={busy}
            serverError={answer?.intent === 'cancel' && !answer.ok && !answer.cannotCancel ? answer.message : null}
            onSubmit={(values) => void post('cancel', values)}
            referenceKey={order.referenceKey}
          />
        ) : null}
        {dialog === 'cannotCancel' ? <CancelErrorDialog onClose={() => setDialog(null)} /> : null}
        {dialog === 'proof' ? (
          <ProofUploadDialog
            open
            onOpenChange={(open) => setDialog(open ? 'proof' : null)}
            busy={busy}
            serverError={answer?.intent === 'proof' && !answer.ok ? answer.message : null}
            onSubmit={(values) => void post('proof', values)}
          />
        ) : null}
      </Suspense>
      <Modal open={notice !== null} onOpenChange={(open) => !open && setNotice(null)} title={notice?.title ?? ''}>
        <p role="status">{notice?.text}</p>
        <div className="mt-4 flex justify-end">
          <button type="button" className="btn-primary" onClick={() => setNotice(null)}>
            OK
          </button>
        </div>
      </Modal>
    </div>
  );
}
