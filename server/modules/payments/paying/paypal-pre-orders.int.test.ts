// ADR 040. A pre-order is never charged before staff confirm it: PayPal
// authorises at approval (Orders v2 intent AUTHORIZE), orderConfirm captures the authorisation,
// cancel and reject void it, and one that lapsed is reauthorised or, when PayPal will not renew
// it, staff and the customer are told. The PayPal fee is shown, charged, kept and refunded. Runs
// against PayPal's local fake through the real client, and the sandbox without credentials.
import { encodeGlobalID } from '@pothos/plugin-relay';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_LABELS } from '../../../../common/orders/payment-status-label';
import { createCustomer, createVariant, readyCheckout, type Customer } from '../../checkout/checkout.fixtures';
import { createPayment } from '../../checkout/checkout-payment.service';
import { freshView } from '../../checkout/checkout.service';
import { completeCheckout } from '../../checkout/place-order.service';
import { emails } from '../../notifications/notifications.tables';
import { requestOrderCancel } from '../../orders/order-actions.service';
import { approveOrderCancel, confirmOrder, markOrderAsPaid, refundOrder, rejectOrder } from '../../orders/order-staff.service';
import { orderTimeline } from '../../orders/order-timeline';
import { orders } from '../../orders/orders.tables';
import { expireUnpaidOrder } from '../../orders/payment-expiry.service';
import { SPEC_GATEWAYS } from '../gateways/gateway-rules';
import { GATEWAYS } from '../gateways/gateways';
import { HELD_PAYMENT_MESSAGES } from './held-payments';
import { createPaymentsHarness, createStaffCustomer, createPaypalStaffHarness, decide, eventRows, paymentRow, type PaymentsHarness, type PaypalFake } from '../../../testing/payments.fixtures';
import { payments, sandboxSessions } from '../payments.tables';
import { sandboxCardTokenId } from '../providers/maya/fake';
import { paymentCustomers, savedCards } from '../saved-cards.tables';

const ledger = async (h: PaymentsHarness, paymentId: number) => (await eventRows(h.t, paymentId)).map((e) => [e.provider, e.type, e.outcome]);

const CAPTURE = 'mutation($t: String!) { capturePaypalTransaction(paypalTransactionId: $t) { order { paymentStatus captureStatus paymentStatusDisplay } errors { message } } }';
type Captured = { capturePaypalTransaction: { order: { paymentStatus: string; captureStatus: string; paymentStatusDisplay: string } | null; errors: { message: string }[] } };

/** A verified customer's order of one pre-order phone (₱7,999 unless said), paid with `gateway`. */
async function preOrder(h: PaymentsHarness, gateway: string, options: { price?: number; token?: string; customer?: Customer } = {}) {
  const customer = options.customer ?? (await createCustomer(h.t));
  const variantId = await createVariant(h.t.db, { price: options.price ?? 7_999_00, isPreOrder: true });
  const checkoutId = await readyCheckout(customer, [{ variantId, quantity: 1 }], { gateway, token: options.token });
  const placed = await completeCheckout(customer.ctx, checkoutId);
  const [payment] = await h.t.db.select().from(payments).where(eq(payments.orderId, placed.order.id));
  return { customer, order: placed.order, paymentId: payment!.id, redirectUrl: placed.redirectUrl };
}

/** The shopper back from PayPal's approval, on /payment/paypal: the shop's capturePaypalTransaction. */
async function returnFromPaypal(h: PaymentsHarness, customer: Customer, token: string) {
  const r = await h.t.gql<Captured>(CAPTURE, { t: token }, { token: customer.token });
  expect(r.errors).toBeUndefined();
  return r.data!.capturePaypalTransaction;
}

/** The order's payment window lapses: the expiry job runs as at its deadline. */
async function windowLapses(h: PaymentsHarness, orderId: number) {
  await h.t.db.update(orders).set({ paymentDueAt: new Date(Date.now() - 1000) }).where(eq(orders.id, orderId));
  return expireUnpaidOrder(h.t.serviceContext(null), orderId);
}

