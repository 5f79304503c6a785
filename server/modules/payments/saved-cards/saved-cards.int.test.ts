// Saved cards through the API, with the Maya sandbox playing Maya: tokenise in "the browser",
// paymayaCardCreate, 3-D Secure, the return, list, default, delete, and payment methods.
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import express from 'express';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../../../testing/test-api';
import { encodeGlobalID } from '@pothos/plugin-relay';
import { createCustomer, createVariant, readyCheckout, seedZones, type Customer } from '../../checkout/checkout.fixtures';
import { createMayaClient } from '../providers/maya/client';
import { MAYA_SANDBOX_KEYS, mayaSandbox } from '../providers/maya/maya-access';
import { paymentMethods } from './payment-methods.service';
import { GATEWAYS } from '../gateways/gateways';
import { seedSavedCards } from './saved-cards.seed';
import { createCardReturnRouter } from './saved-cards.http';
import { chargeSavedCard, completeCardVerification } from './saved-cards.service';
import { savedCards } from '../saved-cards.tables';

let api: TestApi;
let sandboxUrl: string;
let owner: Customer;
let other: Customer;

beforeAll(async () => {
  api = await createTestApi();
  sandboxUrl = (await mayaSandbox(api.config.publicUrl).running).url;
  [owner, other] = [await createCustomer(api), await createCustomer(api)];
});
afterAll(() => api.close());

const year = String(new Date().getFullYear() + 3);
const VISA = { number: '4111111111111111', expMonth: '12', expYear: year, cvc: '123' };
const MASTERCARD = { number: '5555555555554444', expMonth: '01', expYear: year, cvc: '321' };
const DECLINING = { number: '4000000000000002', expMonth: '06', expYear: year, cvc: '999' };

type Card = { id: string; name: string; cardType: string; ccLastDigits: string; isDefault: boolean };
type Errors = { field: string | null; message: string }[];

/** What the browser does: card details straight to the tokenizer (the sandbox's Maya). */
const tokenize = (card: typeof VISA) => createMayaClient({ ...MAYA_SANDBOX_KEYS, baseUrl: sandboxUrl }).createPaymentToken(card);

async function create(customer: Customer, card: typeof VISA, cardType: string) {
  const res = await api.gql<{ paymayaCardCreate: { verificationUrl: string | null; paymayaCard: { id: string } | null; paymentErrors: Errors } }>(
    `mutation ($t: String!, $b: String, $l: String) {
      paymayaCardCreate(paymentToken: $t, cardType: $b, ccLastDigits: $l) { verificationUrl paymayaCard { id } paymentErrors { field message } }
    }`,
    { t: await tokenize(card), b: cardType, l: card.number.slice(-4) },
    { token: customer.token },
  );
  return res.data!.paymayaCardCreate;
}

/** The customer presses a button on the 3-D Secure page; answers our return URL. */
async function threeDs(verificationUrl: string, decision: 'approve' | 'decline' | 'cancel') {
  const local = verificationUrl.replace(`${api.config.publicUrl}/sandbox/maya`, sandboxUrl);
  const res = await fetch(local, { method: 'POST', body: new URLSearchParams({ decision }), redirect: 'manual' });
  return new URL(res.headers.get('location')!);
}

/** Our return endpoint's work, as GET /payments/maya/cards/:id/return does it. */
function returnFrom(url: URL) {
  const id = Number(/\/cards\/(\d+)\/return/.exec(url.pathname)![1]);
  const param = (name: string) => url.searchParams.get(name) ?? undefined;
  return completeCardVerification(api.serviceContext(), id, { outcome: param('outcome'), to: param('to'), sig: param('sig') });
}

async function cards(customer: Customer) {
  const res = await api.gql<{ paymayaCards: { totalCount: number; edges: { node: Card }[] } | null }>(
    '{ paymayaCards(first: 100) { totalCount edges { node { id name cardType ccLastDigits isDefault } } } }',
    {},
    { token: customer.token },
  );
  return res.data!.paymayaCards;
}

async function saveCard(customer: Customer, card: typeof VISA, brand: string) {
  const created = await create(customer, card, brand);
  expect(created.paymentErrors).toEqual([]);
  return returnFrom(await threeDs(created.verificationUrl!, 'approve'));
}

