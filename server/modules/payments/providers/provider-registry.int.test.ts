// With a provider's credentials configured, its gateways go to that provider (here, its local
// fake) instead of the sandbox: one journey per provider through the registry, the shop's
// GraphQL calls and /webhooks/{provider}, plus a forged notice that changes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFake, type RunningFake } from './fake-server';
import { createDragonpayFake } from './dragonpay/fake';
import { createIpay88Fake } from './ipay88/fake';
import { createMayaFake } from './maya/fake';
import { createPaypalFake } from './paypal/fake';
import { providerFor } from './provider-registry';
import { mayaClient } from './maya/maya-access';
import { createPaymentsHarness, eventRows, paymentRow, placeOrder, type PaymentsHarness } from '../../../testing/payments.fixtures';

let h: PaymentsHarness;
const fakes: RunningFake[] = [];
let urls: { paypal: string; maya: string; dragonpay: string; ipay88: string };

const paypalFake = createPaypalFake({ clientId: 'pp-id', clientSecret: 'pp-secret', publicUrl: () => urls.paypal });
const mayaFake = createMayaFake({ publicKey: 'pk-live', secretKey: 'sk-live', publicUrl: () => urls.maya });
const dragonpayFake = createDragonpayFake({
  merchantId: 'SUKI',
  password: 'dp-key',
  publicUrl: () => urls.dragonpay,
  returnUrl: () => `${h.base}/webhooks/dragonpay/return`,
  postbackUrl: () => `${h.base}/webhooks/dragonpay`,
});
const ipay88Fake = createIpay88Fake({ merchantCode: 'PH00001', merchantKey: 'ip-key', publicUrl: () => urls.ipay88 });

beforeAll(async () => {
  h = await createPaymentsHarness();
  const [paypal, maya, dragonpay, ipay88] = await Promise.all([paypalFake, mayaFake, dragonpayFake, ipay88Fake].map((f) => startFake(f.handler)));
  fakes.push(paypal!, maya!, dragonpay!, ipay88!);
  urls = { paypal: paypal!.url, maya: maya!.url, dragonpay: dragonpay!.url, ipay88: ipay88!.url };
  // The same config object the routers hold: as if these were set in the environment.
  h.t.config.providers = {
    paypal: { clientId: 'pp-id', clientSecret: 'pp-secret', webhookId: 'WH-SUKI', baseUrl: urls.paypal },
    maya: { publicKey: 'pk-live', secretKey: 'sk-live', baseUrl: urls.maya },
    dragonpay: { merchantId: 'SUKI', password: 'dp-key', baseUrl: urls.dragonpay },
    ipay88: { merchantCode: 'PH00001', merchantKey: 'ip-key', baseUrl: urls.ipay88 },
  };
});
afterAll(async () => {
  await Promise.all(fakes.map((f) => f.close()));
  await h?.close();
});

const form = (url: string, fields: Record<string, string>) =>
  fetch(url, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields) });

