// Voids and the held payment taken at confirmation, in two steps (docs/decisions/041-refunds-in-two-steps.md):
// the order's change commits first, the provider (PayPal's and Maya's local fakes, through their
// real clients) is asked outside the order's lock with the payment's idempotency key, and its
// answer is recorded after. A slow provider holds no order; a database that fails after the
// provider acted, or a process killed between the steps, leaves the settle job, which finishes
// it once: nothing voided, charged or captured twice.
import { eq, sql } from 'drizzle-orm';
import type { IncomingMessage } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServiceContext } from '../../../graphql/context';
import { JOB_SCHEMA } from '../../../jobs/job-sql';
import { silentLog } from '../../../jobs/job-testing';
import { listEmails } from '../../notifications/notifications.service';
import { createCustomer, createVariant, readyCheckout, type Customer } from '../../checkout/checkout.fixtures';
import { completeCheckout } from '../../checkout/place-order.service';
import { confirmOrder, rejectOrder } from '../../orders/order-staff.service';
import { orderTimeline } from '../../orders/order-timeline';
import { orders } from '../../orders/orders.tables';
import { createPaymentsHarness, createStaffCustomer, eventRows, paymentRow, type PaymentsHarness } from '../../../testing/payments.fixtures';
import { payments } from '../payments.tables';
import { voidOrderPayment } from '../payments-staff.service';
import { startFake, type FakeHandler, type RunningFake } from '../providers/fake-server';
import { createMayaFake, sandboxCardTokenId } from '../providers/maya/fake';
import { createPaypalFake } from '../providers/paypal/fake';
import { paymentCustomers, savedCards } from '../saved-cards.tables';
import { queueHeldCharge } from './held-payments';
import { providerStepRequestId, settleProviderStepJob, type ProviderStep } from './provider-steps.service';

let h: PaymentsHarness;
let staff: Customer;
const fakes: RunningFake[] = [];
let urls = { paypal: '', maya: '' };
const paypalFake = createPaypalFake({ clientId: 'pp-id', clientSecret: 'pp-secret', publicUrl: () => urls.paypal });
const mayaFake = createMayaFake({ publicKey: 'pk-steps', secretKey: 'sk-steps', publicUrl: () => urls.maya });

/** Requests the fakes answered, by path, and a gate that holds the next request whose path matches. */
const seen: string[] = [];
let gate: { pattern: RegExp; reached: () => void; release: Promise<void> } | null = null;
const gated =
  (inner: FakeHandler): FakeHandler =>
  async (req: IncomingMessage, res) => {
    const path = new URL(req.url ?? '/', 'http://fake').pathname;
    if (req.method === 'POST') seen.push(path);
    const held = gate && gate.pattern.test(path) ? gate : null;
    if (held) {
      gate = null;
      held.reached();
      await held.release;
    }
    return inner(req, res);
  };

/** Holds the provider's next request to a matching path: resolves `reached` when it arrives; `release` lets it answer. */
function holdNext(pattern: RegExp) {
  let release!: () => void;
  let reached!: () => void;
  const arrived = new Promise<void>((resolve) => (reached = resolve));
  gate = { pattern, reached, release: new Promise<void>((resolve) => (release = resolve)) };
  return { arrived, release };
}

beforeAll(async () => {
  h = await createPaymentsHarness();
  const [paypal, maya] = await Promise.all([startFake(gated(paypalFake.handler)), startFake(gated(mayaFake.handler))]);
  fakes.push(paypal, maya);
  urls = { paypal: paypal.url, maya: maya.url };
  h.t.config.providers = {
    ...h.t.config.providers,
    paypal: { clientId: 'pp-id', clientSecret: 'pp-secret', webhookId: 'WH-SUKI', baseUrl: urls.paypal },
    maya: { publicKey: 'pk-steps', secretKey: 'sk-steps', baseUrl: urls.maya },
  };
  staff = await createStaffCustomer(h.t);
});
afterAll(async () => {
  await Promise.all(fakes.map((f) => f.close()));
  await h?.close();
});

const ledger = async (paymentId: number) => (await eventRows(h.t, paymentId)).map((e) => [e.provider, e.type, e.outcome]);
const queuedJobs = async (paymentId: number, step: ProviderStep) =>
  (
    await h.t.database.executeSql(`SELECT id FROM ${JOB_SCHEMA}.job WHERE name = $1 AND data->>'paymentId' = $2 AND data->>'step' = $3`, [
      settleProviderStepJob.name,
      String(paymentId),
      step,
    ])
  ).rows;
