import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFake, type RunningFake } from '../fake-server';
import { ProviderError } from '../http';
import { createMayaClient } from './client';
import { createMayaFake } from './fake';

const keys = { publicKey: 'pk-test', secretKey: 'sk-test' };
let running: RunningFake;
const fake = createMayaFake({ ...keys, publicUrl: () => running.url });
beforeAll(async () => {
  running = await startFake(fake.handler);
});
afterAll(() => running.close());

const client = () => createMayaClient({ ...keys, baseUrl: running.url });
const redirectUrl = { success: 'http://shop/card?payment=success', failure: 'http://shop/card?payment=failed', cancel: 'http://shop/card?payment=cancelled' };
const visa = { number: '4111111111111111', expMonth: '12', expYear: String(new Date().getFullYear() + 2), cvc: '123' };
const declining = { ...visa, number: '4000000000000002' };

/** Presses a button on the fake's 3-D Secure page, as the customer would. */
async function decide(verificationUrl: string, decision: 'approve' | 'decline' | 'cancel') {
  const page = await fetch(verificationUrl);
  expect(await page.text()).toContain('<button type="submit" name="decision" value="approve">Approve</button>');
  const res = await fetch(verificationUrl, { method: 'POST', body: new URLSearchParams({ decision }), redirect: 'manual' });
  return res.headers.get('location');
}

