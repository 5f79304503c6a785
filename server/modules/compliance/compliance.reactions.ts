// What compliance does when the modules below it move (docs/decisions/046-one-way-modules.md):
// a sale paid in whole is invoiced, a refund done is credited, a closed sale's invoice voided,
// each in the transaction that made the change (docs/decisions/052-sales-invoices.md).
import { CANCEL_REASON_LABELS } from '../../../common/orders/order-cancel';
import { orderClosed } from '../orders/orders.events';
import { orderPaymentFullyCharged, refundCompleted } from '../payments/payments.events';
import { onEvent } from '../system/domain-events';
import { issueCreditMemo, issueSalesInvoice, voidSalesInvoice } from './sales-invoices.service';

onEvent(orderPaymentFullyCharged, async (ctx, { orderId }) => {
  await issueSalesInvoice(ctx, orderId);
});

onEvent(refundCompleted, async (ctx, refund) => {
  await issueCreditMemo(ctx, refund);
});

onEvent(orderClosed, async (ctx, closed) => {
  const asked = closed.status === 'CANCELED' && closed.cancelReason ? `Cancelled at the customer's request: ${CANCEL_REASON_LABELS[closed.cancelReason]}` : null;
  const reason = [asked, closed.note?.trim()].filter(Boolean).join('. ') || (closed.status === 'REJECTED' ? 'Order rejected' : 'Order cancelled');
  await voidSalesInvoice(ctx, { orderId: closed.id, reason, actorUserId: closed.actorUserId });
});