/** The settle job as the job runner runs it (it is queued to run a minute and a half later). */
const runJob = (paymentId: number, step: ProviderStep) =>
  settleProviderStepJob.handler({ paymentId, step }, { db: h.t.db, config: h.t.config, log: silentLog(), jobId: `test-${paymentId}`, retryCount: 0 });

/**
 * While the provider is being asked: can another transaction lock the order at once? With the
 * order locked (or, on PGlite, a transaction open) it cannot, or not within a second.
 */
async function orderFreeWhileAsked(orderId: number, pattern: RegExp, action: () => Promise<unknown>): Promise<'free' | 'locked'> {
  const hold = holdNext(pattern);
  const acting = action();
  await hold.arrived;
  const lock = h.t.db
    .transaction(async (tx) => {
      await tx.execute(sql`select id from ${orders} where ${orders.id} = ${orderId} for update nowait`);
    })
    .then(
      () => 'free' as const,
      () => 'locked' as const,
    );
  const outcome = await Promise.race([lock, new Promise<'locked'>((resolve) => setTimeout(() => resolve('locked'), 1000))]);
  hold.release();
  await acting;
  await lock;
  return outcome;
}

/** Staff's context on a database whose commit fails once, for the first transaction that ends after `happened()` turned true. */
function commitFailsOnceAfter(ctx: ServiceContext, happened: () => boolean): ServiceContext {
  let failed = false;
  const db = new Proxy(ctx.db, {
    get(target, prop, receiver) {
      if (prop !== 'transaction') return Reflect.get(target, prop, receiver) as unknown;
      return (work: (tx: unknown) => Promise<unknown>, config?: unknown) =>
        target.transaction(async (tx) => {
          const result = await work(tx);
          if (!failed && happened()) {
            failed = true;
            throw new Error('the database connection was lost at COMMIT');
          }
          return result;
        }, config as never);
    },
  });
  return { ...ctx, db };
}

const CAPTURE = 'mutation($t: String!) { capturePaypalTransaction(paypalTransactionId: $t) { errors { message } } }';

/** A pre-order paid with PayPal, approved: PayPal holds its amount (an authorisation). */
async function authorisedPreOrder() {
  const customer = await createCustomer(h.t);
  const variantId = await createVariant(h.t.db, { price: 7_999_00, isPreOrder: true });
  const checkoutId = await readyCheckout(customer, [{ variantId, quantity: 1 }], { gateway: 'Paypal Checkout' });
  const placed = await completeCheckout(customer.ctx, checkoutId);
  const token = new URL(placed.redirectUrl!).searchParams.get('token')!;
  paypalFake.approve(token);
  const back = await h.t.gql<{ capturePaypalTransaction: { errors: unknown[] } }>(CAPTURE, { t: token }, { token: customer.token });
  expect(back.data!.capturePaypalTransaction.errors).toEqual([]);
  const [payment] = await h.t.db.select().from(payments).where(eq(payments.orderId, placed.order.id));
  expect(payment!.captureStatus).toBe('AUTHORIZED');
  return { orderId: placed.order.id, paymentId: payment!.id, token, email: customer.user.email, authorization: () => paypalFake.authorizationOf(token)! };
}

/** A Paymaya Vault order whose saved card is held until staff confirm it. */
async function heldCardOrder() {
  const customer = await createCustomer(h.t);
  const mayaCustomer = `maya-customer-${customer.user.id}`;
  await h.t.db.insert(paymentCustomers).values({ userId: customer.user.id, provider: 'maya', customerId: mayaCustomer });
  const [card] = await h.t.db
    .insert(savedCards)
    .values({ userId: customer.user.id, customerId: mayaCustomer, cardTokenId: sandboxCardTokenId(mayaCustomer, 'VISA', '4242'), brand: 'VISA', last4: '4242', state: 'VERIFIED', isDefault: true, verifiedAt: new Date() })
    .returning();
  const variantId = await createVariant(h.t.db, { price: 2_500_00 });
  const checkoutId = await readyCheckout(customer, [{ variantId, quantity: 1 }], { gateway: 'Paymaya Vault', token: String(card!.id) });
  const { order } = await completeCheckout(customer.ctx, checkoutId);
  const [payment] = await h.t.db.select().from(payments).where(eq(payments.orderId, order.id));
  return { orderId: order.id, paymentId: payment!.id };
}
const mayaChargesOf = (paymentId: number) => [...mayaFake.payments.values()].filter((p) => p.requestReferenceNumber === String(paymentId));
const CARD_PAYMENTS = /\/cards\/[^/]+\/payments$/;
const AUTHORIZATION_VOID = /\/v2\/payments\/authorizations\/[^/]+\/void$/;
const AUTHORIZATION_CAPTURE = /\/v2\/payments\/authorizations\/[^/]+\/capture$/;

