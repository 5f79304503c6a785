import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFake, type RunningFake } from '../fake-server';
import { ProviderError } from '../http';
import { createPaypalClient } from './client';
import { createPaypalFake } from './fake';

const creds = { clientId: 'client-id', clientSecret: 'client-secret' };
let running: RunningFake;
const fake = createPaypalFake({ ...creds, publicUrl: () => running.url });

beforeAll(async () => {
  running = await startFake(fake.handler);
});
afterAll(() => running.close());

const client = () => createPaypalClient({ ...creds, baseUrl: running.url });
const order = (c = client()) =>
  c.createOrder({ referenceId: 'ORDER-7', amount: 129_950, returnUrl: 'http://shop/payment/paypal', cancelUrl: 'http://shop/checkout' });

describe('PayPal Orders v2 client', () => {
  it('creates an order with an approve link, then captures the approved amount', async () => {
    const c = client();
    const created = await order(c);
    expect(created.status).toBe('CREATED');
    expect(created.approveUrl).toBe(`${running.url}/checkoutnow?token=${created.id}`);
    expect(fake.orders.get(created.id)?.amount).toEqual({ currency_code: 'PHP', value: '1299.50' });

    // The buyer approves on PayPal's page, which sends them back with the token.
    const page = await fetch(created.approveUrl!, { method: 'POST', body: new URLSearchParams({ decision: 'approve' }), redirect: 'manual' });
    expect(page.headers.get('location')).toBe(`http://shop/payment/paypal?token=${created.id}&PayerID=FAKEPAYER`);

    const captured = await c.captureOrder(created.id);
    expect(captured).toMatchObject({ outcome: 'COMPLETED', amount: 129_950, currency: 'PHP', referenceId: 'ORDER-7' });
    expect((await c.getOrder(created.id)).status).toBe('COMPLETED');
    // A retried capture with the same request id answers the same capture, charging once.
    expect(await c.captureOrder(created.id)).toEqual(captured);
  });

  it('reports a declined instrument and an unapproved order as declines', async () => {
    const c = client();
    const declined = await order(c);
    fake.declineAtCapture(declined.id);
    expect(await c.captureOrder(declined.id)).toEqual({ outcome: 'DECLINED', orderId: declined.id, issue: 'INSTRUMENT_DECLINED' });
    const unapproved = await order(c);
    expect(await c.captureOrder(unapproved.id)).toMatchObject({ outcome: 'DECLINED', issue: 'ORDER_NOT_APPROVED' });
  });

  it('refunds a capture in part then in whole, once per request id, and reports refusals and pending refunds', async () => {
    const c = client();
    const created = await order(c);
    fake.approve(created.id);
    const captured = await c.captureOrder(created.id);
    if (captured.outcome !== 'COMPLETED') throw new Error('not captured');
    expect((await c.getOrder(created.id)).captureId).toBe(captured.captureId);

    const part = await c.refundCapture(captured.captureId, { amount: 29_950, noteToPayer: 'Sorry, one item was out of stock', requestId: 'r-1' });
    expect(part).toMatchObject({ outcome: 'COMPLETED', amount: 29_950, currency: 'PHP', captureId: captured.captureId });
    if (part.outcome !== 'COMPLETED') throw new Error('not refunded');
    expect(fake.refunds.get(part.refundId)).toMatchObject({ noteToPayer: 'Sorry, one item was out of stock' });
    // The same request id again answers the same refund: the money goes back once.
    expect(await c.refundCapture(captured.captureId, { amount: 29_950, requestId: 'r-1' })).toEqual(part);
    expect(await c.refundCapture(captured.captureId, { amount: 100_001, requestId: 'r-2' })).toEqual({ outcome: 'REFUSED', captureId: captured.captureId, issue: 'REFUND_AMOUNT_EXCEEDED' });
    // Without an amount: what remains.
    expect(await c.refundCapture(captured.captureId, { requestId: 'r-3' })).toMatchObject({ outcome: 'COMPLETED', amount: 100_000 });
    expect(await c.refundCapture(captured.captureId, { requestId: 'r-4' })).toEqual({ outcome: 'REFUSED', captureId: captured.captureId, issue: 'CAPTURE_FULLY_REFUNDED' });

    const other = await order(c);
    fake.approve(other.id);
    const second = await c.captureOrder(other.id);
    if (second.outcome !== 'COMPLETED') throw new Error('not captured');
    fake.refuseRefunds(second.captureId, 'REFUND_TIME_LIMIT_EXCEEDED');
    expect(await c.refundCapture(second.captureId)).toMatchObject({ outcome: 'REFUSED', issue: 'REFUND_TIME_LIMIT_EXCEEDED' });

    const third = await order(c);
    fake.approve(third.id);
    const held = await c.captureOrder(third.id);
    if (held.outcome !== 'COMPLETED') throw new Error('not captured');
    fake.holdRefunds(held.captureId);
    expect(await c.refundCapture(held.captureId)).toMatchObject({ outcome: 'PENDING', amount: 129_950 });

    const unknown = await c.refundCapture('NO-SUCH-CAPTURE').catch((e: unknown) => e);
    expect((unknown as ProviderError).status).toBe(404);
  });

  it('refuses wrong credentials', async () => {
    const bad = createPaypalClient({ clientId: 'client-id', clientSecret: 'wrong', baseUrl: running.url });
    const err = await order(bad).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProviderError);
    expect((err as ProviderError).status).toBe(401);
  });

  it('accepts a genuinely signed webhook and rejects a forged or tampered one', async () => {
    const c = client();
    const body = JSON.stringify({ id: 'WH-1', event_type: 'PAYMENT.CAPTURE.COMPLETED', resource: { id: 'CAP-1' } });
    const headers = fake.signWebhook('WEBHOOK-ID', body);
    expect(await c.verifyWebhook('WEBHOOK-ID', headers, body)).toBe(true);
    const tampered = body.replace('CAP-1', 'CAP-2');
    expect(await c.verifyWebhook('WEBHOOK-ID', headers, tampered)).toBe(false);
    expect(await c.verifyWebhook('WEBHOOK-ID', { ...headers, 'paypal-transmission-sig': 'forged' }, body)).toBe(false);
    expect(await c.verifyWebhook('OTHER-WEBHOOK', headers, body)).toBe(false);
    expect(await c.verifyWebhook('WEBHOOK-ID', {}, body)).toBe(false);
  });
});
