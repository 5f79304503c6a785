// ADR 045: the payment status a customer sees follows what happened. Every
// gateway family is walked through its lifecycle by the real services, the GraphQL API, the
// sandbox's pages and signed webhooks, and Maya's sandbox, and after each step the label the
// customer's own order query answers is checked against the one docs/product/orders-and-payments.md#payment-status-label gives for it.
// Before ADR 045 most of these steps answered 'Pending' (or 'Failed', 'Paid' too early).
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_LABELS as L } from '../../../common/orders/payment-status-label';
import { createCustomer, createVariant, readyCheckout, type Customer } from '../checkout/checkout.fixtures';
import { completeCheckout } from '../checkout/place-order.service';
import { createPaymentsHarness, createStaffCustomer, decide, paymentRow, type PaymentsHarness } from '../../testing/payments.fixtures';
import { paymentEvents, paymentRefunds, payments } from '../payments/payments.tables';
import { recordPaymentEvent } from '../payments/payment-events.service';
import { refundLatePayment } from '../payments/refunds/late-payment-refunds.service';
import { sandboxCardTokenId } from '../payments/providers/maya/fake';
import { mayaClient } from '../payments/providers/maya/maya-access';
import { paymentCustomers, savedCards } from '../payments/saved-cards.tables';
import { encodeGlobalID } from '@pothos/plugin-relay';
import { emails } from '../notifications/notifications.tables';
import { expireUnpaidOrder } from './payment-expiry.service';
import { orders } from './orders.tables';

let h: PaymentsHarness;
let staff: Customer;
let slip: string;

beforeAll(async () => {
  h = await createPaymentsHarness();
  staff = await createStaffCustomer(h.t);
  const bytes = await sharp(randomBytes(60 * 40 * 3), { raw: { width: 60, height: 40, channels: 3 } }).png().toBuffer();
  slip = `data:image/png;base64,${bytes.toString('base64')}`;
});
afterAll(async () => {
  await h?.close();
});

type Placed = { customer: Customer; orderId: number; gid: string; paymentId: number; redirectUrl: string | null; qrCode: string | null };

/** A verified customer's order of one installment-ready phone, delivered (cash on delivery needs it) or picked up. */
async function place(gateway: string, options: { delivery?: boolean; token?: string; customer?: Customer } = {}): Promise<Placed> {
  const customer = options.customer ?? (await createCustomer(h.t));
  const variantId = await createVariant(h.t.db, { price: 5_000_00, isInstallmentReady: true });
  const checkoutId = await readyCheckout(customer, [{ variantId, quantity: 1 }], { gateway, delivery: options.delivery, token: options.token });
  const placed = await completeCheckout(customer.ctx, checkoutId);
  const [payment] = await h.t.db.select().from(payments).where(eq(payments.orderId, placed.order.id));
  return { customer, orderId: placed.order.id, gid: encodeGlobalID('Order', placed.order.id), paymentId: payment!.id, redirectUrl: placed.redirectUrl, qrCode: placed.qrCode };
}

/** What the customer's own order page reads. */
async function seen(p: Placed): Promise<{ label: string; payNow: string | null; status: string }> {
  const r = await h.t.gql<{ order: { paymentStatusDisplay: string; payNow: string | null; status: string } }>(
    'query($id: ID!) { order(id: $id) { paymentStatusDisplay payNow status } }',
    { id: p.gid },
    { token: p.customer.token },
  );
  expect(r.errors).toBeUndefined();
  return { label: r.data!.order.paymentStatusDisplay, payNow: r.data!.order.payNow, status: r.data!.order.status };
}

async function staffDoes(mutation: string, p: Placed, args = ''): Promise<void> {
  const r = await h.t.gql<Record<string, { errors: { message: string }[] }>>(
    `mutation($id: ID!) { ${mutation}(id: $id${args}) { errors { message } } }`,
    { id: p.gid },
    { token: staff.token },
  );
  expect(r.errors).toBeUndefined();
  expect(Object.values(r.data!)[0]!.errors).toEqual([]);
}

