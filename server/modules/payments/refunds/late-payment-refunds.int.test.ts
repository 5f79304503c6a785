// A payment that arrives after its order expired: the order stays cancelled, and the
// money goes back by itself through the provider (the sandbox, PayPal's fake), exactly once even
// when the webhook is replayed or two replicas run the job; the customer is emailed why. A
// provider that refuses leaves it flagged for staff (the order and the dashboard), who refund by hand.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { JOB_SCHEMA } from '../../../jobs/job-sql';
import type { Customer } from '../../checkout/checkout.fixtures';
import { listEmails } from '../../notifications/notifications.service';
import { expireUnpaidOrder } from '../../orders/payment-expiry.service';
import { orders } from '../../orders/orders.tables';
import { staffDashboard } from '../../staff/dashboard.service';
import { refundLatePayment, refundLatePaymentJob } from './late-payment-refunds.service';
import { recordPaymentEvent } from '../payment-events.service';
import {
  createPaypalStaffHarness,
  decide,
  eventRows,
  placeOrder,
  type PaymentsHarness,
  type PaypalFake,
} from '../../../testing/payments.fixtures';
import { paymentRefunds, sandboxSessions } from '../payments.tables';

let h: PaymentsHarness;
let staff: Customer;
let paypalFake: PaypalFake;
let close = async () => {};

beforeAll(async () => {
  ({ h, staff, paypalFake, close } = await createPaypalStaffHarness());
});
afterAll(() => close());

/** The order's payment window lapses and the expiry job cancels it. */
async function expire(orderId: number) {
  await h.t.db
    .update(orders)
    .set({ paymentDueAt: new Date(Date.now() - 1000) })
    .where(eq(orders.id, orderId));
  expect((await expireUnpaidOrder(h.t.serviceContext(), orderId))?.order.status).toBe('CANCELED');
}
const refundsOf = (paymentId: number) =>
  h.t.db.select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, paymentId));
const queuedJobs = async (paymentId: number) =>
  (
    await h.t.database.executeSql(`SELECT id FROM ${JOB_SCHEMA}.job WHERE name = $1 AND data->>'paymentId' = $2`, [
      refundLatePaymentJob.name,
      String(paymentId),
    ])
  ).rows;
const lateEmails = async (email: string, referenceKey: string) =>
  (await listEmails(h.t.db, { to: email })).filter(
    (e) => e.template === 'late_payment_refunded' && e.subject.includes(referenceKey),
  );