describe('a PayPal pre-order (PayPal\'s API, through its local fake)', () => {
  let pp: Awaited<ReturnType<typeof createPaypalStaffHarness>>;
  let h: PaymentsHarness;
  let fake: PaypalFake;
  beforeAll(async () => {
    pp = await createPaypalStaffHarness();
    h = pp.h;
    fake = pp.paypalFake;
  });
  afterAll(async () => {
    await pp?.close();
  });

  /** Placed and approved at PayPal: the shop has authorised it. */
  async function authorisedPreOrder() {
    const placed = await preOrder(h, 'Paypal Checkout');
    const token = new URL(placed.redirectUrl!).searchParams.get('token')!;
    fake.approve(token);
    const back = await returnFromPaypal(h, placed.customer, token);
    expect(back.errors).toEqual([]);
    return { ...placed, token, back };
  }

  it('approval authorises the amount and captures nothing; the order waits for staff past its payment window', async () => {
    const placed = await authorisedPreOrder();
    expect(fake.orders.get(placed.token)!.intent).toBe('AUTHORIZE');
    expect(fake.orders.get(placed.token)!.captureId).toBeNull();
    const authorization = fake.authorizationOf(placed.token)!;
    expect(authorization.status).toBe('CREATED');
    // What PayPal holds is the order's total, PayPal's fee included.
    expect(authorization.amount.value).toBe((placed.order.total / 100).toFixed(2));
    expect(placed.back.order).toEqual({ paymentStatus: 'NOT_CHARGED', captureStatus: 'AUTHORIZED', paymentStatusDisplay: PAYMENT_LABELS.authorized });
    expect(await ledger(h, placed.paymentId)).toEqual([['paypal', 'AUTHORIZED', 'APPLIED']]);
    // Coming back again changes nothing; Pay Now is not offered for money already held.
    expect((await returnFromPaypal(h, placed.customer, placed.token)).errors).toEqual([]);
    expect(await ledger(h, placed.paymentId)).toHaveLength(1);
    const create = await h.t.gql<{ createPaypalTransaction: { errors: { message: string }[] } }>(
      'mutation($id: ID!) { createPaypalTransaction(orderId: $id) { response errors { message } } }',
      { id: encodeGlobalID('Order', placed.order.id) },
      { token: placed.customer.token },
    );
    expect(create.data!.createPaypalTransaction.errors).toHaveLength(1);
    // The customer did their part: the payment window does not cancel it.
    expect(await windowLapses(h, placed.order.id)).toBeNull();
    const [order] = await h.t.db.select().from(orders).where(eq(orders.id, placed.order.id));
    expect(order!.status).toBe('UNFULFILLED');
  });

  it('orderConfirm captures the authorisation', async () => {
    const placed = await authorisedPreOrder();
    // Marking it paid by hand would record money never taken: only the confirmation captures it.
    await expect(markOrderAsPaid(pp.staff.ctx, placed.order.id)).rejects.toThrow(HELD_PAYMENT_MESSAGES.held);
    const confirmed = await confirmOrder(pp.staff.ctx, placed.order.id);
    expect(confirmed.status).toBe('UNFULFILLED_ORDER_CONFIRMED');
    const payment = await paymentRow(h.t, placed.paymentId);
    expect([payment.chargeStatus, payment.captureStatus]).toEqual(['FULLY_CHARGED', 'PAYPAL_CHECKOUT_CAPTURE_SUCCESS']);
    expect(fake.authorizationOf(placed.token)!.status).toBe('CAPTURED');
    expect(fake.orders.get(placed.token)!.captureId).not.toBeNull();
    expect(await ledger(h, placed.paymentId)).toEqual([
      ['paypal', 'AUTHORIZED', 'APPLIED'],
      ['paypal', 'PAID', 'APPLIED'],
    ]);
    expect((await eventRows(h.t, placed.paymentId))[1]!.amount).toBe(placed.order.total);
  });

  it('an approved cancellation voids the authorisation at PayPal', async () => {
    const placed = await authorisedPreOrder();
    await requestOrderCancel(placed.customer.ctx, { orderId: placed.order.id, reason: 'CHANGE_PAYMENT_METHOD', note: null });
    await approveOrderCancel(pp.staff.ctx, placed.order.id);
    const payment = await paymentRow(h.t, placed.paymentId);
    expect([payment.chargeStatus, payment.captureStatus]).toEqual(['REJECTED', 'VOIDED']);
    expect(fake.authorizationOf(placed.token)!.status).toBe('VOIDED');
    expect(fake.orders.get(placed.token)!.captureId).toBeNull();
    expect(await ledger(h, placed.paymentId)).toEqual([
      ['paypal', 'AUTHORIZED', 'APPLIED'],
      ['paypal', 'VOIDED', 'APPLIED'],
    ]);
  });

  it('a rejection voids the authorisation at PayPal', async () => {
    const placed = await authorisedPreOrder();
    await rejectOrder(pp.staff.ctx, placed.order.id, 'The supplier cancelled the release');
    expect(fake.authorizationOf(placed.token)!.status).toBe('VOIDED');
    expect((await paymentRow(h.t, placed.paymentId)).chargeStatus).toBe('REJECTED');
    expect(fake.orders.get(placed.token)!.captureId).toBeNull();
  });

  it('an authorisation that lapsed before confirmation is reauthorised, then captured', async () => {
    const placed = await authorisedPreOrder();
    const first = fake.authorizationOf(placed.token)!.id;
    fake.expireAuthorization(placed.token, true);
    await confirmOrder(pp.staff.ctx, placed.order.id);
    expect(fake.reauthorizations.filter((r) => r.from === first)).toHaveLength(1);
    const renewed = fake.authorizationOf(placed.token)!;
    expect(renewed.id).not.toBe(first);
    expect(renewed.status).toBe('CAPTURED');
    expect((await paymentRow(h.t, placed.paymentId)).chargeStatus).toBe('FULLY_CHARGED');
  });

  it('one PayPal will not renew charges nothing, and staff and the customer are told; the customer pays again', async () => {
    const placed = await authorisedPreOrder();
    fake.expireAuthorization(placed.token, false);
    const confirmed = await confirmOrder(pp.staff.ctx, placed.order.id);
    expect(confirmed.status).toBe('UNFULFILLED_ORDER_CONFIRMED');
    const payment = await paymentRow(h.t, placed.paymentId);
    expect([payment.chargeStatus, payment.captureStatus]).toEqual(['NOT_CHARGED', 'PAYPAL_CHECKOUT_CAPTURE_FAILED']);
    expect(fake.orders.get(placed.token)!.captureId).toBeNull();
    expect(await ledger(h, placed.paymentId)).toEqual([
      ['paypal', 'AUTHORIZED', 'APPLIED'],
      ['paypal', 'EXPIRED', 'APPLIED'],
    ]);
    // The customer: an email, and the order's label and Pay Now.
    const mail = await h.t.db.select().from(emails).where(and(eq(emails.to, placed.customer.user.email), eq(emails.template, 'held_payment_not_captured')));
    expect(mail).toHaveLength(1);
    expect(mail[0]!.text).toContain('Nothing was charged');
    const seen = await h.t.gql<{ order: { paymentStatusDisplay: string } }>('query($id: ID!) { order(id: $id) { paymentStatusDisplay } }', { id: encodeGlobalID('Order', placed.order.id) }, { token: placed.customer.token });
    expect(seen.data!.order.paymentStatusDisplay).toBe(PAYMENT_LABELS.captureFailed);
    // Staff: the order's timeline.
    const timeline = await orderTimeline(pp.staff.ctx, placed.order.id);
    expect(timeline.some((e) => e.type === 'heldNotCaptured' && e.message.includes('NOT captured'))).toBe(true);
    // Paying again: the order is confirmed, so PayPal takes the money at once (intent CAPTURE).
    const create = await h.t.gql<{ createPaypalTransaction: { response: string | null; errors: { message: string }[] } }>(
      'mutation($id: ID!) { createPaypalTransaction(orderId: $id) { response errors { message } } }',
      { id: encodeGlobalID('Order', placed.order.id) },
      { token: placed.customer.token },
    );
    expect(create.data!.createPaypalTransaction.errors).toEqual([]);
    const again = (JSON.parse(create.data!.createPaypalTransaction.response!) as { id: string }).id;
    expect(fake.orders.get(again)!.intent).toBe('CAPTURE');
    fake.approve(again);
    expect((await returnFromPaypal(h, placed.customer, again)).order!.paymentStatus).toBe('FULLY_CHARGED');
  });

  it('the PayPal fee: shown when PayPal is chosen, kept on the order, charged, and refunded with a full refund', async () => {
    const customer = await createCustomer(h.t);
    const variantId = await createVariant(h.t.db, { price: 7_999_00 });
    const checkoutId = await readyCheckout(customer, [{ variantId, quantity: 1 }], { gateway: 'Bank Deposit' });
    // 7,999 / (1 - 4.4%) - 7,999 = 368.15 (rounded to the centavo).
    const fee = 368_15;
    const before = await freshView(customer.ctx, checkoutId);
    expect([before.totals.total, before.totals.paypalFee, before.totals.appliedPaypalFee]).toEqual([7_999_00, fee, 0]);
    await createPayment(customer.ctx, checkoutId, { gateway: 'Paypal Checkout', token: 'not-charged' });
    const query = 'query { me { checkout { totalPrice { gross { amount } } paypalFee { amount } paypalTransactionFee { amount } } } }';
    const shown = await h.t.gql<{ me: { checkout: { totalPrice: { gross: { amount: number } }; paypalFee: { amount: number }; paypalTransactionFee: { amount: number } } } }>(query, {}, { token: customer.token });
    expect(shown.data!.me.checkout).toEqual({ totalPrice: { gross: { amount: 8_367.15 } }, paypalFee: { amount: 368.15 }, paypalTransactionFee: { amount: 368.15 } });
    const placed = await completeCheckout(customer.ctx, checkoutId);
    expect([placed.order.paypalFee, placed.order.total]).toEqual([fee, 7_999_00 + fee]);
    const token = new URL(placed.redirectUrl!).searchParams.get('token')!;
    // What PayPal is asked for, and charges, is the total with the fee.
    expect(fake.orders.get(token)!.amount.value).toBe('8367.15');
    fake.approve(token);
    expect((await returnFromPaypal(h, customer, token)).order!.paymentStatus).toBe('FULLY_CHARGED');
    const [payment] = await h.t.db.select().from(payments).where(eq(payments.orderId, placed.order.id));
    expect(payment!.total).toBe(8_367_15);
    const detail = await h.t.gql<{ order: { paypalFee: { amount: number }; total: { gross: { amount: number } } } }>(
      'query($id: ID!) { order(id: $id) { paypalFee { amount } total { gross { amount } } } }',
      { id: encodeGlobalID('Order', placed.order.id) },
      { token: customer.token },
    );
    expect(detail.data!.order).toEqual({ paypalFee: { amount: 368.15 }, total: { gross: { amount: 8_367.15 } } });
    const confirmation = await h.t.db.select().from(emails).where(and(eq(emails.to, customer.user.email), eq(emails.template, 'order_confirmation')));
    expect(confirmation[0]!.text).toContain('PayPal fee: ₱368.15');
    // A full refund gives the fee back with the rest.
    await refundOrder(pp.staff.ctx, placed.order.id);
    const captureId = fake.orders.get(token)!.captureId!;
    const refunded = [...fake.refunds.values()].filter((r) => r.captureId === captureId);
    expect(refunded.map((r) => r.amount.value)).toEqual(['8367.15']);
    expect((await paymentRow(h.t, payment!.id)).chargeStatus).toBe('FULLY_REFUNDED');
    const refundMail = await h.t.db.select().from(emails).where(and(eq(emails.to, customer.user.email), eq(emails.template, 'payment_refunded')));
    expect(refundMail[0]!.text).toContain('This includes the PayPal fee of ₱368.15.');
  });
});

