import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFake, type RunningFake } from '../fake-server';
import { createIpay88Client } from './client';
import { createIpay88Fake } from './fake';

const creds = { merchantCode: 'PH00001', merchantKey: 'merchant-key' };
let running: RunningFake;
let merchant: RunningFake;
const fake = createIpay88Fake({ ...creds, publicUrl: () => running.url });

beforeAll(async () => {
  running = await startFake(fake.handler);
  // The shop's backend URL: answers RECEIVEOK only to a genuine post.
  merchant = await startFake(async (req, res) => {
    let body = '';
    for await (const chunk of req) body += String(chunk);
    const ok = createIpay88Client({ ...creds, baseUrl: running.url }).verifyResponse(Object.fromEntries(new URLSearchParams(body))).genuine;
    res.end(ok ? 'RECEIVEOK' : 'SIGNATURE MISMATCH');
  });
});
afterAll(async () => {
  await running.close();
  await merchant.close();
});

const client = () => createIpay88Client({ ...creds, baseUrl: running.url });
const formFor = (refNo: string, c = client()) =>
  c.paymentForm({ refNo, amount: 129_900, prodDesc: 'Suki order', userName: 'Juan Cruz', userEmail: 'juan@example.com', responseUrl: 'http://shop/payment/ipay88', backendUrl: `${merchant.url}/webhooks/ipay88` });

/** Opens iPay88's page with the signed form, then presses a button; answers the response fields. */
async function pay(form: { action: string; fields: Record<string, string> }, decision: string) {
  const page = await fetch(form.action, { method: 'POST', body: new URLSearchParams(form.fields) });
  if (page.status !== 200) return { status: page.status, fields: {} as Record<string, string> };
  const done = await fetch(form.action, { method: 'POST', body: new URLSearchParams({ ...form.fields, decision }) });
  const html = await done.text();
  const fields = Object.fromEntries([...html.matchAll(/name="(\w+)" value="([^"]*)"/g)].map((m) => [m[1], m[2]]));
  return { status: done.status, fields };
}

describe('iPay88 client', () => {
  it('signs the request with SHA256; a paid response verifies and the re-query agrees', async () => {
    const c = client();
    const form = formFor('ORDER-31', c);
    expect(form.fields).toMatchObject({ MerchantCode: 'PH00001', PaymentId: '1', Amount: '1299.00', Currency: 'PHP', SignatureType: 'SHA256' });
    expect(form.fields.Signature).toMatch(/^[0-9a-f]{64}$/);
    expect(await c.requery('ORDER-31', 129_900)).toEqual({ paid: false, message: 'Record not found' });
    const { fields } = await pay(form, 'approve');
    expect(c.verifyResponse(fields)).toMatchObject({ genuine: true, paid: true, refNo: 'ORDER-31', amount: 129_900, currency: 'PHP' });
    expect(fake.backendPosts.at(-1)).toMatchObject({ answer: 'RECEIVEOK' });
    expect(await c.requery('ORDER-31', 129_900)).toEqual({ paid: true, message: '00' });
    expect(await c.requery('ORDER-31', 100)).toEqual({ paid: false, message: 'Incorrect amount' });
  });

  it('reports a declined payment as genuine but unpaid', async () => {
    const c = client();
    const { fields } = await pay(formFor('ORDER-32', c), 'decline');
    expect(c.verifyResponse(fields)).toMatchObject({ genuine: true, paid: false, error: 'Card Declined' });
    expect(await c.requery('ORDER-32', 129_900)).toEqual({ paid: false, message: 'Payment fail' });
  });

  it('rejects bad signatures both ways', async () => {
    const c = client();
    const { fields } = await pay(formFor('ORDER-33', c), 'decline');
    expect(c.verifyResponse({ ...fields, Status: '1' })).toMatchObject({ genuine: false, paid: false });
    expect(c.verifyResponse({ ...fields, Amount: '1.00' }).genuine).toBe(false);
    expect(c.verifyResponse({ ...fields, Signature: undefined }).genuine).toBe(false);
    // A request signed with another key never reaches the payment page.
    const forged = formFor('ORDER-34', createIpay88Client({ ...creds, merchantKey: 'guess', baseUrl: running.url }));
    expect((await pay(forged, 'approve')).status).toBe(400);
    const tampered = formFor('ORDER-35', c);
    expect((await pay({ ...tampered, fields: { ...tampered.fields, Amount: '1.00' } }, 'approve')).status).toBe(400);
  });
});
