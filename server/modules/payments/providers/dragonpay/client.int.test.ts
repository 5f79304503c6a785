import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFake, type RunningFake } from '../fake-server';
import { ProviderError } from '../http';
import { createDragonpayClient } from './client';
import { createDragonpayFake } from './fake';

const creds = { merchantId: 'SUKI', password: 'secret-key' };
let running: RunningFake;
let merchantUrl = '';
const received: Record<string, string>[] = [];
// The shop's postback endpoint: answers result=OK only to genuine notices.
const merchant = createServer((req, res) => {
  let body = '';
  req.on('data', (c: Buffer) => (body += c.toString()));
  req.on('end', () => {
    const fields = Object.fromEntries(new URLSearchParams(body));
    received.push(fields);
    res.end(createDragonpayClient({ ...creds, baseUrl: running.url }).verifyNotice(fields).genuine ? 'result=OK' : 'result=FAIL_DIGEST_MISMATCH');
  });
});
const fake = createDragonpayFake({
  ...creds,
  publicUrl: () => running.url,
  returnUrl: () => 'http://shop/payment/dragonpay',
  postbackUrl: () => `${merchantUrl}/webhooks/dragonpay`,
});

beforeAll(async () => {
  running = await startFake(fake.handler);
  await new Promise<void>((resolve) => merchant.listen(0, '127.0.0.1', resolve));
  merchantUrl = `http://127.0.0.1:${(merchant.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await running.close();
  merchant.closeAllConnections();
  await new Promise((resolve) => merchant.close(resolve));
});

const client = () => createDragonpayClient({ ...creds, baseUrl: running.url });

async function pay(url: string, decision: string) {
  expect((await fetch(url)).status).toBe(200);
  const res = await fetch(url, { method: 'POST', body: new URLSearchParams({ decision }), redirect: 'manual' });
  return Object.fromEntries(new URL(res.headers.get('location')!).searchParams);
}

describe('Dragonpay client', () => {
  it('signs the payment URL; a paid transaction posts back and returns with a genuine digest', async () => {
    const c = client();
    const url = c.paymentUrl({ txnid: 'ORDER-21', amount: 150_000, description: 'Suki order 21', email: 'a@example.com', procid: 'GRPY' });
    expect(new URL(url).searchParams.get('amount')).toBe('1500.00');
    const back = await pay(url, 'approve');
    expect(c.verifyNotice(back)).toMatchObject({ genuine: true, paid: true, txnid: 'ORDER-21', status: 'S' });
    expect(fake.postbacks.at(-1)).toMatchObject({ answer: 'result=OK', fields: { txnid: 'ORDER-21', status: 'S' } });
    expect(await c.status('ORDER-21')).toBe('S');
  });

  it('reports a declined payment as genuine but unpaid', async () => {
    const c = client();
    const back = await pay(c.paymentUrl({ txnid: 'ORDER-22', amount: 1000, description: 'x', email: 'a@example.com' }), 'decline');
    expect(c.verifyNotice(back)).toMatchObject({ genuine: true, paid: false, status: 'F' });
    expect(await c.status('ORDER-22')).toBe('F');
    expect(await c.status('NEVER-SEEN')).toBe('U');
  });

  it('rejects a bad digest both ways', async () => {
    const c = client();
    const back = await pay(c.paymentUrl({ txnid: 'ORDER-23', amount: 1000, description: 'x', email: 'a@example.com' }), 'decline');
    // A customer editing the return URL to claim success.
    expect(c.verifyNotice({ ...back, status: 'S' })).toMatchObject({ genuine: false, paid: false });
    expect(c.verifyNotice({ ...back, digest: '0'.repeat(40) }).genuine).toBe(false);
    expect(c.verifyNotice({ txnid: 'ORDER-23', status: 'S' }).genuine).toBe(false);
    // Signed with another password, Dragonpay refuses the payment page.
    const forged = createDragonpayClient({ ...creds, password: 'guess', baseUrl: running.url }).paymentUrl({ txnid: 'ORDER-24', amount: 1000, description: 'x', email: 'a@example.com' });
    expect((await fetch(forged)).status).toBe(400);
    await expect(createDragonpayClient({ ...creds, password: 'guess', baseUrl: running.url }).status('ORDER-22')).rejects.toBeInstanceOf(ProviderError);
  });
});