describe('every gateway a pre-order allows captures nothing before confirmation (the sandbox)', () => {
  let h: PaymentsHarness;
  let staff: Customer;
  beforeAll(async () => {
    h = await createPaymentsHarness();
    staff = await createStaffCustomer(h.t);
  });
  afterAll(async () => {
    await h?.close();
  });

  /** How the shopper finishes each pre-order gateway's part: after this, only staff act. */
  const approvals: Record<string, () => Promise<{ paymentId: number; orderId: number }>> = {
    'Paymaya Vault': async () => {
      const customer = await createCustomer(h.t);
      const mayaCustomer = `sandbox-customer-${customer.user.id}`;
      await h.t.db.insert(paymentCustomers).values({ userId: customer.user.id, provider: 'maya', customerId: mayaCustomer });
      const [card] = await h.t.db
        .insert(savedCards)
        .values({ userId: customer.user.id, customerId: mayaCustomer, cardTokenId: sandboxCardTokenId(mayaCustomer, 'VISA', '4242', false), brand: 'VISA', last4: '4242', state: 'VERIFIED', isDefault: true, verifiedAt: new Date() })
        .returning();
      const placed = await preOrder(h, 'Paymaya Vault', { token: String(card!.id), customer });
      return { paymentId: placed.paymentId, orderId: placed.order.id };
    },
    'Paypal Checkout': async () => {
      const placed = await preOrder(h, 'Paypal Checkout');
      const back = new URL(await decide(placed.redirectUrl!, 'approve'));
      expect(back.pathname).toBe('/payment/paypal');
      const returned = await returnFromPaypal(h, placed.customer, back.searchParams.get('token')!);
      expect(returned.order!.captureStatus).toBe('AUTHORIZED');
      return { paymentId: placed.paymentId, orderId: placed.order.id };
    },
  };

  it('covers every gateway the rules let pay for a pre-order', () => {
    const allowed = SPEC_GATEWAYS.filter((g) => g.acceptsPreOrder && GATEWAYS.some((i) => i.info.id === g.id)).map((g) => g.id);
    expect(Object.keys(approvals).sort()).toEqual([...allowed].sort());
  });

  it.each(Object.keys(approvals))('%s: nothing is charged until orderConfirm, even past the payment window; then it is', async (gateway) => {
    const { paymentId, orderId } = await approvals[gateway]!();
    expect((await paymentRow(h.t, paymentId)).chargeStatus).toBe('NOT_CHARGED');
    expect((await eventRows(h.t, paymentId)).filter((e) => e.type === 'PAID')).toEqual([]);
    expect(await windowLapses(h, orderId)).toBeNull();
    await confirmOrder(staff.ctx, orderId);
    expect((await paymentRow(h.t, paymentId)).chargeStatus).toBe('FULLY_CHARGED');
  });

  it('Paypal Checkout in the sandbox: a rejected pre-order voids its authorised session', async () => {
    const { paymentId, orderId } = await approvals['Paypal Checkout']!();
    await rejectOrder(staff.ctx, orderId, null);
    const payment = await paymentRow(h.t, paymentId);
    expect([payment.chargeStatus, payment.captureStatus]).toEqual(['REJECTED', 'VOIDED']);
    const [session] = await h.t.db.select().from(sandboxSessions).where(eq(sandboxSessions.id, payment.providerReference!));
    expect(session!.status).toBe('VOIDED');
  });
});