describe('a payment after the order expired', () => {
  it('the sandbox: refunded by itself once, whatever replays or replicas do; the customer is told why', async () => {
    const placed = await placeOrder(h.t, 'GCash');
    await expire(placed.orderId);
    await decide(placed.redirectUrl!, 'approve');
    // The sandbox's webhook (a job of the harness's runner) and the shopper's return both report it.
    await vi.waitFor(
      async () =>
        expect((await eventRows(h.t, placed.paymentId)).map((e) => [e.type, e.outcome])).toContainEqual([
          'PAID',
          'IGNORED',
        ]),
      { timeout: 10_000, interval: 100 },
    );
    const paid = (await eventRows(h.t, placed.paymentId)).find((e) => e.type === 'PAID')!;
    // Queued once, in the ledger's transaction.
    expect(await queuedJobs(placed.paymentId)).toHaveLength(1);
    // A replay of the provider's event is a duplicate: nothing new is queued.
    const replay = await recordPaymentEvent(h.t.serviceContext(), {
      provider: paid.provider,
      eventId: paid.eventId,
      type: 'PAID',
      paymentId: placed.paymentId,
      orderReference: placed.referenceKey,
      amount: paid.amount,
      currency: paid.currency,
      payload: {},
    });
    expect(replay.outcome).toBe('DUPLICATE');
    expect(await queuedJobs(placed.paymentId)).toHaveLength(1);

    // Two replicas run the job at once: one refunds, the other finds it done.
    const outcomes = await Promise.all([
      refundLatePayment(h.t.serviceContext(), placed.paymentId),
      refundLatePayment(h.t.serviceContext(), placed.paymentId),
    ]);
    expect(outcomes.filter((o) => o !== null)).toEqual(['refunded']);
    expect(await refundLatePayment(h.t.serviceContext(), placed.paymentId)).toBeNull();

    const rows = await refundsOf(placed.paymentId);
    expect(rows.map((r) => [r.kind, r.status, r.amount, r.provider])).toEqual([
      ['LATE_PAYMENT', 'COMPLETED', 5000_00, 'sandbox'],
    ]);
    const [payment] = await h.t.db
      .select({ providerReference: sandboxSessions.id })
      .from(sandboxSessions)
      .where(eq(sandboxSessions.merchantReference, String(placed.paymentId)));
    const [session] = await h.t.db
      .select()
      .from(sandboxSessions)
      .where(eq(sandboxSessions.id, payment!.providerReference));
    expect([session!.status, session!.refundedAmount]).toEqual(['REFUNDED', 5000_00]);
    const [order] = await h.t.db.select().from(orders).where(eq(orders.id, placed.orderId));
    expect(order!.status).toBe('CANCELED');
    const emails = await lateEmails(placed.customer.user.email, placed.referenceKey);
    expect(emails).toHaveLength(1);
    expect(emails[0]!.text).toContain('arrived after the order had expired and was cancelled, so we have refunded it');
  });

  it("PayPal: a capture after expiry is refunded through PayPal's API", async () => {
    const placed = await placeOrder(h.t, 'Paypal Checkout');
    const token = new URL(placed.redirectUrl!).searchParams.get('token')!;
    await expire(placed.orderId);
    paypalFake.approve(token);
    const captured = await h.t.gql<{
      capturePaypalTransaction: { errors: { message: string }[] };
    }>(
      'mutation($t: String!) { capturePaypalTransaction(paypalTransactionId: $t) { errors { message } } }',
      { t: token },
      { token: placed.customer.token },
    );
    // The order is not paid (it expired); the money taken goes back.
    expect(captured.data!.capturePaypalTransaction.errors).toHaveLength(1);
    expect(await refundLatePayment(h.t.serviceContext(), placed.paymentId)).toBe('refunded');
    const captureId = paypalFake.orders.get(token)!.captureId!;
    expect(
      [...paypalFake.refunds.values()].filter((r) => r.captureId === captureId).map((r) => [r.status, r.amount.value]),
    ).toEqual([['COMPLETED', '5230.13']]); // ₱5,000 and the PayPal fee (ADR 040)
    expect((await refundsOf(placed.paymentId)).map((r) => [r.status, r.provider])).toEqual([['COMPLETED', 'paypal']]);
    expect(await lateEmails(placed.customer.user.email, placed.referenceKey)).toHaveLength(1);
  });

  it('a provider that refuses: flagged for staff on the order and the dashboard; staff refund by hand once', async () => {
    const before = (await staffDashboard(staff.ctx)).latePaymentsToRefund;
    const placed = await placeOrder(h.t, 'Paypal Checkout');
    const token = new URL(placed.redirectUrl!).searchParams.get('token')!;
    await expire(placed.orderId);
    paypalFake.approve(token);
    await h.t.gql(
      'mutation($t: String!) { capturePaypalTransaction(paypalTransactionId: $t) { errors { message } } }',
      { t: token },
      { token: placed.customer.token },
    );
    paypalFake.refuseRefunds(paypalFake.orders.get(token)!.captureId!, 'REFUND_NOT_ALLOWED');
    expect(await refundLatePayment(h.t.serviceContext(), placed.paymentId)).toBe('needsStaff');
    expect(await refundLatePayment(h.t.serviceContext(), placed.paymentId)).toBeNull();
    expect((await staffDashboard(staff.ctx)).latePaymentsToRefund).toBe(before + 1);
    const query = `query($id: ID!) { order(id: $id) { refunds { lateRefundNeedsStaff refunds { kind status amount { amount } reference } } } }`;
    const flagged = await h.t.gql<{
      order: { refunds: { lateRefundNeedsStaff: boolean } };
    }>(query, { id: placed.orderGlobalId }, { token: staff.token });
    expect(flagged.data!.order.refunds.lateRefundNeedsStaff).toBe(true);
    expect(await lateEmails(placed.customer.user.email, placed.referenceKey)).toHaveLength(0);

    const done = await h.t.gql<{ orderRefund: { errors: unknown[] } }>(
      'mutation($id: ID!) { orderRefund(id: $id, reference: "PP-DASHBOARD-1") { errors { message } } }',
      { id: placed.orderGlobalId },
      { token: staff.token },
    );
    expect(done.data!.orderRefund.errors).toEqual([]);
    const after = await h.t.gql<{ order: { refunds: unknown } }>(
      query,
      { id: placed.orderGlobalId },
      { token: staff.token },
    );
    expect(after.data!.order.refunds).toEqual({
      lateRefundNeedsStaff: false,
      refunds: [
        {
          kind: 'LATE_PAYMENT',
          status: 'COMPLETED',
          amount: { amount: 5230.13 }, // ₱5,000 and the PayPal fee (ADR 040)
          reference: 'PP-DASHBOARD-1',
        },
      ],
    });
    expect((await staffDashboard(staff.ctx)).latePaymentsToRefund).toBe(before);
    expect(await lateEmails(placed.customer.user.email, placed.referenceKey)).toHaveLength(1);
  });
});
