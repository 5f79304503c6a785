// Staff refunds and voids through the real providers' APIs (here, their local fakes): PayPal
// refunds the capture (Payments v2); Maya voids a payment not yet settled (the same day) and
// refunds one settled. A provider's refusal leaves the order as it was and shows the error.
import { encodeGlobalID } from '@pothos/plugin-relay';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../accounts/accounts.tables';
import { createCustomer, createVariant, readyCheckout, type Customer } from '../../checkout/checkout.fixtures';
import { completeCheckout } from '../../checkout/place-order.service';
import { confirmOrder } from '../../orders/order-staff.service';
import { startFake, type RunningFake } from './fake-server';
import { createMayaFake, sandboxCardTokenId } from './maya/fake';
import { createPaypalFake } from './paypal/fake';
import { paymentRefunds, payments } from '../payments.tables';
import { paymentCustomers, savedCards } from '../saved-cards.tables';
import { refundOrderPayment, STAFF_PAYMENT_MESSAGES } from '../payments-staff.service';
import { askProviderToRefund, refundRequestId, settleRefundJob } from '../refunds/refund-at-provider.service';
import { silentLog } from '../../../jobs/job-testing';
import { createPaymentsHarness, eventRows, paidPaypalOrder, paymentRow, placeOrder, type PaymentsHarness } from '../../../testing/payments.fixtures';

let h: PaymentsHarness;
let staff: Customer;
const fakes: RunningFake[] = [];
let urls: { paypal: string; maya: string };

const paypalFake = createPaypalFake({ clientId: 'pp-id', clientSecret: 'pp-secret', publicUrl: () => urls.paypal });
const mayaFake = createMayaFake({ publicKey: 'pk-live', secretKey: 'sk-live', publicUrl: () => urls.maya });

beforeAll(async () => {
  h = await createPaymentsHarness();
  const [paypal, maya] = await Promise.all([paypalFake, mayaFake].map((f) => startFake(f.handler)));
  fakes.push(paypal!, maya!);
  urls = { paypal: paypal!.url, maya: maya!.url };
  h.t.config.providers = {
    ...h.t.config.providers,
    paypal: { clientId: 'pp-id', clientSecret: 'pp-secret', webhookId: 'WH-SUKI', baseUrl: urls.paypal },
    maya: { publicKey: 'pk-live', secretKey: 'sk-live', baseUrl: urls.maya },
  };
  const c = await createCustomer(h.t);
  await h.t.db.update(users).set({ isStaff: true, isSuperuser: true }).where(eq(users.id, c.user.id));
  staff = { ...c, user: { ...c.user, isStaff: true, isSuperuser: true }, ctx: h.t.serviceContext({ ...c.user, isStaff: true, isSuperuser: true }) };
});
afterAll(async () => {
  await Promise.all(fakes.map((f) => f.close()));
  await h?.close();
});

type Payload = { order: { paymentStatus: string } | null; errors: { message: string }[] };
const staffAction = async (name: 'orderRefund' | 'orderVoid', id: string): Promise<Payload> => {
  const r = await h.t.gql<Record<string, Payload>>(`mutation($id: ID!) { ${name}(id: $id) { order { paymentStatus } errors { message } } }`, { id }, { token: staff.token });
  expect(r.errors).toBeUndefined();
  return r.data![name]!;
};
const ledger = async (paymentId: number) => (await eventRows(h.t, paymentId)).map((e) => [e.provider, e.type, e.outcome]);