describe('voids in two steps (a rejected PayPal pre-order: its authorisation voided)', () => {
  it('a slow provider holds no order: the rejection commits first, PayPal is asked outside the lock', async () => {
    const held = await authorisedPreOrder();
    expect(await orderFreeWhileAsked(held.orderId, AUTHORIZATION_VOID, () => rejectOrder(staff.ctx, held.orderId, 'The supplier cancelled the release'))).toBe('free');
    expect(held.authorization().status).toBe('VOIDED');
    const payment = await paymentRow(h.t, held.paymentId);
    expect([payment.chargeStatus, payment.captureStatus]).toEqual(['REJECTED', 'VOIDED']);
    expect(await ledger(held.paymentId)).toEqual([
      ['paypal', 'AUTHORIZED', 'APPLIED'],
      ['paypal', 'VOIDED', 'APPLIED'],
    ]);
  });

  it('a provider that answers after the database failed: the order stays rejected, the job records the void once', async () => {
    const held = await authorisedPreOrder();
    const failing = commitFailsOnceAfter(staff.ctx, () => held.authorization().status === 'VOIDED');
    const mailsBefore = (await listEmails(h.t.db, { to: held.email })).length;
    await expect(rejectOrder(failing, held.orderId, 'Out of stock at the supplier')).rejects.toThrow(/lost at COMMIT/);
    const [order] = await h.t.db.select().from(orders).where(eq(orders.id, held.orderId));
    expect(order!.status).toBe('REJECTED');
    // The rejection is committed: the customer is told of it all the same.
    expect((await listEmails(h.t.db, { to: held.email })).length).toBe(mailsBefore + 1);
    // PayPal released the money; the shop has not recorded it yet, and its job is queued.
    expect(held.authorization().status).toBe('VOIDED');
    expect((await paymentRow(h.t, held.paymentId)).captureStatus).toBe('AUTHORIZED');
    expect(await queuedJobs(held.paymentId, 'void')).toHaveLength(1);

    await runJob(held.paymentId, 'void');
    const payment = await paymentRow(h.t, held.paymentId);
    expect([payment.chargeStatus, payment.captureStatus]).toEqual(['REJECTED', 'VOIDED']);
    await runJob(held.paymentId, 'void');
    expect(await ledger(held.paymentId)).toEqual([
      ['paypal', 'AUTHORIZED', 'APPLIED'],
      ['paypal', 'VOIDED', 'APPLIED'],
    ]);
  });

  it('killed after the void was recorded, before the provider was asked: the job voids it at PayPal', async () => {
    const held = await authorisedPreOrder();
    // Step 1 commits; the process dies before step 2.
    const recorded = await h.t.db.transaction((db) => voidOrderPayment({ ...staff.ctx, db }, held.orderId));
    expect(recorded.pendingPaymentId).toBe(held.paymentId);
    expect(held.authorization().status).toBe('CREATED');
    expect(await queuedJobs(held.paymentId, 'void')).toHaveLength(1);

    await runJob(held.paymentId, 'void');
    expect(held.authorization().status).toBe('VOIDED');
    expect((await paymentRow(h.t, held.paymentId)).chargeStatus).toBe('REJECTED');
    expect(providerStepRequestId('void', held.paymentId)).toBe(`void-${held.paymentId}`);
  });
});