async function upload(p: Placed): Promise<void> {
  const r = await h.t.gql<{ proofOfBillingUpload: { errors: { message: string }[] } }>(
    'mutation($id: ID!, $input: ProofOfBillingInput!) { proofOfBillingUpload(id: $id, input: $input) { errors { message } } }',
    { id: p.gid, input: { alt: 'BDO slip', image: slip } },
    { token: p.customer.token },
  );
  expect(r.data!.proofOfBillingUpload.errors).toEqual([]);
}

/** The sandbox's webhook reaches the shop as a durable job: wait for the payment to move. */
async function settled(p: Placed, chargeStatus: string, captureStatus?: string): Promise<void> {
  await expect
    .poll(async () => {
      const row = await paymentRow(h.t, p.paymentId);
      return captureStatus === undefined ? row.chargeStatus : `${row.chargeStatus}/${row.captureStatus}`;
    }, { timeout: 20_000, interval: 200 })
    .toBe(captureStatus === undefined ? chargeStatus : `${chargeStatus}/${captureStatus}`);
}

/**
 * Pay Now's page: after a decline the shop opens a fresh session (webhooks.router.ts) just after
 * recording the decline, so wait until the order's link leads to a page that can be paid.
 */
async function currentRedirect(p: Placed): Promise<string> {
  let url = '';
  await expect
    .poll(async () => {
      url = (await paymentRow(h.t, p.paymentId)).redirectUrl ?? '';
      return url ? (await fetch(url)).text() : '';
    }, { timeout: 20_000, interval: 200 })
    .toContain('value="approve"');
  return url;
}

const year = String(new Date().getFullYear() + 2);
const cardToken = async (number: string) => (await mayaClient(h.t.config))!.createPaymentToken({ number, expMonth: '12', expYear: year, cvc: '123' });

/** Pay Now's card modal: a card typed for this order, through Maya's 3-D Secure page. */
async function payByCard(p: Placed, number: string, decision: 'approve' | 'decline'): Promise<void> {
  const r = await h.t.gql<{ onDemandPaymentCreate: { verificationUrl: string | null; errors: { message: string }[] } }>(
    'mutation($o: ID!, $t: String!) { onDemandPaymentCreate(order: $o, paymentToken: $t) { verificationUrl errors { message } } }',
    { o: p.gid, t: await cardToken(number) },
    { token: p.customer.token },
  );
  expect(r.data!.onDemandPaymentCreate.errors).toEqual([]);
  const url = r.data!.onDemandPaymentCreate.verificationUrl!;
  const answer = await fetch(url, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ decision }) });
  await fetch(answer.headers.get('location')!, { redirect: 'manual' });
}

/**
 * Pay Now on a held card's charge waiting for 3-D Secure (ADR 050): the order's payment leads to
 * Maya's verificationUrl; the customer answers there and Maya sends them to the shop's signed
 * return. Answers the return's address and where the shop then sent the customer.
 */
async function passHeldVerification(p: Placed, decision: 'approve' | 'decline' | 'cancel'): Promise<{ back: string; landed: string }> {
  const r = await h.t.gql<{ order: { payments: { redirectUrl: string | null }[] } }>('query($id: ID!) { order(id: $id) { payments { redirectUrl } } }', { id: p.gid }, { token: p.customer.token });
  const verificationUrl = r.data!.order.payments[0]!.redirectUrl!;
  const answer = await fetch(verificationUrl, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ decision }) });
  const back = answer.headers.get('location')!;
  expect(new URL(back).pathname).toBe(`/payments/maya/held/${p.paymentId}/return`);
  const landed = (await fetch(back, { redirect: 'manual' })).headers.get('location')!;
  return { back, landed };
}

async function savedCard(customer: Customer, declines: boolean, asks3ds = false): Promise<string> {
  const mayaCustomer = `sandbox-customer-${customer.user.id}`;
  await h.t.db.insert(paymentCustomers).values({ userId: customer.user.id, provider: 'maya', customerId: mayaCustomer }).onConflictDoNothing();
  const [card] = await h.t.db
    .insert(savedCards)
    .values({ userId: customer.user.id, customerId: mayaCustomer, cardTokenId: sandboxCardTokenId(mayaCustomer, 'VISA', '4242', declines, asks3ds), brand: 'VISA', last4: '4242', state: 'VERIFIED', isDefault: true, verifiedAt: new Date() })
    .returning();
  return String(card!.id);
}

