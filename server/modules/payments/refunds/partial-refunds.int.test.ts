// Staff refunds in part: any amount up to what is left, through PayPal (its local
// fake), the sandbox, or by hand with a reference (Bank Deposit); the parts add up and the
// payment becomes FULLY_REFUNDED only with the last; an over-refund is refused, also when two
// refunds race (the payment's row lock); PayPal's PENDING refund is finished by its webhook,
// matched by the refund id, and a failed one reopens the amount. The order's referral rewards
// are reversed only when the whole payment is back, not when a refund is asked for.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Customer } from '../../checkout/checkout.fixtures';
import { listEmails } from '../../notifications/notifications.service';
import { markOrderAsPaid, refundOrder } from '../../orders/order-staff.service';
import {
  decide,
  createPaypalStaffHarness,
  PAYPAL_TEST_WEBHOOK_ID,
  type PaypalFake,
  eventRows,
  paidPaypalOrder,
  paymentRow,
  placeOrder,
  type PaymentsHarness,
} from '../../../testing/payments.fixtures';
import { referralRewards } from '../../referrals/referrals.tables';
import { paymentRefunds, sandboxSessions } from '../payments.tables';
import { overRefundMessage, STAFF_PAYMENT_MESSAGES } from '../payments-staff.service';

let h: PaymentsHarness;
let staff: Customer;
let paypalFake: PaypalFake;
let close = async () => {};

beforeAll(async () => {
  ({ h, staff, paypalFake, close } = await createPaypalStaffHarness());
});
afterAll(() => close());

type Refunds = {
  refunds: {
    amount: { amount: number };
    status: string;
    kind: string;
    reason: string;
    reference: string | null;
    provider: string | null;
  }[];
  refunded: { amount: number };
  refundable: { amount: number };
};
type Payload = {
  order: { paymentStatus: string; refunds: Refunds } | null;
  errors: { field: string | null; message: string }[];
};

const refund = async (
  id: string,
  args: { amount?: number; reason?: string; reference?: string } = {},
): Promise<Payload> => {
  const r = await h.t.gql<{ orderRefund: Payload }>(
    `mutation($id: ID!, $amount: Float, $reason: String, $reference: String) {
      orderRefund(id: $id, amount: $amount, reason: $reason, reference: $reference) {
        order { paymentStatus refunds { refunds { amount { amount } status kind reason reference provider } refunded { amount } refundable { amount } } }
        errors { field message }
      }
    }`,
    { id, ...args },
    { token: staff.token },
  );
  expect(r.errors).toBeUndefined();
  return r.data!.orderRefund;
};
const refundsOf = async (paymentId: number) =>
  h.t.db.select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, paymentId));
const ledger = async (paymentId: number) =>
  (await eventRows(h.t, paymentId)).map((e) => [e.provider, e.type, e.outcome, e.amount]);

const postPaypalWebhook = (body: string, headers = paypalFake.signWebhook(PAYPAL_TEST_WEBHOOK_ID, body)) =>
  fetch(`${h.base}/webhooks/paypal`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
  });