describe('saved cards', () => {
  it('saves a tokenised card only after 3-D Secure, the first one as default', async () => {
    const created = await create(owner, VISA, 'VISA');
    expect(created.paymentErrors).toEqual([]);
    expect(created.verificationUrl).toMatch(new RegExp(`^${api.config.publicUrl}/sandbox/maya/verify/card/`));
    expect((await cards(owner))!.totalCount).toBe(0);

    const back = await threeDs(created.verificationUrl!, 'approve');
    expect(back.pathname).toMatch(/^\/payments\/maya\/cards\/\d+\/return$/);
    expect(await returnFrom(back)).toBe(`/payment/card?payment=success&card=${encodeURIComponent(created.paymayaCard!.id)}`);
    // Returning twice changes nothing.
    expect(await returnFrom(back)).toMatch(/payment=success/);

    const list = await cards(owner);
    expect(list!.edges.map((e) => e.node)).toEqual([
      { id: created.paymayaCard!.id, name: 'VISA •••• 1111', cardType: 'VISA', ccLastDigits: '1111', isDefault: true },
    ]);
  });

  it('refuses the same card twice', async () => {
    const again = await create(owner, VISA, 'VISA');
    expect(again).toMatchObject({ verificationUrl: null, paymentErrors: [{ field: 'paymentToken', message: 'You already added this card.' }] });
  });

  it('keeps a card that failed or skipped 3-D Secure out, even when the return claims success', async () => {
    const declined = await create(owner, DECLINING, 'VISA');
    const back = await threeDs(declined.verificationUrl!, 'approve'); // the issuer refuses this test card
    expect(back.searchParams.get('outcome')).toBe('failed');
    back.searchParams.set('outcome', 'success'); // a forged return
    expect(await returnFrom(back)).toBe('/payment/card?payment=failed');

    const cancelled = await create(owner, MASTERCARD, 'MASTERCARD');
    expect(await returnFrom(await threeDs(cancelled.verificationUrl!, 'cancel'))).toBe('/payment/card?payment=cancelled');
    expect((await cards(owner))!.totalCount).toBe(1);
  });

  it('believes only the signed return Maya was given, once, and only Maya decides the card', async () => {
    const victim = await createCustomer(api);
    const created = await create(victim, VISA, 'VISA');
    const cardId = Number(Buffer.from(created.paymayaCard!.id, 'base64').toString().split(':')[1]);
    const state = async () => (await api.db.select().from(savedCards).where(eq(savedCards.id, cardId)))[0]!.state;
    const forgedBase = new URL(`${api.config.publicUrl}/payments/maya/cards/${cardId}/return`);
    // Anyone, mid-3-D Secure: unsigned, with a made-up signature, for the checkout's return too.
    for (const query of ['outcome=failed', 'outcome=failed&sig=AAAA', 'outcome=failed&to=checkout', 'outcome=success&to=checkout&sig=x']) {
      const forged = new URL(`${forgedBase}?${query}`);
      expect(await returnFrom(forged)).toMatch(/payment=(failed|cancelled)$/);
    }
    expect(await state()).toBe('PENDING');

    // The owner's real return still works, and a second use of it changes nothing.
    const back = await threeDs(created.verificationUrl!, 'approve');
    expect(back.searchParams.get('sig')).toMatch(/^[\w-]{43}$/);
    expect(await returnFrom(back)).toBe(`/payment/card?payment=success&card=${encodeURIComponent(created.paymayaCard!.id)}`);
    expect(await state()).toBe('VERIFIED');
    // After it, a claimed failure cannot break the saved card: the page shows what Maya decided.
    const failedAddress = new URL(back);
    failedAddress.searchParams.set('outcome', 'failed');
    expect(await returnFrom(failedAddress)).toBe('/payment/card?payment=success');
    expect(await returnFrom(back)).toBe('/payment/card?payment=success');
    expect(await state()).toBe('VERIFIED');
    expect((await cards(victim))!.totalCount).toBe(1);
  });

  it("a genuine failure return fails the card only on Maya's word, and is used once", async () => {
    const customer = await createCustomer(api);
    const created = await create(customer, MASTERCARD, 'MASTERCARD');
    const cardId = Number(Buffer.from(created.paymayaCard!.id, 'base64').toString().split(':')[1]);
    const row = async () => (await api.db.select().from(savedCards).where(eq(savedCards.id, cardId)))[0]!;
    // Maya sends the customer back with "cancel"; Maya still says PREVERIFICATION: not a failure.
    const cancelled = await threeDs(created.verificationUrl!, 'cancel');
    expect(await returnFrom(cancelled)).toBe('/payment/card?payment=cancelled');
    expect(await row()).toMatchObject({ state: 'PENDING', returnNonce: null });
    // Replayed, or the other addresses of the same card: nothing is asked or changed.
    expect(await returnFrom(cancelled)).toBe('/payment/card?payment=cancelled');
    expect((await row()).state).toBe('PENDING');
    expect((await cards(customer))!.totalCount).toBe(0);
  });

  it('serves the return over HTTP: a forged one redirects without touching the card', async () => {
    const customer = await createCustomer(api);
    const created = await create(customer, VISA, 'VISA');
    const cardId = Number(Buffer.from(created.paymayaCard!.id, 'base64').toString().split(':')[1]);
    const app = express();
    app.use('/payments', createCardReturnRouter({ db: api.db, config: api.config, log: pino({ level: 'silent' }) }));
    const server = app.listen(0);
    try {
      const { port } = server.address() as AddressInfo;
      const res = await fetch(`http://127.0.0.1:${port}/payments/maya/cards/${cardId}/return?outcome=failed`, { redirect: 'manual' });
      expect([res.status, res.headers.get('location')]).toEqual([303, '/payment/card?payment=failed']);
      expect((await api.db.select().from(savedCards).where(eq(savedCards.id, cardId)))[0]!.state).toBe('PENDING');
      const back = await threeDs(created.verificationUrl!, 'approve');
      const real = await fetch(`http://127.0.0.1:${port}${back.pathname}${back.search}`, { redirect: 'manual' });
      expect(real.headers.get('location')).toMatch(/^\/payment\/card\?payment=success&card=/);
    } finally {
      server.close();
    }
  });

  it('sets the default, refuses another customer, deletes and passes the default on', async () => {
    await saveCard(owner, { ...MASTERCARD, number: '5105105105105100' }, 'MASTERCARD');
    const [visa, master] = ['1111', '5100'].map((l) => {
      return (async () => (await cards(owner))!.edges.find((e) => e.node.ccLastDigits === l)!.node)();
    });
    const v = await visa;
    const m = await master;
    expect(m.isDefault).toBe(false);

    const setDefault = (customer: Customer, id: string) =>
      api.gql<{ setDefaultPaymayaCard: { paymayaCard: Card | null; errors: Errors } }>(
        'mutation ($id: ID!) { setDefaultPaymayaCard(id: $id) { paymayaCard { id isDefault } errors { field message } } }',
        { id },
        { token: customer.token },
      );
    const remove = (customer: Customer, id: string) =>
      api.gql<{ paymayaCardDelete: { paymayaCard: Card | null; errors: Errors } }>(
        'mutation ($id: ID!) { paymayaCardDelete(id: $id) { paymayaCard { id } errors { field message } } }',
        { id },
        { token: customer.token },
      );

    expect((await setDefault(owner, m.id)).data!.setDefaultPaymayaCard.paymayaCard).toEqual({ id: m.id, isDefault: true });
    expect((await cards(owner))!.edges.map((e) => [e.node.ccLastDigits, e.node.isDefault])).toEqual([['5100', true], ['1111', false]]);

    for (const res of [await setDefault(other, v.id), await remove(other, v.id)]) {
      const payload = Object.values(res.data!)[0] as { errors: Errors };
      expect(payload.errors).toEqual([{ field: 'id', message: 'Card not found.' }]);
    }
    expect((await cards(other))!.totalCount).toBe(0);

    expect((await remove(owner, m.id)).data!.paymayaCardDelete.errors).toEqual([]);
    expect((await cards(owner))!.edges.map((e) => [e.node.ccLastDigits, e.node.isDefault])).toEqual([['1111', true]]);
  });

  it('charges a saved card (Paymaya Vault), and reports a declining one', async () => {
    const [{ node }] = (await cards(owner))!.edges;
    const cardId = Number(Buffer.from(node.id, 'base64').toString().split(':')[1]);
    const paid = await chargeSavedCard(owner.ctx, { userId: owner.user.id, cardId, amount: 1_500_00, reference: 'ORDER-1' });
    expect(paid).toMatchObject({ status: 'PAYMENT_SUCCESS', amount: 1_500_00 });
    await expect(chargeSavedCard(other.ctx, { userId: other.user.id, cardId, amount: 100, reference: 'X' })).rejects.toThrow('Please select/add a card.');
  });

  it('lists payment methods and keeps the default payment method', async () => {
    const methods = await api.gql<{ paymentMethods: { edges: { node: { id: string; name: string; gatewayName: string; logo: string; config: { field: string; value: string }[] } }[] } }>(
      '{ paymentMethods(first: 20) { edges { node { id name gatewayName logo config { field value } } } } }',
    );
    const nodes = methods.data!.paymentMethods.edges.map((e) => e.node);
    // Every gateway the shop offers (the sandbox hosts the redirect ones here), cards first.
    expect(nodes.map((n) => n.id)).toEqual(GATEWAYS.map((g) => g.info.id));
    expect(nodes[0].name).toBe('Debit/Credit Card');
    expect(nodes.at(-1)).toMatchObject({ id: 'Cash on Delivery', name: 'Cash on Delivery', logo: '/gateways/cash-on-delivery.svg' });
    expect(nodes[0].logo).toBe('/gateways/paymaya-vault.svg');
    expect(nodes[0].config).toEqual([
      // A path on the page's own origin: an absolute PUBLIC_URL address is blocked by the page's
      // CSP whenever the page's host differs.
      { field: 'tokenizerUrl', value: '/sandbox/maya/payments/v1/payment-tokens' },
      { field: 'publicKey', value: MAYA_SANDBOX_KEYS.publicKey },
    ]);

    const setMethod = (id: string) =>
      api.gql<{ setDefaultPaymentMethod: { user: { defaultPaymentMethod: { id: string; name: string } | null } | null; errors: Errors } }>(
        'mutation ($id: ID!) { setDefaultPaymentMethod(paymentMethodId: $id) { user { defaultPaymentMethod { id name } } errors { field message } } }',
        { id },
        { token: owner.token },
      );
    expect((await setMethod('Paymaya Vault')).data!.setDefaultPaymentMethod.user!.defaultPaymentMethod).toEqual({ id: 'Paymaya Vault', name: 'Debit/Credit Card' });
    expect((await setMethod('Bitcoin')).data!.setDefaultPaymentMethod.errors).toEqual([{ field: 'paymentMethodId', message: 'Please select a method of payment.' }]);
    const me = await api.gql<{ me: { defaultPaymentMethod: { id: string } | null } }>('{ me { defaultPaymentMethod { id } } }', {}, { token: owner.token });
    expect(me.data!.me.defaultPaymentMethod).toEqual({ id: 'Paymaya Vault' });

    // A live shop (no sandbox) without provider keys offers no card or hosted gateway.
    const live = { ...owner.ctx, config: { ...api.config, isLive: true, paymentsSandbox: { ...api.config.paymentsSandbox, enabled: false } } };
    expect((await paymentMethods(live)).map((m) => m.id)).toEqual(['Bank Deposit', 'Cash on Delivery']);
  });

  it('refuses visitors', async () => {
    expect((await api.gql('{ paymayaCards(first: 5) { totalCount } }')).data).toEqual({ paymayaCards: null });
    const res = await api.gql<{ paymayaCardCreate: { paymentErrors: Errors } }>('mutation { paymayaCardCreate(paymentToken: "x") { paymentErrors { message } } }');
    expect(res.data!.paymayaCardCreate.paymentErrors).toEqual([{ message: 'Please signup/login to continue.' }]);
  });

  it("seeds the demo customer's sandbox card, which the sandbox can charge", async () => {
    const demo = await createCustomer(api);
    await seedSavedCards(api.db, demo.user.id);
    const list = await cards(demo);
    expect(list!.edges.map((e) => [e.node.name, e.node.isDefault])).toEqual([['VISA •••• 4242', true]]);
    const cardId = Number(Buffer.from(list!.edges[0].node.id, 'base64').toString().split(':')[1]);
    expect(await chargeSavedCard(demo.ctx, { userId: demo.user.id, cardId, amount: 999_00, reference: 'DEMO-1' })).toMatchObject({ status: 'PAYMENT_SUCCESS' });
  });

  it('pays a checkout with Paymaya Vault only with one of the customer\'s own saved cards', async () => {
    await seedZones(api.db);
    const variantId = await createVariant(api.db, { price: 2_000_00, stock: 5 });
    const checkoutId = await readyCheckout(owner, [{ variantId, quantity: 1 }]);
    const [{ node }] = (await cards(owner))!.edges;
    const pay = (customer: Customer, paymayaCardId: string | null) =>
      api.gql<{ checkoutPaymentCreate: { checkout: { paymentGateway: string | null } | null; errors: Errors } }>(
        'mutation ($c: ID!, $i: PaymentInput!) { checkoutPaymentCreate(checkoutId: $c, input: $i) { checkout { paymentGateway } errors { field message } } }',
        { c: encodeGlobalID('Checkout', checkoutId), i: { gateway: 'Paymaya Vault', paymayaCardId } },
        { token: customer.token },
      );
    expect((await pay(owner, null)).data!.checkoutPaymentCreate.errors).toEqual([{ field: 'paymayaCardId', message: 'Please select/add a card.' }]);
    const stranger = await createCustomer(api);
    await seedSavedCards(api.db, stranger.user.id);
    const strangersCard = (await cards(stranger))!.edges[0].node.id;
    expect((await pay(owner, strangersCard)).data!.checkoutPaymentCreate.errors[0].message).toBe('Please select/add a card.');
    // A number no integer column holds is refused like any other wrong card, not a failed query.
    for (const beyond of ['2147483648', encodeGlobalID('PaymayaCard', '2147483648')]) {
      expect((await pay(owner, beyond)).data!.checkoutPaymentCreate.errors).toEqual([{ field: 'paymayaCardId', message: 'Please select/add a card.' }]);
    }
    const ok = await pay(owner, node.id);
    expect(ok.data!.checkoutPaymentCreate).toEqual({ checkout: { paymentGateway: 'Paymaya Vault' }, errors: [] });
  });
});