describe('Maya client', () => {
  it('vaults a tokenised card through 3-D Secure and charges it', async () => {
    const c = client();
    const customerId = await c.createCustomer({ firstName: 'Juan', lastName: 'Cruz', email: 'juan@example.com', referenceId: 'user-1' });
    const paymentTokenId = await c.createPaymentToken(visa);
    const card = await c.vaultCard(customerId, { paymentTokenId, isDefault: true, redirectUrl });
    expect(card).toMatchObject({ cardType: 'visa', maskedPan: '1111', state: 'PREVERIFICATION' });
    expect(card.verificationUrl).toMatch(/\/verify\/card\//);
    // A token is single-use.
    await expect(c.vaultCard(customerId, { paymentTokenId, isDefault: false, redirectUrl })).rejects.toMatchObject({ status: 400 });

    expect(await decide(card.verificationUrl!, 'approve')).toBe(`${redirectUrl.success}&id=${encodeURIComponent(card.cardTokenId)}`);
    expect((await c.getCard(customerId, card.cardTokenId)).state).toBe('VERIFIED');

    const payment = await c.payWithCard(customerId, card.cardTokenId, { amount: 250_075, requestReferenceNumber: 'ORDER-9', redirectUrl });
    expect(payment).toMatchObject({ status: 'PAYMENT_SUCCESS', isPaid: true, amount: 250_075, currency: 'PHP', verificationUrl: null });
    expect(await c.confirmPayment(payment.id, { amount: 250_075, requestReferenceNumber: 'ORDER-9' })).toMatchObject({ genuine: true, paid: true });

    await c.deleteCard(customerId, card.cardTokenId);
    await expect(c.getCard(customerId, card.cardTokenId)).rejects.toMatchObject({ status: 404 });
  });

  it('declines: a card failing 3-D Secure stays unverified and cannot pay; a declining card fails', async () => {
    const c = client();
    const customerId = await c.createCustomer({ firstName: 'Ana', lastName: 'Reyes', email: 'ana@example.com', referenceId: 'user-2' });
    const card = await c.vaultCard(customerId, { paymentTokenId: await c.createPaymentToken(visa), isDefault: false, redirectUrl });
    expect(await decide(card.verificationUrl!, 'cancel')).toMatch(/^http:\/\/shop\/card\?payment=cancelled&id=/);
    expect(await decide(card.verificationUrl!, 'decline')).toMatch(/^http:\/\/shop\/card\?payment=failed&id=/);
    await expect(c.payWithCard(customerId, card.cardTokenId, { amount: 100, requestReferenceNumber: 'X', redirectUrl })).rejects.toMatchObject({ status: 400 });

    const bad = await c.vaultCard(customerId, { paymentTokenId: await c.createPaymentToken(declining), isDefault: false, redirectUrl });
    await decide(bad.verificationUrl!, 'approve');
    // The issuer refuses the declining test card's verification too.
    expect((await c.getCard(customerId, bad.cardTokenId)).state).toBe('PREVERIFICATION');

    // An invalid card number never becomes a token.
    await expect(c.createPaymentToken({ ...visa, number: '4111111111111112' })).rejects.toMatchObject({ status: 400 });
  });

  it('charges a one-off token after 3-D Secure, and reports a declined one', async () => {
    const c = client();
    const ok = await c.payWithToken({ paymentTokenId: await c.createPaymentToken(visa), amount: 99_900, requestReferenceNumber: 'ORDER-10', redirectUrl });
    expect(ok.status).toBe('FOR_AUTHENTICATION');
    await decide(ok.verificationUrl!, 'approve');
    expect(await c.getPayment(ok.id)).toMatchObject({ status: 'PAYMENT_SUCCESS', isPaid: true });

    const declined = await c.payWithToken({ paymentTokenId: await c.createPaymentToken(declining), amount: 99_900, requestReferenceNumber: 'ORDER-11', redirectUrl });
    expect(await decide(declined.verificationUrl!, 'approve')).toMatch(/payment=failed/);
    expect(await c.getPayment(declined.id)).toMatchObject({ status: 'PAYMENT_FAILED', isPaid: false });
  });

  it('voids a payment the day it is paid and refunds it once settled, as Maya rules', async () => {
    const c = client();
    const paid = async (ref: string) => {
      const p = await c.payWithToken({ paymentTokenId: await c.createPaymentToken(visa), amount: 99_950, requestReferenceNumber: ref, redirectUrl });
      await decide(p.verificationUrl!, 'approve');
      return c.getPayment(p.id);
    };
    const today = await paid('ORDER-20');
    expect(today).toMatchObject({ canVoid: true, canRefund: false });
    expect(today.paymentAt).not.toBeNull();
    // Not yet settled: Maya refuses a refund, and voids it.
    expect(await c.refundPayment(today.id, { amount: 99_950, reason: 'Customer changed mind' })).toMatchObject({ outcome: 'REFUSED', code: 'PY0113' });
    const voided = await c.voidPayment(today.id, 'Customer changed mind');
    expect(voided).toMatchObject({ outcome: 'SUCCESS', paymentId: today.id, status: 'SUCCESS' });
    expect(await c.getPayment(today.id)).toMatchObject({ status: 'VOIDED', canVoid: false });
    expect(await c.voidPayment(today.id, 'again')).toMatchObject({ outcome: 'REFUSED', code: 'PY0111' });

    const settled = await paid('ORDER-21');
    fake.settleNow(settled.id);
    expect(await c.getPayment(settled.id)).toMatchObject({ canVoid: false, canRefund: true });
    expect(await c.voidPayment(settled.id, 'Out of stock')).toMatchObject({ outcome: 'REFUSED', code: 'PY0112' });
    expect(await c.refundPayment(settled.id, { amount: 99_951, reason: 'Out of stock' })).toMatchObject({ outcome: 'REFUSED', code: 'PY0114' });
    expect(await c.refundPayment(settled.id, { amount: 19_950, reason: 'One item out of stock' })).toMatchObject({ outcome: 'SUCCESS' });
    expect((await c.getPayment(settled.id)).status).toBe('PAYMENT_SUCCESS');
    expect(await c.refundPayment(settled.id, { amount: 80_000, reason: 'Out of stock' })).toMatchObject({ outcome: 'SUCCESS' });
    expect((await c.getPayment(settled.id)).status).toBe('REFUNDED');
    expect(fake.settlements.filter((s) => s.paymentId === settled.id).map((s) => [s.kind, s.amount, s.reason])).toEqual([
      ['refund', '199.50', 'One item out of stock'],
      ['refund', '800.00', 'Out of stock'],
    ]);

    // A payment never paid has nothing to void; a reason is required; Maya may refuse outright.
    const pending = await c.payWithToken({ paymentTokenId: await c.createPaymentToken(visa), amount: 10_000, requestReferenceNumber: 'ORDER-22', redirectUrl });
    expect(await c.voidPayment(pending.id, 'Cancelled')).toMatchObject({ outcome: 'REFUSED', code: 'PY0111' });
    const refused = await paid('ORDER-23');
    expect(await c.voidPayment(refused.id, '')).toMatchObject({ outcome: 'REFUSED', code: 'II003' });
    fake.refuseSettlement(refused.id);
    expect(await c.voidPayment(refused.id, 'Cancelled')).toMatchObject({ outcome: 'REFUSED', code: 'PY0115' });
    await expect(c.voidPayment('no-such-payment', 'Cancelled')).rejects.toMatchObject({ status: 404 });
  });

  it('opens a hosted checkout', async () => {
    const c = client();
    const checkout = await c.createCheckout({ amount: 50_000, requestReferenceNumber: 'ORDER-12', redirectUrl, items: [{ name: 'Phone case', quantity: 1, totalAmount: 50_000 }] });
    expect(checkout.redirectUrl).toBe(`${running.url}/verify/checkout/${checkout.checkoutId}`);
    expect(await decide(checkout.redirectUrl, 'approve')).toBe(`${redirectUrl.success}&id=${checkout.checkoutId}`);
  });

  it('refuses wrong keys and a notification that Maya does not confirm', async () => {
    const wrong = createMayaClient({ ...keys, secretKey: 'sk-forged', baseUrl: running.url });
    const err = await wrong.createCustomer({ firstName: 'X', lastName: 'Y', email: 'x@example.com', referenceId: 'u' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProviderError);
    expect((err as ProviderError).status).toBe(401);
    await expect(createMayaClient({ ...keys, publicKey: 'pk-forged', baseUrl: running.url }).createPaymentToken(visa)).rejects.toMatchObject({ status: 401 });

    // A forged "paid" notification for an unpaid payment, or for another amount or order.
    const c = client();
    const pending = await c.payWithToken({ paymentTokenId: await c.createPaymentToken(visa), amount: 10_000, requestReferenceNumber: 'ORDER-13', redirectUrl });
    expect(await c.confirmPayment(pending.id, { amount: 10_000, requestReferenceNumber: 'ORDER-13' })).toMatchObject({ genuine: true, paid: false });
    await decide(pending.verificationUrl!, 'approve');
    expect((await c.confirmPayment(pending.id, { amount: 1, requestReferenceNumber: 'ORDER-13' })).paid).toBe(false);
    expect((await c.confirmPayment(pending.id, { amount: 10_000, requestReferenceNumber: 'ORDER-14' })).paid).toBe(false);
  });
});