type Step = { does: string; act: (p: Placed) => Promise<void>; label: string; payNow?: string | null };
type Lifecycle = { family: string; gateway: string; place: () => Promise<Placed>; steps: Step[] };

const confirm: Step['act'] = (p) => staffDoes('orderConfirm', p);

const LIFECYCLES: Lifecycle[] = [
  {
    family: 'bank deposit',
    gateway: 'Bank Deposit',
    place: () => place('Bank Deposit'),
    steps: [
      { does: 'staff confirm', act: confirm, label: L.uploadProof },
      { does: 'the slip is uploaded', act: upload, label: L.proofReceived },
      { does: 'staff refuse the slip', act: (p) => staffDoes('orderProofOfBillingRefuse', p, ', note: "The amount does not match"'), label: L.reuploadProof },
      { does: 'another slip is uploaded', act: upload, label: L.proofReceived },
      { does: 'staff mark it paid', act: (p) => staffDoes('orderMarkAsPaid', p), label: L.paid },
    ],
  },
  {
    family: 'bank deposit, slip first, then rejected',
    gateway: 'Bank Deposit',
    place: () => place('Bank Deposit'),
    steps: [
      { does: 'the slip is uploaded before confirmation', act: upload, label: L.pending },
      { does: 'staff confirm', act: confirm, label: L.proofReceived },
      { does: 'staff reject the order', act: (p) => staffDoes('orderReject', p), label: L.rejected },
    ],
  },
  {
    family: 'bank deposit, never paid',
    gateway: 'Bank Deposit',
    place: () => place('Bank Deposit'),
    steps: [
      {
        does: 'the payment window lapses',
        act: async (p) => {
          await h.t.db.update(orders).set({ paymentDueAt: new Date(Date.now() - 1000) }).where(eq(orders.id, p.orderId));
          expect(await expireUnpaidOrder(h.t.serviceContext(), p.orderId)).not.toBeNull();
        },
        label: L.failed,
      },
    ],
  },
  {
    family: 'cash on delivery',
    gateway: 'Cash on Delivery',
    place: () => place('Cash on Delivery', { delivery: true }),
    steps: [
      { does: 'staff confirm', act: confirm, label: L.confirmed },
      { does: 'the parcel ships', act: (p) => staffDoes('orderFulfill', p, ', input: { trackingNumber: "LBC-1" }'), label: L.codPending },
      { does: 'the courier collects', act: (p) => staffDoes('orderMarkAsPaid', p), label: L.paid },
    ],
  },
  {
    family: 'cash on delivery refused',
    gateway: 'Cash on Delivery',
    place: () => place('Cash on Delivery', { delivery: true }),
    steps: [{ does: 'staff find COD not available', act: (p) => staffDoes('orderCashOnDeliveryUnavailable', p, ', note: "No courier collects there"'), label: L.codUnavailable }],
  },
  {
    family: 'wallet redirect',
    gateway: 'GCash',
    place: () => place('GCash'),
    steps: [
      { does: 'GCash declines', act: async (p) => void (await decide(p.redirectUrl!, 'decline')), label: L.failed, payNow: 'REDIRECT' },
      { does: 'Pay Now, approved', act: async (p) => void (await decide(await currentRedirect(p), 'approve')), label: L.paid, payNow: null },
    ],
  },
  {
    family: 'QR',
    gateway: 'WeChat Pay',
    place: () => place('WeChat Pay'),
    steps: [
      { does: 'the scan is declined', act: async (p) => void (await decide(await currentRedirect(p), 'decline')), label: L.weChatFailed, payNow: 'QR' },
      { does: 'a new scan is approved', act: async (p) => void (await decide(await currentRedirect(p), 'approve')), label: L.paid, payNow: null },
    ],
  },
  {
    // ADR 050: the payer keys in less than is due; the part is kept and the rest asked for.
    family: 'QR, paid in part',
    gateway: 'WeChat Pay',
    place: () => place('WeChat Pay'),
    steps: [
      { does: 'a part is paid', act: async (p) => void (await decide(await currentRedirect(p), 'approve', { amount: '1000.00' })), label: L.weChatBalance, payNow: 'QR' },
      {
        does: 'the remaining balance is paid',
        act: async (p) => {
          const row = await paymentRow(h.t, p.paymentId);
          expect(row.chargedAmount).toBe(1000_00);
          // Pay Now's QR leads to the same session, which asks for the rest, not the total.
          const page = await (await fetch(row.redirectUrl!)).text();
          const asked = /name="amount"[^>]*value="([\d.]+)"/.exec(page)?.[1];
          expect(asked).toBe(((row.total - 1000_00) / 100).toFixed(2));
          expect(page).toContain('Remaining balance');
          await decide(row.redirectUrl!, 'approve', { amount: asked! });
        },
        label: L.paid,
        payNow: null,
      },
    ],
  },
  {
    family: 'saved card, declined at confirmation',
    gateway: 'Paymaya Vault',
    place: async () => {
      const customer = await createCustomer(h.t);
      return place('Paymaya Vault', { customer, token: await savedCard(customer, true) });
    },
    steps: [
      { does: 'staff confirm: Maya declines the held card', act: confirm, label: L.captureFailed, payNow: 'CARD' },
      { does: 'Pay Now with another card', act: (p) => payByCard(p, '4111111111111111', 'approve'), label: L.paid, payNow: null },
    ],
  },
  {
    family: 'saved card',
    gateway: 'Paymaya Vault',
    place: async () => {
      const customer = await createCustomer(h.t);
      return place('Paymaya Vault', { customer, token: await savedCard(customer, false) });
    },
    steps: [{ does: 'staff confirm: Maya charges the held card', act: confirm, label: L.paid, payNow: null }],
  },
  {
    // ADR 050: Maya answers the held card's charge with FOR_AUTHENTICATION and a verificationUrl.
    family: 'saved card, 3-D Secure at confirmation',
    gateway: 'Paymaya Vault',
    place: async () => {
      const customer = await createCustomer(h.t);
      return place('Paymaya Vault', { customer, token: await savedCard(customer, false, true) });
    },
    steps: [
      { does: 'staff confirm: Maya asks for 3-D Secure', act: confirm, label: L.vaultSuccess, payNow: 'REDIRECT' },
      { does: 'Pay Now: the customer passes 3-D Secure', act: async (p) => void (await passHeldVerification(p, 'approve')), label: L.paid, payNow: null },
    ],
  },
  {
    family: 'saved card, 3-D Secure failed at confirmation',
    gateway: 'Paymaya Vault',
    place: async () => {
      const customer = await createCustomer(h.t);
      return place('Paymaya Vault', { customer, token: await savedCard(customer, false, true) });
    },
    steps: [
      { does: 'staff confirm: Maya asks for 3-D Secure', act: confirm, label: L.vaultSuccess, payNow: 'REDIRECT' },
      { does: 'Pay Now: 3-D Secure fails', act: async (p) => void (await passHeldVerification(p, 'decline')), label: L.captureFailed, payNow: 'CARD' },
      { does: 'Pay Now with another card', act: (p) => payByCard(p, '4111111111111111', 'approve'), label: L.paid, payNow: null },
    ],
  },
  {
    family: 'on-demand card',
    gateway: 'Paymaya On-demand',
    place: () => place('Paymaya On-demand'),
    steps: [
      { does: '3-D Secure fails', act: (p) => payByCard(p, '4111111111111111', 'decline'), label: L.failed, payNow: 'CARD' },
      { does: 'paid again, approved', act: (p) => payByCard(p, '4111111111111111', 'approve'), label: L.paid, payNow: null },
    ],
  },
  {
    family: 'card typed at checkout',
    gateway: 'Paymaya Checkout',
    place: () => place('Paymaya Checkout'),
    steps: [
      { does: '3-D Secure fails', act: (p) => payByCard(p, '4111111111111111', 'decline'), label: L.captureFailed, payNow: 'CARD' },
      { does: 'Pay Now, approved', act: (p) => payByCard(p, '4111111111111111', 'approve'), label: L.paid, payNow: null },
    ],
  },
  {
    family: 'PayPal',
    gateway: 'Paypal Checkout',
    place: () => place('Paypal Checkout'),
    steps: [
      {
        does: 'approved at PayPal, captured on return',
        act: async (p) => {
          const back = new URL(await decide(p.redirectUrl!, 'approve'));
          const r = await h.t.gql<{ capturePaypalTransaction: { errors: { message: string }[] } }>(
            'mutation($t: String!) { capturePaypalTransaction(paypalTransactionId: $t) { errors { message } } }',
            { t: back.searchParams.get('token')! },
            { token: p.customer.token },
          );
          expect(r.data!.capturePaypalTransaction.errors).toEqual([]);
        },
        label: L.paid,
        payNow: null,
      },
    ],
  },
  {
    family: 'installment',
    gateway: 'BillEase',
    place: () => place('BillEase'),
    steps: [
      { does: 'BillEase approves the plan', act: async (p) => void (await decide(p.redirectUrl!, 'approve')), label: L.installment, payNow: 'REDIRECT' },
      { does: 'the down payment is paid', act: async (p) => void (await decide(await currentRedirect(p), 'approve')), label: L.paid, payNow: null },
    ],
  },
];

