// /webhooks/sandbox: forged, unsigned, malformed, replayed, duplicated and out-of-order events,
// and events whose amount, currency or order do not match their payment, change nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPaymentsHarness, eventRows, paymentRow, placeOrder, type PaymentsHarness, type PlacedPayment } from '../../../testing/payments.fixtures';
import { pesos, SIGNATURE_HEADER, signReturn, signWebhook, type SandboxEvent, type SandboxEventType } from '../sandbox/sandbox-signature';
import { newEventId } from '../sandbox/sandbox.provider';
import { deliverSandboxWebhook, WebhookRefused } from '../sandbox/sandbox-webhook';

let h: PaymentsHarness;
beforeAll(async () => {
  h = await createPaymentsHarness();
});
afterAll(async () => {
  await h?.close();
});

function eventFor(placed: PlacedPayment, type: SandboxEventType, change: Partial<SandboxEvent> = {}): SandboxEvent {
  return {
    id: newEventId(),
    type,
    session: 'ses_test',
    gateway: 'GCash',
    merchantReference: String(placed.paymentId),
    orderReference: placed.referenceKey,
    amount: { value: pesos(5_000_00), currency: 'PHP' },
    created: new Date().toISOString(),
    ...change,
  };
}

async function post(body: string, signature?: string) {
  const response = await fetch(`${h.base}/webhooks/sandbox`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(signature ? { [SIGNATURE_HEADER]: signature } : {}) },
    body,
  });
  return { status: response.status, json: (await response.json()) as { outcome?: string; error?: string } };
}

const send = (event: SandboxEvent) => {
  const body = JSON.stringify(event);
  return post(body, signWebhook(h.t.config.paymentsSandbox.webhookSecret, body));
};

async function gcashOrder() {
  const placed = await placeOrder(h.t, 'GCash');
  // The order's total is the phone's ₱5,000 (pickup).
  expect((await paymentRow(h.t, placed.paymentId)).total).toBe(5_000_00);
  return placed;
}

