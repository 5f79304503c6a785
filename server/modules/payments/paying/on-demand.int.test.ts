// Paymaya On-demand and Paymaya Checkout (ADR 042): a card typed for one unpaid order, tokenised
// with the Maya sandbox, charged through 3-D Secure; the return is believed only as Maya reports
// the payment. On-demand's order is placed first and paid from Pay Now; Checkout's card is typed
// at checkout and charged as soon as the order exists.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GATEWAYS } from '../gateways/gateways';
import { createPaymentsHarness, eventRows, paymentRow, placeOrder, type PaymentsHarness } from '../../../testing/payments.fixtures';
import { mayaClient } from '../providers/maya/maya-access';

let h: PaymentsHarness;
beforeAll(async () => {
  h = await createPaymentsHarness();
});
afterAll(async () => {
  await h?.close();
});

const year = String(new Date().getFullYear() + 2);
const tokenOf = async (number: string) => (await mayaClient(h.t.config))!.createPaymentToken({ number, expMonth: '12', expYear: year, cvc: '123' });
const PAY = 'mutation($o: ID!, $t: String!) { onDemandPaymentCreate(order: $o, paymentToken: $t) { verificationUrl errors { field message } } }';
type Paid = { onDemandPaymentCreate: { verificationUrl: string | null; errors: { field: string | null; message: string }[] } };

async function threeDs(url: string, decision: 'approve' | 'decline' | 'cancel'): Promise<string> {
  expect((await fetch(url)).status).toBe(200);
  const answer = await fetch(url, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ decision }) });
  return answer.headers.get('location')!;
}