describe('PayPal refunds through the API', () => {
  it('a staff refund refunds the capture at PayPal and records PayPal\'s event', async () => {
    const placed = await paidPaypalOrder(h.t, paypalFake);
    expect(await staffAction('orderRefund', placed.orderGlobalId)).toEqual({ order: { paymentStatus: 'FULLY_REFUNDED' }, errors: [] });
    const refunds = [...paypalFake.refunds.values()].filter((r) => r.captureId === placed.captureId);
    expect(refunds).toHaveLength(1);
    // ₱5,000 and the PayPal fee charged with it (ADR 040): a full refund gives both back.
    expect(refunds[0]).toMatchObject({ status: 'COMPLETED', amount: { currency_code: 'PHP', value: '5230.13' } });
    expect(await ledger(placed.paymentId)).toEqual([
      ['paypal', 'PAID', 'APPLIED'],
      ['paypal', 'REFUNDED', 'APPLIED'],
    ]);
    const events = await eventRows(h.t, placed.paymentId);
    expect(events[1]!.eventId).toBe(`PAYMENT.CAPTURE.REFUNDED:${refunds[0]!.id}`);
    expect(events[1]!.amount).toBe(5_230_13);
  });

  it('a refund PayPal refuses leaves the order paid and shows the error', async () => {
    const placed = await paidPaypalOrder(h.t, paypalFake);
    paypalFake.refuseRefunds(placed.captureId, 'REFUND_TIME_LIMIT_EXCEEDED');
    expect(await staffAction('orderRefund', placed.orderGlobalId)).toEqual({ order: null, errors: [{ message: STAFF_PAYMENT_MESSAGES.refundRefused }] });
    const payment = await paymentRow(h.t, placed.paymentId);
    expect(payment.chargeStatus).toBe('FULLY_CHARGED');
    expect(await ledger(placed.paymentId)).toEqual([['paypal', 'PAID', 'APPLIED']]);
  });

  it('a PENDING refund is recorded but moves nothing until PayPal completes it', async () => {
    const placed = await paidPaypalOrder(h.t, paypalFake);
    paypalFake.holdRefunds(placed.captureId);
    expect(await staffAction('orderRefund', placed.orderGlobalId)).toEqual({ order: { paymentStatus: 'FULLY_CHARGED' }, errors: [] });
    expect(await ledger(placed.paymentId)).toEqual([
      ['paypal', 'PAID', 'APPLIED'],
      ['paypal', 'PENDING', 'IGNORED'],
    ]);
  });
});

/** A Paymaya Vault order whose saved card Maya charged when staff confirmed it (today). */
async function chargedVaultOrder() {
  const customer = await createCustomer(h.t);
  const mayaCustomer = `maya-customer-${customer.user.id}`;
  await h.t.db.insert(paymentCustomers).values({ userId: customer.user.id, provider: 'maya', customerId: mayaCustomer });
  const [card] = await h.t.db
    .insert(savedCards)
    .values({ userId: customer.user.id, customerId: mayaCustomer, cardTokenId: sandboxCardTokenId(mayaCustomer, 'VISA', '4242'), brand: 'VISA', last4: '4242', state: 'VERIFIED', isDefault: true, verifiedAt: new Date() })
    .returning();
  const variantId = await createVariant(h.t.db, { price: 2_500_00 });
  const checkoutId = await readyCheckout(customer, [{ variantId, quantity: 1 }], { gateway: 'Paymaya Vault', token: String(card!.id) });
  const { order } = await completeCheckout(customer.ctx, checkoutId);
  await confirmOrder(staff.ctx, order.id);
  const [payment] = await h.t.db.select().from(payments).where(eq(payments.orderId, order.id));
  expect(payment!.chargeStatus).toBe('FULLY_CHARGED');
  return { orderId: order.id, orderGlobalId: encodeGlobalID('Order', order.id), paymentId: payment!.id, mayaPaymentId: payment!.providerReference! };
}

const settlementsOf = (mayaPaymentId: string) => mayaFake.settlements.filter((s) => s.paymentId === mayaPaymentId).map((s) => [s.kind, s.amount]);