describe('the held payment taken at confirmation in two steps', () => {
  it('a slow Maya holds no order: the confirmation commits first, the saved card is charged outside the lock', async () => {
    const held = await heldCardOrder();
    expect(await orderFreeWhileAsked(held.orderId, CARD_PAYMENTS, () => confirmOrder(staff.ctx, held.orderId))).toBe('free');
    expect((await paymentRow(h.t, held.paymentId)).chargeStatus).toBe('FULLY_CHARGED');
    expect(mayaChargesOf(held.paymentId)).toHaveLength(1);
  });

  it('Maya answers after the database failed: the order stays confirmed, the job records the charge, the card is charged once', async () => {
    const held = await heldCardOrder();
    const failing = commitFailsOnceAfter(staff.ctx, () => mayaChargesOf(held.paymentId).length > 0);
    await expect(confirmOrder(failing, held.orderId)).rejects.toThrow(/lost at COMMIT/);
    const [order] = await h.t.db.select().from(orders).where(eq(orders.id, held.orderId));
    expect(order!.status).toBe('UNFULFILLED_ORDER_CONFIRMED');
    expect(mayaChargesOf(held.paymentId)).toHaveLength(1);
    expect((await paymentRow(h.t, held.paymentId)).chargeStatus).toBe('NOT_CHARGED');
    expect(await queuedJobs(held.paymentId, 'held')).toHaveLength(1);

    await runJob(held.paymentId, 'held');
    // The same request again (its idempotency key): Maya answers the first charge.
    expect(mayaChargesOf(held.paymentId)).toHaveLength(1);
    expect(mayaFake.retransmissions).toContain(providerStepRequestId('held', held.paymentId));
    const payment = await paymentRow(h.t, held.paymentId);
    expect([payment.chargeStatus, payment.providerReference]).toEqual(['FULLY_CHARGED', mayaChargesOf(held.paymentId)[0]!.id]);
    expect(await ledger(held.paymentId)).toEqual([['maya', 'PAID', 'APPLIED']]);
  });

  it('killed after the confirmation committed, before Maya was asked: the job charges the card', async () => {
    const held = await heldCardOrder();
    await h.t.db.transaction((db) => queueHeldCharge({ ...staff.ctx, db }, held.orderId));
    expect(mayaChargesOf(held.paymentId)).toHaveLength(0);
    await runJob(held.paymentId, 'held');
    expect((await paymentRow(h.t, held.paymentId)).chargeStatus).toBe('FULLY_CHARGED');
    expect(mayaChargesOf(held.paymentId)).toHaveLength(1);
  });

  it('Maya does not answer: the order is confirmed, staff see the charge pending, and the job charges the card when Maya is back', async () => {
    const held = await heldCardOrder();
    const baseUrl = h.t.config.providers.maya!.baseUrl;
    h.t.config.providers.maya!.baseUrl = 'http://127.0.0.1:9';
    try {
      expect((await confirmOrder(staff.ctx, held.orderId)).status).toBe('UNFULFILLED_ORDER_CONFIRMED');
    } finally {
      h.t.config.providers.maya!.baseUrl = baseUrl;
    }
    expect((await paymentRow(h.t, held.paymentId)).chargeStatus).toBe('NOT_CHARGED');
    expect((await orderTimeline(staff.ctx, held.orderId)).some((e) => e.type === 'heldChargePending')).toBe(true);
    await runJob(held.paymentId, 'held');
    expect((await paymentRow(h.t, held.paymentId)).chargeStatus).toBe('FULLY_CHARGED');
  });

  it('PayPal: a slow capture holds no order, and one recorded after the database failed is captured once', async () => {
    const slow = await authorisedPreOrder();
    expect(await orderFreeWhileAsked(slow.orderId, AUTHORIZATION_CAPTURE, () => confirmOrder(staff.ctx, slow.orderId))).toBe('free');
    expect((await paymentRow(h.t, slow.paymentId)).chargeStatus).toBe('FULLY_CHARGED');

    const held = await authorisedPreOrder();
    const failing = commitFailsOnceAfter(staff.ctx, () => held.authorization().status === 'CAPTURED');
    await expect(confirmOrder(failing, held.orderId)).rejects.toThrow(/lost at COMMIT/);
    expect((await paymentRow(h.t, held.paymentId)).chargeStatus).toBe('NOT_CHARGED');
    const captures = () => seen.filter((p) => p === `/v2/payments/authorizations/${held.authorization().id}/capture`).length;
    expect(captures()).toBe(1);
    await runJob(held.paymentId, 'held');
    expect((await paymentRow(h.t, held.paymentId)).chargeStatus).toBe('FULLY_CHARGED');
    expect(paypalFake.orders.get(held.token)!.captureId).not.toBeNull();
    expect(await ledger(held.paymentId)).toEqual([
      ['paypal', 'AUTHORIZED', 'APPLIED'],
      ['paypal', 'PAID', 'APPLIED'],
    ]);
  });
});