describe('real providers through the registry', () => {
  it('routes each configured gateway to its provider, and the rest to the sandbox', () => {
    expect(providerFor(h.t.config, 'Paypal Checkout')?.name).toBe('paypal');
    expect(providerFor(h.t.config, 'Paymaya App')?.name).toBe('maya');
    // A card gateway since ADR 042: paid through the Maya client, not a hosted session.
    expect(providerFor(h.t.config, 'Paymaya Checkout')?.name).toBe('sandbox');
    expect(providerFor(h.t.config, 'TendoPay')?.name).toBe('dragonpay');
    expect(providerFor(h.t.config, 'GrabPay')?.name).toBe('dragonpay');
    expect(providerFor(h.t.config, 'iPay88')?.name).toBe('ipay88');
    expect(providerFor(h.t.config, 'GCash')?.name).toBe('sandbox');
  });

  it('PayPal: approve at PayPal, capture by the shop; its webhook is the same event; a forged one is refused', async () => {
    const placed = await placeOrder(h.t, 'Paypal Checkout');
    expect(placed.redirectUrl).toMatch(new RegExp(`^${urls.paypal}/checkoutnow\\?token=`));
    const token = new URL(placed.redirectUrl!).searchParams.get('token')!;
    paypalFake.approve(token);
    const captured = await h.t.gql<{ capturePaypalTransaction: { order: { paymentStatus: string }; errors: unknown[] } }>(
      'mutation($t: String!) { capturePaypalTransaction(paypalTransactionId: $t) { order { paymentStatus } errors { message } } }',
      { t: token },
      { token: placed.customer.token },
    );
    expect(captured.data!.capturePaypalTransaction).toEqual({ order: { paymentStatus: 'FULLY_CHARGED' }, errors: [] });
    expect((await paymentRow(h.t, placed.paymentId)).captureStatus).toBe('PAYPAL_CHECKOUT_CAPTURE_SUCCESS');

    const captureId = paypalFake.orders.get(token)!.captureId!;
    const body = JSON.stringify({
      id: 'WH-1',
      event_type: 'PAYMENT.CAPTURE.COMPLETED',
      resource: { id: captureId, status: 'COMPLETED', amount: { currency_code: 'PHP', value: '5230.13' }, supplementary_data: { related_ids: { order_id: token } } },
    });
    const post = (headers: Record<string, string>) =>
      fetch(`${h.base}/webhooks/paypal`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
    const genuine = await post(paypalFake.signWebhook('WH-SUKI', body));
    expect(await genuine.json()).toEqual({ received: true, outcome: 'DUPLICATE' });
    const forged = await post(paypalFake.signWebhook('WH-SOMEONE-ELSE', body));
    expect(forged.status).toBe(401);
    expect(await eventRows(h.t, placed.paymentId)).toHaveLength(1);
  });

  it('Maya: hosted Checkout; the return is believed only as Maya reports the payment', async () => {
    const placed = await placeOrder(h.t, 'Paymaya App');
    expect(placed.redirectUrl).toMatch(new RegExp(`^${urls.maya}/verify/checkout/`));
    // A return naming a payment Maya does not know changes nothing.
    expect((await fetch(`${h.base}/webhooks/maya/return?outcome=success&id=not-a-payment`, { redirect: 'manual' })).status).toBe(400);
    const back = (await form(placed.redirectUrl!, { decision: 'approve' })).headers.get('location')!;
    expect(back.startsWith(`${h.base}/webhooks/maya/return?outcome=success`)).toBe(true);
    const returned = await fetch(back, { redirect: 'manual' });
    expect(returned.headers.get('location')).toBe('/account/orders?status=success&method=Paymaya%20App');
    expect((await paymentRow(h.t, placed.paymentId)).chargeStatus).toBe('FULLY_CHARGED');
    // Maya's webhook for it is the same event.
    const id = new URL(back).searchParams.get('id')!;
    const webhook = await fetch(`${h.base}/webhooks/maya`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ id, status: 'PAYMENT_SUCCESS' }) });
    expect(await webhook.json()).toEqual({ received: true, outcome: 'DUPLICATE' });
  });

  it('Maya: Paymaya Checkout charges the card typed at checkout with an on-demand payment at Maya, and returns to its own gateway', async () => {
    const placed = await placeOrder(h.t, 'Paymaya Checkout');
    // No hosted page: the storefront creates the card payment once the order exists (docs/product/orders-and-payments.md#after-placing).
    expect(placed.redirectUrl).toBeNull();
    const token = await (await mayaClient(h.t.config))!.createPaymentToken({ number: '4111111111111111', expMonth: '12', expYear: String(new Date().getFullYear() + 2), cvc: '123' });
    const created = await h.t.gql<{ onDemandPaymentCreate: { verificationUrl: string | null; errors: unknown[] } }>(
      'mutation($o: ID!, $t: String!) { onDemandPaymentCreate(order: $o, paymentToken: $t) { verificationUrl errors { message } } }',
      { o: placed.orderGlobalId, t: token },
      { token: placed.customer.token },
    );
    const url = created.data!.onDemandPaymentCreate.verificationUrl!;
    expect(url.startsWith(`${urls.maya}/`)).toBe(true);
    const back = (await form(url, { decision: 'approve' })).headers.get('location')!;
    const returned = await fetch(back, { redirect: 'manual' });
    expect(returned.headers.get('location')).toBe('/account/orders?status=success&method=Paymaya%20Checkout');
    const payment = await paymentRow(h.t, placed.paymentId);
    expect([payment.chargeStatus, payment.captureStatus, payment.provider]).toEqual(['FULLY_CHARGED', 'PAYMAYA_CHECKOUT_CAPTURE_SUCCESS', 'maya']);
  });

  it('Dragonpay (TendoPay): the signed payment URL, a postback with its digest, a forged postback refused', async () => {
    const placed = await placeOrder(h.t, 'TendoPay');
    const r = await h.t.gql<{ newDragonpayPaymentUrl: { url: string; errors: unknown[] } }>(
      'mutation($id: ID!) { newDragonpayPaymentUrl(orderId: $id) { url errors { message } } }',
      { id: placed.orderGlobalId },
      { token: placed.customer.token },
    );
    const url = r.data!.newDragonpayPaymentUrl.url;
    expect(url.startsWith(`${urls.dragonpay}/Pay.aspx?`)).toBe(true);
    const txnid = new URL(url).searchParams.get('txnid')!;
    const forged = await form(`${h.base}/webhooks/dragonpay`, { txnid, refno: 'X', status: 'S', message: 'ok', digest: 'f'.repeat(40) });
    expect(forged.status).toBe(401);
    expect((await fetch(url)).status).toBe(200);
    const back = (await form(url, { decision: 'approve' })).headers.get('location')!;
    expect(dragonpayFake.postbacks.at(-1)!.answer).toBe('result=OK');
    expect((await paymentRow(h.t, placed.paymentId)).chargeStatus).toBe('FULLY_CHARGED');
    const returned = await fetch(back, { redirect: 'manual' });
    expect(returned.headers.get('location')).toBe('/account/orders?status=success&method=TendoPay');
    expect((await eventRows(h.t, placed.paymentId)).map((e) => e.outcome)).toEqual(['APPLIED']);
  });

  it('iPay88: the SHA256-signed request form, a backend post checked and re-queried, a forged one refused', async () => {
    const placed = await placeOrder(h.t, 'iPay88');
    const r = await h.t.gql<{ generateIpay88Signature: Record<string, string> }>(
      `mutation($id: ID!) { generateIpay88Signature(orderId: $id, userName: "Juan Dela Cruz") {
        merchantCode signature signatureType responseUrl backendUrl paymentUrl refNo amount currency prodDesc userName userEmail } }`,
      { id: placed.orderGlobalId },
      { token: placed.customer.token },
    );
    const s = r.data!.generateIpay88Signature;
    expect(s).toMatchObject({ merchantCode: 'PH00001', signatureType: 'SHA256', paymentUrl: `${urls.ipay88}/epayment/entry.asp`, backendUrl: `${h.base}/webhooks/ipay88` });
    const request = {
      MerchantCode: s.merchantCode!, PaymentId: '1', RefNo: s.refNo!, Amount: s.amount!, Currency: s.currency!, ProdDesc: s.prodDesc!,
      UserName: s.userName!, UserEmail: s.userEmail!, SignatureType: s.signatureType!, Signature: s.signature!,
      ResponseURL: s.responseUrl!, BackendURL: s.backendUrl!,
    };
    const forged = await form(`${h.base}/webhooks/ipay88`, { MerchantCode: 'PH00001', PaymentId: '1', RefNo: s.refNo!, Amount: s.amount!, Currency: 'PHP', Status: '1', Signature: '0'.repeat(64) });
    expect(forged.status).toBe(401);
    expect((await form(s.paymentUrl!, request)).status).toBe(200);
    expect((await form(s.paymentUrl!, { ...request, decision: 'approve' })).status).toBe(200);
    expect(ipay88Fake.backendPosts.at(-1)!.answer).toBe('RECEIVEOK');
    const payment = await paymentRow(h.t, placed.paymentId);
    expect([payment.chargeStatus, payment.provider]).toEqual(['FULLY_CHARGED', 'ipay88']);
  });
});