describe('Maya voids and refunds through the Payments API', () => {
  it('a card payment refunded the day it was paid is voided at Maya (not yet settled)', async () => {
    const vault = await chargedVaultOrder();
    expect(await staffAction('orderRefund', vault.orderGlobalId)).toEqual({ order: { paymentStatus: 'FULLY_REFUNDED' }, errors: [] });
    expect(settlementsOf(vault.mayaPaymentId)).toEqual([['void', '2500.00']]);
    expect(mayaFake.payments.get(vault.mayaPaymentId)!.status).toBe('VOIDED');
    expect(await ledger(vault.paymentId)).toEqual([
      ['maya', 'PAID', 'APPLIED'],
      ['maya', 'REFUNDED', 'APPLIED'],
    ]);
    expect((await eventRows(h.t, vault.paymentId))[1]!.eventId).toBe(`${vault.mayaPaymentId}:VOIDED`);
  });

  it('a settled card payment is refunded at Maya for its whole amount', async () => {
    const vault = await chargedVaultOrder();
    mayaFake.settleNow(vault.mayaPaymentId);
    expect(await staffAction('orderRefund', vault.orderGlobalId)).toEqual({ order: { paymentStatus: 'FULLY_REFUNDED' }, errors: [] });
    expect(settlementsOf(vault.mayaPaymentId)).toEqual([['refund', '2500.00']]);
    expect(mayaFake.payments.get(vault.mayaPaymentId)!.status).toBe('REFUNDED');
    expect(await ledger(vault.paymentId)).toEqual([
      ['maya', 'PAID', 'APPLIED'],
      ['maya', 'REFUNDED', 'APPLIED'],
    ]);
  });

  it('a refund Maya refuses leaves the order paid and shows the error', async () => {
    const vault = await chargedVaultOrder();
    mayaFake.refuseSettlement(vault.mayaPaymentId);
    expect(await staffAction('orderRefund', vault.orderGlobalId)).toEqual({ order: null, errors: [{ message: STAFF_PAYMENT_MESSAGES.refundRefused }] });
    expect((await paymentRow(h.t, vault.paymentId)).chargeStatus).toBe('FULLY_CHARGED');
    expect(settlementsOf(vault.mayaPaymentId)).toEqual([]);
    expect(await ledger(vault.paymentId)).toEqual([['maya', 'PAID', 'APPLIED']]);
  });

  it('a refund in part repeated after a crash (Maya refunded, its answer never recorded) is made once: the settle job repeats the request with the same idempotency key', async () => {
    const vault = await chargedVaultOrder();
    mayaFake.settleNow(vault.mayaPaymentId);
    // Step 1 commits; step 2 asks Maya, which refunds; the process dies before step 3.
    const recorded = await h.t.db.transaction((db) => refundOrderPayment({ ...staff.ctx, db }, vault.orderId, { amount: 1_000_00, reason: 'One item returned' }));
    const answer = await askProviderToRefund(staff.ctx, await paymentRow(h.t, vault.paymentId), recorded.refund);
    expect(answer.kind).toBe('event');
    expect(settlementsOf(vault.mayaPaymentId)).toEqual([['refund', '1000.00']]);

    await settleRefundJob.handler({ refundId: recorded.refund.id }, { db: h.t.db, config: h.t.config, log: silentLog(), jobId: 'test', retryCount: 0 });
    // Maya answered the repeated request with the first refund: ₱1,000 given back once.
    expect(settlementsOf(vault.mayaPaymentId)).toEqual([['refund', '1000.00']]);
    expect(mayaFake.retransmissions).toEqual([refundRequestId(recorded.refund)]);
    const [row] = await h.t.db.select().from(paymentRefunds).where(eq(paymentRefunds.id, recorded.refund.id));
    expect(row).toMatchObject({ status: 'COMPLETED', provider: 'maya', providerRefundId: mayaFake.settlements.find((s) => s.paymentId === vault.mayaPaymentId)!.id });
    expect(row!.settledAt).not.toBeNull();
    expect(await ledger(vault.paymentId)).toEqual([
      ['maya', 'PAID', 'APPLIED'],
      ['maya', 'REFUNDED', 'APPLIED'],
    ]);
    expect((await paymentRow(h.t, vault.paymentId)).chargeStatus).toBe('FULLY_CHARGED');

    // The rest, refunded by staff afterwards, is a new request (a new key): Maya refunds it.
    expect(await staffAction('orderRefund', vault.orderGlobalId)).toEqual({ order: { paymentStatus: 'FULLY_REFUNDED' }, errors: [] });
    expect(settlementsOf(vault.mayaPaymentId)).toEqual([['refund', '1000.00'], ['refund', '1500.00']]);
  });

  it('Paymaya App (hosted Checkout): paid today then refunded is voided at Maya; an unpaid one has nothing to void there', async () => {
    const placed = await placeOrder(h.t, 'Paymaya App');
    const back = await fetch(placed.redirectUrl!, { method: 'POST', redirect: 'manual', body: new URLSearchParams({ decision: 'approve' }) });
    await fetch(back.headers.get('location')!, { redirect: 'manual' });
    expect((await paymentRow(h.t, placed.paymentId)).chargeStatus).toBe('FULLY_CHARGED');
    const mayaPaymentId = (await paymentRow(h.t, placed.paymentId)).providerReference!;
    expect(await staffAction('orderRefund', placed.orderGlobalId)).toEqual({ order: { paymentStatus: 'FULLY_REFUNDED' }, errors: [] });
    expect(settlementsOf(mayaPaymentId)).toEqual([['void', '5000.00']]);
    expect(await ledger(placed.paymentId)).toEqual([
      ['maya', 'PAID', 'APPLIED'],
      ['maya', 'REFUNDED', 'APPLIED'],
    ]);

    const unpaid = await placeOrder(h.t, 'Paymaya App');
    // A void on staff's word leaves the payment REJECTED ('Rejected'), as a provider's void does (ADR 045).
    expect(await staffAction('orderVoid', unpaid.orderGlobalId)).toEqual({ order: { paymentStatus: 'REJECTED' }, errors: [] });
    expect((await paymentRow(h.t, unpaid.paymentId)).captureStatus).toBe('VOIDED');
    expect(settlementsOf((await paymentRow(h.t, unpaid.paymentId)).providerReference!)).toEqual([]);
    expect(await ledger(unpaid.paymentId)).toEqual([['staff', 'VOIDED', 'APPLIED']]);
  });
});
