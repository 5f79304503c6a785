// An order's payment as the customer sees it: the status of its active payment (the payments
// module owns payments; orders only read them through its service) and the rulebook's label.
import { paymentStatusLabel } from '../../../common/orders/payment-status-label';
import type { ServiceContext } from '../../graphql/context';
import { contextLoader } from '../catalogue/catalogue.loaders';
import { paymentsOfOrder, type PaymentRow } from '../payments/payments.service';
import { amountDueOf } from '../payments/paying/payment-amounts';
import type { OrderRow } from './orders.service';

export type OrderPaymentFacts = {
  paymentStatus: PaymentRow['chargeStatus'];
  captureStatus: string;
  isPaid: boolean;
  /** Centavos still to pay. */
  totalBalance: number;
  label: string;
};

/** The order's payments, newest first, one query per order per request. */
export function orderPayments(ctx: ServiceContext, orderId: number): Promise<PaymentRow[]> {
  return contextLoader<PaymentRow[]>(
    ctx,
    'orders:payments',
    async (ids) => new Map(await Promise.all(ids.map(async (id) => [id, await paymentsOfOrder(ctx, id)] as const))),
    () => [],
  ).load(orderId);
}

export function paymentFactsOf(order: OrderRow, payments: PaymentRow[]): OrderPaymentFacts {
  const active = payments.find((p) => p.isActive) ?? payments[0] ?? null;
  const paymentStatus = active?.chargeStatus ?? 'NOT_CHARGED';
  const captureStatus = active?.captureStatus ?? 'NOT_CAPTURED';
  const isPaid = paymentStatus === 'FULLY_CHARGED';
  return {
    paymentStatus,
    captureStatus,
    isPaid,
    // Paid in part (ADR 050): the remaining balance.
    totalBalance: isPaid || paymentStatus === 'FULLY_REFUNDED' ? 0 : paymentStatus === 'PARTIALLY_CHARGED' && active ? amountDueOf(active) : order.total,
    label: paymentStatusLabel({
      paymentStatus,
      captureStatus,
      status: order.status,
      hasProofOfBilling: order.proofOfBillingPath !== null,
    }),
  };
}

export async function orderPaymentFacts(ctx: ServiceContext, order: OrderRow): Promise<OrderPaymentFacts> {
  return paymentFactsOf(order, await orderPayments(ctx, order.id));
}