describe('Paymaya On-demand', () => {
  it('routes each Maya card gateway as the rulebook lists it: On-demand to the orders page, Checkout to a card payment', async () => {
    const byId = (id: string) => GATEWAYS.find((g) => g.info.id === id)!;
    // docs/product/orders-and-payments.md#after-placing: Paymaya Checkout creates an on-demand card payment after the
    // order returns; Paymaya On-demand is "any other gateway": the orders page, then Pay Now.
    expect([byId('Paymaya On-demand').afterComplete, byId('Paymaya On-demand').payNow]).toEqual(['ORDERS', 'CARD']);
    expect([byId('Paymaya Checkout').afterComplete, byId('Paymaya Checkout').payNow]).toEqual(['CARD', 'CARD']);
    // Neither opens a hosted page when the order is placed.
    for (const gateway of ['Paymaya On-demand', 'Paymaya Checkout']) {
      const placed = await placeOrder(h.t, gateway);
      expect([gateway, placed.redirectUrl]).toEqual([gateway, null]);
      const api = await h.t.gql<{ order: { payNow: string } }>('query($id: ID!) { order(id: $id) { payNow } }', { id: placed.orderGlobalId }, { token: placed.customer.token });
      expect(api.data!.order.payNow).toBe('CARD');
    }
  });

  it('Paymaya Checkout: the token typed at checkout pays the new order through 3-D Secure, back to the orders page', async () => {
    const placed = await placeOrder(h.t, 'Paymaya Checkout');
    const paid = await h.t.gql<Paid>(PAY, { o: placed.orderGlobalId, t: await tokenOf('4111111111111111') }, { token: placed.customer.token });
    const url = paid.data!.onDemandPaymentCreate.verificationUrl!;
    expect(url).toMatch(new RegExp(`^${h.base}/sandbox/maya/verify/payment/`));
    const back = await threeDs(url, 'approve');
    expect((await fetch(back, { redirect: 'manual' })).headers.get('location')).toBe('/account/orders?status=success&method=Paymaya%20Checkout');
    const payment = await paymentRow(h.t, placed.paymentId);
    expect([payment.chargeStatus, payment.captureStatus, payment.provider]).toEqual(['FULLY_CHARGED', 'PAYMAYA_CHECKOUT_CAPTURE_SUCCESS', 'maya']);
  });

  it('charges a new card through 3-D Secure; the order becomes paid; paying again is refused', async () => {
    const placed = await placeOrder(h.t, 'Paymaya On-demand');
    const order = await h.t.gql<{ order: { payNow: string } }>('query($id: ID!) { order(id: $id) { payNow } }', { id: placed.orderGlobalId }, { token: placed.customer.token });
    expect(order.data!.order.payNow).toBe('CARD');

    // Someone else's order, or a bad token: refused in the rulebook's words.
    const stranger = await placeOrder(h.t, 'Bank Deposit');
    const refused = await h.t.gql<Paid>(PAY, { o: placed.orderGlobalId, t: await tokenOf('4111111111111111') }, { token: stranger.customer.token });
    expect(refused.data!.onDemandPaymentCreate.errors).toEqual([{ field: 'orderId', message: 'Unable to create payment.' }]);
    const badToken = await h.t.gql<Paid>(PAY, { o: placed.orderGlobalId, t: 'not-a-token' }, { token: placed.customer.token });
    expect(badToken.data!.onDemandPaymentCreate.errors).toEqual([{ field: 'paymentToken', message: 'Unable to create payment.' }]);

    const paid = await h.t.gql<Paid>(PAY, { o: placed.orderGlobalId, t: await tokenOf('4111111111111111') }, { token: placed.customer.token });
    const url = paid.data!.onDemandPaymentCreate.verificationUrl!;
    expect(url).toMatch(new RegExp(`^${h.base}/sandbox/maya/verify/payment/`));
    expect((await paymentRow(h.t, placed.paymentId)).chargeStatus).toBe('NOT_CHARGED');

    // A forged return before 3-D Secure changes nothing: Maya says the payment is not paid yet.
    const early = await fetch(`${h.base}/payments/maya/payments/${placed.paymentId}/return?outcome=success`, { redirect: 'manual' });
    expect(early.headers.get('location')).toBe('/account/orders');
    expect((await paymentRow(h.t, placed.paymentId)).chargeStatus).toBe('NOT_CHARGED');

    const back = await threeDs(url, 'approve');
    const returned = await fetch(back, { redirect: 'manual' });
    expect(returned.headers.get('location')).toBe('/account/orders?status=success&method=Paymaya%20On-demand');
    const payment = await paymentRow(h.t, placed.paymentId);
    expect([payment.chargeStatus, payment.captureStatus, payment.provider]).toEqual(['FULLY_CHARGED', 'CAPTURED', 'maya']);
    expect((await eventRows(h.t, placed.paymentId)).filter((e) => e.outcome === 'APPLIED')).toHaveLength(1);

    const again = await h.t.gql<Paid>(PAY, { o: placed.orderGlobalId, t: await tokenOf('4111111111111111') }, { token: placed.customer.token });
    expect(again.data!.onDemandPaymentCreate.errors[0]!.message).toBe('Unable to create payment.');
  });

  it('a card that fails 3-D Secure leaves the order unpaid and payable', async () => {
    const placed = await placeOrder(h.t, 'Paymaya On-demand');
    const paid = await h.t.gql<Paid>(PAY, { o: placed.orderGlobalId, t: await tokenOf('4111111111111111') }, { token: placed.customer.token });
    const back = await threeDs(paid.data!.onDemandPaymentCreate.verificationUrl!, 'decline');
    // Back to the order, which says the payment was declined.
    expect((await fetch(back, { redirect: 'manual' })).headers.get('location')).toBe(`/account/order-details/${placed.orderId}?payment=declined`);
    expect((await paymentRow(h.t, placed.paymentId)).chargeStatus).toBe('FAILED');
    const order = await h.t.gql<{ order: { payNow: string } }>('query($id: ID!) { order(id: $id) { payNow } }', { id: placed.orderGlobalId }, { token: placed.customer.token });
    expect(order.data!.order.payNow).toBe('CARD');
  });
});
