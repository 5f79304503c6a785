// Staff refunds and voids through the real providers' APIs (here, their local fakes): PayPal
// refunds the capture (Payments v2); Maya voids a payment not yet settled (the same day) and
// refunds one settled. A provider's refusal leaves the order as it was and shows the error.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../accounts/accounts.tables';
import { createCustomer, type Customer } from '../checkout/checkout.fixtures';
import { startFake, type RunningFake } from './providers/fake-server';
import { createPaypalFake } from './providers/paypal/fake';
import { STAFF_PAYMENT_MESSAGES } from './staff-payments.service';
import { createPaymentsHarness, eventRows, paymentRow, placeOrder, type PaymentsHarness } from './payments.fixtures';

let h: PaymentsHarness;
let staff: Customer;
const fakes: RunningFake[] = [];
let urls: { paypal: string };

const paypalFake = createPaypalFake({ clientId: 'pp-id', clientSecret: 'pp-secret', publicUrl: () => urls.paypal });

beforeAll(async () => {
  h = await createPaymentsHarness();
  const [paypal] = await Promise.all([paypalFake].map((f) => startFake(f.handler)));
  fakes.push(paypal!);
  urls = { paypal: paypal!.url };
  h.t.config.providers = {
    ...h.t.config.providers,
    paypal: { clientId: 'pp-id', clientSecret: 'pp-secret', webhookId: 'WH-SUKI', baseUrl: urls.paypal },
  };
  const c = await createCustomer(h.t);
  await h.t.db.update(users).set({ isStaff: true, isSuperuser: true }).where(eq(users.id, c.user.id));
  staff = c;
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

/** A Paypal Checkout order approved at PayPal and captured by the shop. */
async function paidPaypalOrder() {
  const placed = await placeOrder(h.t, 'Paypal Checkout');
  const token = new URL(placed.redirectUrl!).searchParams.get('token')!;
  paypalFake.approve(token);
  const captured = await h.t.gql<{ capturePaypalTransaction: Payload }>(
    'mutation($t: String!) { capturePaypalTransaction(paypalTransactionId: $t) { order { paymentStatus } errors { message } } }',
    { t: token },
    { token: placed.customer.token },
  );
  expect(captured.data!.capturePaypalTransaction.order!.paymentStatus).toBe('FULLY_CHARGED');
  return { ...placed, captureId: paypalFake.orders.get(token)!.captureId! };
}

describe('PayPal refunds through the API', () => {
  it('a staff refund refunds the capture at PayPal and records PayPal\'s event', async () => {
    const placed = await paidPaypalOrder();
    expect(await staffAction('orderRefund', placed.orderGlobalId)).toEqual({ order: { paymentStatus: 'FULLY_REFUNDED' }, errors: [] });
    const refunds = [...paypalFake.refunds.values()].filter((r) => r.captureId === placed.captureId);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ status: 'COMPLETED', amount: { currency_code: 'PHP', value: '5000.00' } });
    expect(await ledger(placed.paymentId)).toEqual([
      ['paypal', 'PAID', 'APPLIED'],
      ['paypal', 'REFUNDED', 'APPLIED'],
    ]);
    const events = await eventRows(h.t, placed.paymentId);
    expect(events[1]!.eventId).toBe(`PAYMENT.CAPTURE.REFUNDED:${refunds[0]!.id}`);
    expect(events[1]!.amount).toBe(5_000_00);
  });

  it('a refund PayPal refuses leaves the order paid and shows the error', async () => {
    const placed = await paidPaypalOrder();
    paypalFake.refuseRefunds(placed.captureId, 'REFUND_TIME_LIMIT_EXCEEDED');
    expect(await staffAction('orderRefund', placed.orderGlobalId)).toEqual({ order: null, errors: [{ message: STAFF_PAYMENT_MESSAGES.refundRefused }] });
    const payment = await paymentRow(h.t, placed.paymentId);
    expect(payment.chargeStatus).toBe('FULLY_CHARGED');
    expect(await ledger(placed.paymentId)).toEqual([['paypal', 'PAID', 'APPLIED']]);
  });

  it('a PENDING refund is recorded but moves nothing until PayPal completes it', async () => {
    const placed = await paidPaypalOrder();
    paypalFake.holdRefunds(placed.captureId);
    expect(await staffAction('orderRefund', placed.orderGlobalId)).toEqual({ order: { paymentStatus: 'FULLY_CHARGED' }, errors: [] });
    expect(await ledger(placed.paymentId)).toEqual([
      ['paypal', 'PAID', 'APPLIED'],
      ['paypal', 'PENDING', 'IGNORED'],
    ]);
  });
});