describe('refunds in part', () => {
  it('PayPal: two parts add up to the whole; the payment is FULLY_REFUNDED only with the last; more than is left is refused', async () => {
    // ₱5,000 and the PayPal fee charged with it, ₱230.13 (ADR 040): ₱5,230.13 to give back.
    const placed = await paidPaypalOrder(h.t, paypalFake);
    const first = await refund(placed.orderGlobalId, {
      amount: 1000.5,
      reason: 'One item arrived damaged',
    });
    expect(first.errors).toEqual([]);
    expect(first.order!.paymentStatus).toBe('FULLY_CHARGED');
    expect(first.order!.refunds).toMatchObject({
      refunds: [
        {
          amount: { amount: 1000.5 },
          status: 'COMPLETED',
          kind: 'STAFF',
          reason: 'One item arrived damaged',
          provider: 'paypal',
        },
      ],
      refunded: { amount: 1000.5 },
      refundable: { amount: 4229.63 },
    });
    const atPaypal = [...paypalFake.refunds.values()].filter((r) => r.captureId === placed.captureId);
    expect(atPaypal.map((r) => [r.amount.value, r.noteToPayer])).toEqual([['1000.50', 'One item arrived damaged']]);

    const over = await refund(placed.orderGlobalId, { amount: 4300 });
    expect(over).toEqual({
      order: null,
      errors: [{ field: 'amount', message: overRefundMessage(4229_63) }],
    });
    expect((await refund(placed.orderGlobalId, { amount: 0 })).errors[0]!.message).toBe(
      STAFF_PAYMENT_MESSAGES.refundAmount,
    );
    expect((await refund(placed.orderGlobalId, { amount: 1.005 })).errors[0]!.message).toBe(
      STAFF_PAYMENT_MESSAGES.refundAmount,
    );

    // Without an amount: the rest.
    const rest = await refund(placed.orderGlobalId, {
      reason: 'Order returned',
    });
    expect(rest.order!.paymentStatus).toBe('FULLY_REFUNDED');
    expect(rest.order!.refunds.refunded.amount).toBe(5230.13);
    expect(rest.order!.refunds.refundable.amount).toBe(0);
    expect(await ledger(placed.paymentId)).toEqual([
      ['paypal', 'PAID', 'APPLIED', 5230_13],
      ['paypal', 'REFUNDED', 'APPLIED', 1000_50],
      ['paypal', 'REFUNDED', 'APPLIED', 4229_63],
    ]);
    expect((await refund(placed.orderGlobalId, { amount: 1 })).errors[0]!.message).toBe(
      STAFF_PAYMENT_MESSAGES.refunded,
    );
    // The customer is told each amount.
    const emails = (await listEmails(h.t.db, { to: placed.customer.user.email })).filter(
      (e) => e.template === 'payment_refunded',
    );
    expect(emails.map((e) => e.subject).sort()).toEqual(
      [
        `Suki order ${placed.referenceKey}: ₱1,000.50 refunded`,
        `Suki order ${placed.referenceKey}: ₱4,229.63 refunded`,
      ].sort(),
    );
    expect(emails.find((e) => e.subject.includes('1,000.50'))!.text).toContain('Reason: One item arrived damaged');
  });

  it('the sandbox refunds a part of its captured session, then the rest', async () => {
    const placed = await placeOrder(h.t, 'GCash');
    await decide(placed.redirectUrl!, 'approve');
    await vi.waitFor(async () => expect((await paymentRow(h.t, placed.paymentId)).chargeStatus).toBe('FULLY_CHARGED'), {
      timeout: 10_000,
      interval: 100,
    });
    expect((await refund(placed.orderGlobalId, { amount: 750 })).order!.paymentStatus).toBe('FULLY_CHARGED');
    const reference = (await paymentRow(h.t, placed.paymentId)).providerReference!;
    const session = async () =>
      (await h.t.db.select().from(sandboxSessions).where(eq(sandboxSessions.id, reference)))[0]!;
    expect([(await session()).status, (await session()).refundedAmount]).toEqual(['CAPTURED', 750_00]);
    expect((await refund(placed.orderGlobalId)).order!.paymentStatus).toBe('FULLY_REFUNDED');
    expect([(await session()).status, (await session()).refundedAmount]).toEqual(['REFUNDED', 5000_00]);
  });

  it('Bank Deposit: refunds by hand with a reference, in parts', async () => {
    const placed = await placeOrder(h.t, 'Bank Deposit');
    await markOrderAsPaid(staff.ctx, placed.orderId);
    const first = await refund(placed.orderGlobalId, {
      amount: 2000,
      reason: 'Price adjustment',
      reference: 'BDO-778812',
    });
    expect(first.order!.refunds.refunds).toEqual([
      {
        amount: { amount: 2000 },
        status: 'COMPLETED',
        kind: 'STAFF',
        reason: 'Price adjustment',
        reference: 'BDO-778812',
        provider: 'staff',
      },
    ]);
    expect(first.order!.paymentStatus).toBe('FULLY_CHARGED');
    expect(
      (
        await refund(placed.orderGlobalId, {
          amount: 3000,
          reference: 'BDO-778813',
        })
      ).order!.paymentStatus,
    ).toBe('FULLY_REFUNDED');
    const staffEvents = (await eventRows(h.t, placed.paymentId)).filter((e) => e.type === 'REFUNDED');
    expect(staffEvents.map((e) => [e.provider, e.amount, e.chargeStatus, (e.payload as { by: number }).by])).toEqual([
      ['staff', 2000_00, null, staff.user.id],
      ['staff', 3000_00, 'FULLY_REFUNDED', staff.user.id],
    ]);
  });

  it('two refunds at once cannot give back more than was paid (row lock)', async () => {
    const placed = await placeOrder(h.t, 'Bank Deposit');
    await markOrderAsPaid(staff.ctx, placed.orderId);
    const results = await Promise.allSettled([
      refundOrder(staff.ctx, placed.orderId, {
        amount: 3000_00,
        reference: 'A',
      }),
      refundOrder(staff.ctx, placed.orderId, {
        amount: 3000_00,
        reference: 'B',
      }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect((refused.reason as Error).message).toBe(overRefundMessage(2000_00));
    const rows = await refundsOf(placed.paymentId);
    expect(rows.map((r) => r.amount)).toEqual([3000_00]);
    expect((await paymentRow(h.t, placed.paymentId)).chargeStatus).toBe('FULLY_CHARGED');
  });
});

describe('PayPal PENDING refunds', () => {
  it("a PENDING refund holds its amount; PayPal's webhook completes it, matched by the refund id, once", async () => {
    const placed = await paidPaypalOrder(h.t, paypalFake);
    paypalFake.holdRefunds(placed.captureId);
    const pending = await refund(placed.orderGlobalId, { amount: 1000 });
    expect(pending.order!.paymentStatus).toBe('FULLY_CHARGED');
    expect(pending.order!.refunds).toMatchObject({
      refunds: [{ status: 'PENDING', amount: { amount: 1000 } }],
      refunded: { amount: 0 },
      // ₱5,000 and the PayPal fee (ADR 040).
      refundable: { amount: 4230.13 },
    });
    const [row] = await refundsOf(placed.paymentId);

    const body = paypalFake.finishRefund(row!.providerRefundId!, 'COMPLETED');
    // A forged notice changes nothing.
    expect(
      (
        await postPaypalWebhook(body, {
          ...paypalFake.signWebhook(PAYPAL_TEST_WEBHOOK_ID, body),
          'paypal-transmission-sig': 'forged',
        })
      ).status,
    ).toBe(401);
    expect((await refundsOf(placed.paymentId))[0]!.status).toBe('PENDING');
    const delivered = await postPaypalWebhook(body);
    expect(await delivered.json()).toEqual({
      received: true,
      outcome: 'APPLIED',
    });
    expect((await refundsOf(placed.paymentId))[0]!.status).toBe('COMPLETED');
    // Replayed: nothing more.
    expect(await (await postPaypalWebhook(body)).json()).toEqual({
      received: true,
      outcome: 'DUPLICATE',
    });
    const completed = await refund(placed.orderGlobalId, { amount: 4230.13 });
    expect(completed.order!.paymentStatus).toBe('FULLY_CHARGED');
    expect(completed.order!.refunds.refunded.amount).toBe(1000);
    // The second is pending too (the capture is held); its completion makes the payment FULLY_REFUNDED.
    const second = (await refundsOf(placed.paymentId)).find((r) => r.amount === 4230_13)!;
    await postPaypalWebhook(paypalFake.finishRefund(second.providerRefundId!, 'COMPLETED'));
    expect((await paymentRow(h.t, placed.paymentId)).chargeStatus).toBe('FULLY_REFUNDED');
  });

  it('a FAILED or CANCELLED refund reopens its amount', async () => {
    const placed = await paidPaypalOrder(h.t, paypalFake);
    paypalFake.holdRefunds(placed.captureId);
    await refund(placed.orderGlobalId, { amount: 5230.13 }); // ₱5,000 and the PayPal fee (ADR 040)
    const [row] = await refundsOf(placed.paymentId);
    expect((await refund(placed.orderGlobalId, { amount: 1 })).errors[0]!.message).toBe(
      STAFF_PAYMENT_MESSAGES.nothingLeft,
    );
    const body = paypalFake.finishRefund(row!.providerRefundId!, 'FAILED');
    expect(await (await postPaypalWebhook(body)).json()).toEqual({
      received: true,
      outcome: 'APPLIED',
    });
    expect((await refundsOf(placed.paymentId))[0]!.status).toBe('FAILED');
    expect((await paymentRow(h.t, placed.paymentId)).chargeStatus).toBe('FULLY_CHARGED');
    // The amount can be refunded again (PayPal gave it back too).
    const again = await refund(placed.orderGlobalId, { amount: 2500 });
    expect(again.order!.refunds.refundable.amount).toBe(2730.13);
    expect((await ledger(placed.paymentId)).map((e) => e.slice(0, 3))).toEqual([
      ['paypal', 'PAID', 'APPLIED'],
      ['paypal', 'PENDING', 'IGNORED'],
      ['paypal', 'REFUND_FAILED', 'APPLIED'],
      ['paypal', 'PENDING', 'IGNORED'],
    ]);
  });

  it("reverses the order's referral rewards when the whole refund completes, not while it is pending or after it failed", async () => {
    const placed = await paidPaypalOrder(h.t, paypalFake);
    // The customer's commissioner earned on this order (as fulfilment accrues it).
    await h.t.db.insert(referralRewards).values({
      userId: staff.user.id,
      patronId: placed.customer.user.id,
      orderId: placed.orderId,
      level: 1,
      kind: 'EARNED',
      points: 150,
      orderSubtotal: 5000_00,
      rate: 300,
      availableAt: new Date(),
    });
    const rewards = async () =>
      (await h.t.db.select().from(referralRewards).where(eq(referralRewards.orderId, placed.orderId))).map((r) => [r.kind, r.points]).sort();

    paypalFake.holdRefunds(placed.captureId);
    expect((await refund(placed.orderGlobalId)).errors).toEqual([]);
    // Nothing left to refund, but the money is not back yet: the rewards stand.
    expect(await rewards()).toEqual([['EARNED', 150]]);
    const [failing] = await refundsOf(placed.paymentId);
    await postPaypalWebhook(paypalFake.finishRefund(failing!.providerRefundId!, 'FAILED'));
    expect((await paymentRow(h.t, placed.paymentId)).chargeStatus).toBe('FULLY_CHARGED');
    expect(await rewards()).toEqual([['EARNED', 150]]);

    expect((await refund(placed.orderGlobalId)).errors).toEqual([]);
    const completing = (await refundsOf(placed.paymentId)).find((r) => r.status === 'PENDING')!;
    await postPaypalWebhook(paypalFake.finishRefund(completing.providerRefundId!, 'COMPLETED'));
    expect((await paymentRow(h.t, placed.paymentId)).chargeStatus).toBe('FULLY_REFUNDED');
    expect(await rewards()).toEqual([['EARNED', 150], ['REVERSED', -150]]);
  });
});