/** What the payment row must reach before the label is read (the sandbox's webhooks are jobs). */
const WAIT_FOR: Record<string, [string, string?]> = {
  'GCash declines': ['FAILED'],
  'Pay Now, approved': ['FULLY_CHARGED'],
  'the scan is declined': ['NOT_CHARGED', 'WECHAT_PAY_CAPTURE_FAILED'],
  'a new scan is approved': ['FULLY_CHARGED'],
  'a part is paid': ['PARTIALLY_CHARGED', 'WECHAT_PAY_CAPTURE_SUCCESS'],
  'the remaining balance is paid': ['FULLY_CHARGED'],
  'BillEase approves the plan': ['PAY_IN_INSTALLMENT_READY'],
  'the down payment is paid': ['FULLY_CHARGED'],
};

describe('the payment status label follows what happened, for every gateway family', () => {
  it.each(LIFECYCLES.map((l) => [l.family, l] as const))('%s', async (_family, lifecycle) => {
    const placed = await lifecycle.place();
    expect(await seen(placed)).toMatchObject({ label: L.pending });
    const walked: [string, string][] = [['placed', L.pending]];
    const expected: [string, string][] = [['placed', L.pending]];
    for (const step of lifecycle.steps) {
      await step.act(placed);
      const wait = WAIT_FOR[step.does];
      if (wait) await settled(placed, wait[0], wait[1]);
      const now = await seen(placed);
      walked.push([step.does, now.label]);
      expected.push([step.does, step.label]);
      if (step.payNow !== undefined) expect([step.does, now.payNow]).toEqual([step.does, step.payNow]);
    }
    expect(walked).toEqual(expected);
  });

  it('a part payment: only what was taken is refundable, more than is due is refused, and a card gateway paid less is a mismatch', async () => {
    const p = await place('WeChat Pay');
    await decide(await currentRedirect(p), 'approve', { amount: '1200.50' });
    await settled(p, 'PARTIALLY_CHARGED');
    const row = await paymentRow(h.t, p.paymentId);
    const staffSees = async () =>
      (
        await h.t.gql<{ order: { payments: { chargeStatus: string; charged: { amount: number }; amountDue: { amount: number } }[]; refunds: { refundable: { amount: number } } } }>(
          'query($id: ID!) { order(id: $id) { payments { chargeStatus charged { amount } amountDue { amount } } refunds { refundable { amount } } } }',
          { id: p.gid },
          { token: staff.token },
        )
      ).data!.order;
    // The customer's order says what is left to pay.
    const balance = await h.t.gql<{ order: { totalBalance: { amount: number } } }>('query($id: ID!) { order(id: $id) { totalBalance { amount } } }', { id: p.gid }, { token: p.customer.token });
    expect(balance.data!.order.totalBalance.amount).toBe((row.total - 1200_50) / 100);
    expect(await staffSees()).toEqual({
      payments: [{ chargeStatus: 'PARTIALLY_CHARGED', charged: { amount: 1200.5 }, amountDue: { amount: (row.total - 1200_50) / 100 } }],
      refunds: { refundable: { amount: 1200.5 } },
    });
    // More than is left, or the whole again after the part: refused for staff to look at; nothing moves.
    const ctx = h.t.serviceContext();
    const paid = (eventId: string, amount: number, paymentId = p.paymentId) =>
      recordPaymentEvent(ctx, { provider: 'sandbox', eventId, type: 'PAID', paymentId, orderReference: null, amount, currency: 'PHP', payload: {} });
    expect((await paid('evt_overpaid_1', row.total - 1200_50 + 1)).outcome).toBe('MISMATCH');
    expect((await paid('evt_overpaid_2', row.total)).outcome).toBe('MISMATCH');
    expect(await paymentRow(h.t, p.paymentId)).toMatchObject({ chargeStatus: 'PARTIALLY_CHARGED', chargedAmount: 1200_50 });
    // A gateway that charges what it was asked (GCash) reporting less: a mismatch, not a part payment.
    const gcash = await place('GCash');
    expect((await paid('evt_gcash_less', 1000_00, gcash.paymentId)).outcome).toBe('MISMATCH');
    expect((await paymentRow(h.t, gcash.paymentId)).chargeStatus).toBe('NOT_CHARGED');
    // Rejected: the part taken goes back (not the total), and the order says Refunded.
    await staffDoes('orderReject', p);
    await settled(p, 'FULLY_REFUNDED');
    const refunds = await h.t.db.select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, p.paymentId));
    expect(refunds.map((r) => [r.amount, r.status])).toEqual([[1200_50, 'COMPLETED']]);
    expect(await seen(p)).toMatchObject({ label: L.refunded, payNow: null });
  });

  it('the rest arriving after a part-paid order was closed is refunded as a late payment', async () => {
    const p = await place('WeChat Pay');
    await decide(await currentRedirect(p), 'approve', { amount: '1000.00' });
    await settled(p, 'PARTIALLY_CHARGED');
    // Cancelled meanwhile (the part's own refund not answered yet), then the rest arrives.
    await h.t.db.update(orders).set({ status: 'CANCELED' }).where(eq(orders.id, p.orderId));
    const row = await paymentRow(h.t, p.paymentId);
    const ctx = h.t.serviceContext();
    const rest = row.total - 1000_00;
    const recorded = await recordPaymentEvent(ctx, { provider: 'sandbox', eventId: 'evt_late_rest', type: 'PAID', paymentId: p.paymentId, orderReference: null, amount: rest, currency: 'PHP', payload: {} });
    expect(recorded.outcome).toBe('IGNORED');
    expect(await refundLatePayment(ctx, p.paymentId)).not.toBeNull();
    const late = await h.t.db.select().from(paymentRefunds).where(and(eq(paymentRefunds.paymentId, p.paymentId), eq(paymentRefunds.kind, 'LATE_PAYMENT')));
    expect(late.map((r) => r.amount)).toEqual([rest]);
  });

  it("a held card's 3-D Secure return is believed only signed and once, and only Maya's answer moves the payment", async () => {
    const customer = await createCustomer(h.t);
    const p = await place('Paymaya Vault', { customer, token: await savedCard(customer, false, true) });
    await confirm(p);
    const waiting = await paymentRow(h.t, p.paymentId);
    expect(waiting).toMatchObject({ chargeStatus: 'NOT_CHARGED', captureStatus: 'PAYMAYA_VAULT_CAPTURE_SUCCESS', provider: 'maya' });
    expect(waiting.returnNonce).toBeTruthy();
    // The customer answers Maya (approves) from Pay Now's link.
    const r = await h.t.gql<{ order: { payments: { redirectUrl: string }[] } }>('query($id: ID!) { order(id: $id) { payments { redirectUrl } } }', { id: p.gid }, { token: customer.token });
    const verificationUrl = r.data!.order.payments[0]!.redirectUrl;
    const answer = await fetch(verificationUrl, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ decision: 'approve' }) });
    const back = new URL(answer.headers.get('location')!);
    const go = async (url: URL | string) => (await fetch(url, { redirect: 'manual' })).headers.get('location');
    // Forged and tampered returns: ignored, nothing recorded.
    const forged = new URL(back);
    forged.searchParams.set('sig', 'x'.repeat(43));
    const tampered = new URL(back);
    tampered.searchParams.set('outcome', 'cancel');
    const events = async () => (await h.t.db.select().from(paymentEvents).where(eq(paymentEvents.paymentId, p.paymentId))).length;
    const before = await events();
    expect(await go(forged)).toBe('/account/orders');
    expect(await go(tampered)).toBe('/account/orders');
    expect(await events()).toBe(before);
    expect((await paymentRow(h.t, p.paymentId)).chargeStatus).toBe('NOT_CHARGED');
    // The genuine return: Maya says paid.
    expect(await go(back)).toBe('/account/orders?status=success&method=Paymaya%20Vault');
    expect(await paymentRow(h.t, p.paymentId)).toMatchObject({ chargeStatus: 'FULLY_CHARGED', chargedAmount: waiting.total, returnNonce: null });
    // A replay: spent, nothing more recorded.
    const after = await events();
    expect(await go(back)).toBe('/account/orders?status=success&method=Paymaya%20Vault');
    expect(await events()).toBe(after);
  });

  it('each state the shop caused is in the order timeline, with the label the customer saw', async () => {
    const p = await place('Bank Deposit');
    await confirm(p);
    await upload(p);
    await staffDoes('orderProofOfBillingRefuse', p, ', note: "Unreadable"');
    const r = await h.t.gql<{ order: { events: { type: string; message: string; actor: string | null }[] } }>(
      'query($id: ID!) { order(id: $id) { events { type message actor } } }',
      { id: p.gid },
      { token: staff.token },
    );
    const payment = r.data!.order.events.filter((e) => e.type === 'payment').map((e) => e.message);
    expect(payment).toEqual([`Payment status: ${L.uploadProof}`, `Payment status: ${L.proofReceived}`, `Payment status: ${L.reuploadProof}`]);
    // The refused slip left the order, so the customer can upload another.
    const order = await h.t.gql<{ order: { proofOfBilling: unknown } }>('query($id: ID!) { order(id: $id) { proofOfBilling { url } } }', { id: p.gid }, { token: p.customer.token });
    expect(order.data!.order.proofOfBilling).toBeNull();
    // And is told so by email, with staff's reason.
    const [told] = await h.t.db.select().from(emails).where(and(eq(emails.template, 'proof_of_billing_refused'), eq(emails.to, p.customer.user.email)));
    expect(told?.text).toContain('We could not accept the deposit slip you sent for order');
    expect(told?.text).toContain(': Unreadable');
  });

  it('refuses to refuse a slip that is not there, and COD unavailable on another gateway', async () => {
    const p = await place('Bank Deposit');
    await confirm(p);
    const refused = await h.t.gql<{ orderProofOfBillingRefuse: { errors: { message: string }[] } }>(
      'mutation($id: ID!) { orderProofOfBillingRefuse(id: $id) { errors { message } } }',
      { id: p.gid },
      { token: staff.token },
    );
    expect(refused.data!.orderProofOfBillingRefuse.errors).toEqual([{ message: 'This order has no deposit slip to refuse.' }]);
    const cod = await h.t.gql<{ orderCashOnDeliveryUnavailable: { errors: { message: string }[] } }>(
      'mutation($id: ID!) { orderCashOnDeliveryUnavailable(id: $id) { errors { message } } }',
      { id: p.gid },
      { token: staff.token },
    );
    expect(cod.data!.orderCashOnDeliveryUnavailable.errors).toEqual([{ message: 'Only an unpaid cash on delivery order can be marked as cash on delivery not available.' }]);
    // Nothing moved: the order is still confirmed and still asks for the slip.
    expect(await seen(p)).toMatchObject({ label: L.uploadProof, status: 'UNFULFILLED_ORDER_CONFIRMED' });
  });
});