describe('sandbox webhooks', () => {
  it('refuses unsigned (401), forged (401), stale (401) and malformed (400) webhooks; nothing changes', async () => {
    const placed = await gcashOrder();
    const body = JSON.stringify(eventFor(placed, 'payment.paid'));
    expect((await post(body)).status).toBe(401);
    expect((await post(body, signWebhook('a-forger-does-not-know-the-secret-0000000', body))).status).toBe(401);
    expect((await post(body, 't=123,v1=00')).status).toBe(401);
    const hourAgo = Date.now() - 60 * 60 * 1000;
    expect((await post(body, signWebhook(h.t.config.paymentsSandbox.webhookSecret, body, hourAgo))).status).toBe(401);
    // Signed, but the body was changed on the way.
    const signed = signWebhook(h.t.config.paymentsSandbox.webhookSecret, body);
    expect((await post(body.replace('5000.00', '1.00'), signed)).status).toBe(401);
    const malformed = '{"id": "evt_x", "type": "payment.paid"';
    expect((await post(malformed, signWebhook(h.t.config.paymentsSandbox.webhookSecret, malformed))).status).toBe(400);
    const wrongShape = JSON.stringify({ ...eventFor(placed, 'payment.paid'), amount: 5000 });
    expect((await post(wrongShape, signWebhook(h.t.config.paymentsSandbox.webhookSecret, wrongShape))).status).toBe(400);

    expect((await paymentRow(h.t, placed.paymentId)).chargeStatus).toBe('NOT_CHARGED');
    expect(await eventRows(h.t, placed.paymentId)).toEqual([]);
  });

  it('a replayed or duplicated event changes nothing more', async () => {
    const placed = await gcashOrder();
    const paid = eventFor(placed, 'payment.paid');
    expect((await send(paid)).json.outcome).toBe('APPLIED');
    expect((await send(paid)).json.outcome).toBe('DUPLICATE');
    await Promise.all([send(paid), send(paid)]);
    // deliverSandboxWebhook (the retrying sender) accepts the duplicate answer as delivered.
    await deliverSandboxWebhook(h.t.config, paid);
    expect(await eventRows(h.t, placed.paymentId)).toHaveLength(1);
    expect((await paymentRow(h.t, placed.paymentId)).chargeStatus).toBe('FULLY_CHARGED');
  });

  it('out-of-order events never move the status backwards', async () => {
    const placed = await gcashOrder();
    expect((await send(eventFor(placed, 'payment.paid'))).json.outcome).toBe('APPLIED');
    for (const late of ['payment.pending', 'payment.declined', 'payment.cancelled', 'payment.voided'] as const) {
      expect((await send(eventFor(placed, late))).json.outcome).toBe('IGNORED');
    }
    const payment = await paymentRow(h.t, placed.paymentId);
    expect([payment.chargeStatus, payment.captureStatus]).toEqual(['FULLY_CHARGED', 'CAPTURED']);
    // A refund after payment does apply, and nothing pays it again afterwards.
    expect((await send(eventFor(placed, 'payment.refunded'))).json.outcome).toBe('APPLIED');
    expect((await send(eventFor(placed, 'payment.paid'))).json.outcome).toBe('IGNORED');
    expect((await paymentRow(h.t, placed.paymentId)).chargeStatus).toBe('FULLY_REFUNDED');
  });

  it('a decline before a later successful payment: the payment still becomes paid', async () => {
    const placed = await gcashOrder();
    expect((await send(eventFor(placed, 'payment.declined'))).json.outcome).toBe('APPLIED');
    expect((await paymentRow(h.t, placed.paymentId)).chargeStatus).toBe('FAILED');
    expect((await send(eventFor(placed, 'payment.paid'))).json.outcome).toBe('APPLIED');
    expect((await paymentRow(h.t, placed.paymentId)).chargeStatus).toBe('FULLY_CHARGED');
  });

  it.each([
    ['amount', { amount: { value: '4999.99', currency: 'PHP' } }],
    ['currency', { amount: { value: '5000.00', currency: 'USD' } }],
    ['order', { orderReference: 'NOTTHEORDER' }],
    ['payment', { merchantReference: '999999' }],
  ] as const)('an event whose %s does not match is recorded as a mismatch and changes nothing', async (_what, change) => {
    const placed = await gcashOrder();
    const response = await send(eventFor(placed, 'payment.paid', change));
    expect(response).toEqual({ status: 200, json: { received: true, outcome: 'MISMATCH' } });
    expect((await paymentRow(h.t, placed.paymentId)).chargeStatus).toBe('NOT_CHARGED');
  });

  it('the shopper return is verified like a webhook', async () => {
    const placed = await gcashOrder();
    const event = eventFor(placed, 'payment.paid');
    const query = new URLSearchParams(signReturn(h.t.config.paymentsSandbox.webhookSecret, event));
    query.set('payload', Buffer.from(JSON.stringify({ ...event, amount: { value: '1.00', currency: 'PHP' } })).toString('base64url'));
    const forged = await fetch(`${h.base}/webhooks/sandbox/return?${query}`, { redirect: 'manual' });
    expect(forged.status).toBe(401);
    expect((await fetch(`${h.base}/webhooks/sandbox/return`, { redirect: 'manual' })).status).toBe(401);
    expect((await paymentRow(h.t, placed.paymentId)).chargeStatus).toBe('NOT_CHARGED');
  });

  it('unknown providers are not served, and a refused delivery is an error for the retrying sender', async () => {
    expect((await fetch(`${h.base}/webhooks/nobody`, { method: 'POST', body: '{}' })).status).toBe(404);
    const placed = await gcashOrder();
    const forgedConfig = { ...h.t.config, paymentsSandbox: { enabled: true, webhookSecret: 'x'.repeat(40) } };
    await expect(deliverSandboxWebhook(forgedConfig, eventFor(placed, 'payment.paid'))).rejects.toBeInstanceOf(WebhookRefused);
  });
});
