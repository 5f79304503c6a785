// Staff order actions move money through the gateway, each in one transaction with its ledger
// event: confirming a Paymaya Vault order charges the held saved card; rejecting a paid hosted
// order refunds it at the provider; approving the cancellation of an unpaid one voids it there;
// a bank deposit (no provider) records staff's word.
import { encodeGlobalID } from '@pothos/plugin-relay';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createCustomer, createVariant, readyCheckout, type Customer } from '../checkout/checkout.fixtures';
import { completeCheckout } from '../checkout/place-order.service';
import { requestOrderCancel } from '../orders/order-actions.service';
import { approveOrderCancel, confirmOrder, rejectOrder } from '../orders/order-staff.service';
import { createPaymentsHarness, createStaffCustomer, decide, eventRows, paymentRow, placeOrder, type PaymentsHarness } from '../../testing/payments.fixtures';
import { payments, sandboxSessions } from './payments.tables';
import { sandboxCardTokenId } from './providers/maya/fake';
import { paymentCustomers, savedCards } from './saved-cards.tables';

let h: PaymentsHarness;
let staff: Customer;
beforeAll(async () => {
  h = await createPaymentsHarness();
  staff = await createStaffCustomer(h.t);
});
afterAll(async () => {
  await h?.close();
});

/** A pre-order-style Paymaya Vault order paid with a saved sandbox card (declining or not). */
async function vaultOrder(declines = false) {
  const customer = await createCustomer(h.t);
  const mayaCustomer = `sandbox-customer-${customer.user.id}`;
  await h.t.db.insert(paymentCustomers).values({ userId: customer.user.id, provider: 'maya', customerId: mayaCustomer });
  const [card] = await h.t.db
    .insert(savedCards)
    .values({ userId: customer.user.id, customerId: mayaCustomer, cardTokenId: sandboxCardTokenId(mayaCustomer, 'VISA', '4242', declines), brand: 'VISA', last4: '4242', state: 'VERIFIED', isDefault: true, verifiedAt: new Date() })
    .returning();
  const variantId = await createVariant(h.t.db, { price: 2_500_00 });
  const checkoutId = await readyCheckout(customer, [{ variantId, quantity: 1 }], { gateway: 'Paymaya Vault', token: String(card!.id) });
  const { order } = await completeCheckout(customer.ctx, checkoutId);
  const [payment] = await h.t.db.select().from(payments).where(eq(payments.orderId, order.id));
  return { order, paymentId: payment!.id };
}

const applied = async (paymentId: number) => (await eventRows(h.t, paymentId)).filter((e) => e.outcome === 'APPLIED').map((e) => [e.provider, e.type]);

describe('staff actions move the money through the gateway', () => {
  it('confirming a Paymaya Vault order charges the held saved card, once', async () => {
    const { order, paymentId } = await vaultOrder();
    expect((await paymentRow(h.t, paymentId)).chargeStatus).toBe('NOT_CHARGED');
    const confirmed = await confirmOrder(staff.ctx, order.id);
    expect(confirmed.status).toBe('UNFULFILLED_ORDER_CONFIRMED');
    const payment = await paymentRow(h.t, paymentId);
    expect([payment.chargeStatus, payment.captureStatus, payment.provider]).toEqual(['FULLY_CHARGED', 'PAYMAYA_VAULT_CAPTURE_SUCCESS', 'maya']);
    expect(await applied(paymentId)).toEqual([['maya', 'PAID']]);
    // Rejecting it afterwards gives the money back at Maya (voided: paid today, not yet settled).
    await rejectOrder(staff.ctx, order.id, 'Out of stock at the supplier');
    expect((await paymentRow(h.t, paymentId)).chargeStatus).toBe('FULLY_REFUNDED');
    expect(await applied(paymentId)).toEqual([['maya', 'PAID'], ['maya', 'REFUNDED']]);
  });

  it('a declined saved card leaves the confirmed order unpaid, PAYMAYA_VAULT_CAPTURE_FAILED (ADR 045: the customer pays with another card)', async () => {
    const { order, paymentId } = await vaultOrder(true);
    await confirmOrder(staff.ctx, order.id);
    const payment = await paymentRow(h.t, paymentId);
    expect([payment.chargeStatus, payment.captureStatus]).toEqual(['NOT_CHARGED', 'PAYMAYA_VAULT_CAPTURE_FAILED']);
    expect(await applied(paymentId)).toEqual([['maya', 'DECLINED']]);
  });

  it('rejecting a paid sandbox order refunds it at the provider', async () => {
    const placed = await placeOrder(h.t, 'GCash');
    await decide(placed.redirectUrl!, 'approve');
    await vi.waitFor(async () => expect((await paymentRow(h.t, placed.paymentId)).chargeStatus).toBe('FULLY_CHARGED'), { timeout: 10_000, interval: 100 });
    await rejectOrder(staff.ctx, placed.orderId, null);
    expect((await paymentRow(h.t, placed.paymentId)).chargeStatus).toBe('FULLY_REFUNDED');
    expect(await applied(placed.paymentId)).toEqual([['sandbox', 'PAID'], ['sandbox', 'REFUNDED']]);
    const reference = (await paymentRow(h.t, placed.paymentId)).providerReference!;
    const [session] = await h.t.db.select().from(sandboxSessions).where(eq(sandboxSessions.id, reference));
    expect(session!.status).toBe('REFUNDED');
  });

  it('approving the cancellation of an unpaid sandbox order voids its session at the provider', async () => {
    const placed = await placeOrder(h.t, 'GCash');
    await requestOrderCancel(placed.customer.ctx, { orderId: placed.orderId, reason: 'CHANGE_PAYMENT_METHOD', note: null });
    await approveOrderCancel(staff.ctx, placed.orderId);
    const payment = await paymentRow(h.t, placed.paymentId);
    expect([payment.chargeStatus, payment.captureStatus]).toEqual(['REJECTED', 'VOIDED']);
    expect(await applied(placed.paymentId)).toEqual([['sandbox', 'VOIDED']]);
    // The voided session can no longer be approved.
    expect((await fetch(placed.redirectUrl!)).status).toBe(200);
    expect(await (await fetch(placed.redirectUrl!)).text()).toContain('voided already');
  });

  it('a bank deposit order (no provider) records staff\'s void in the ledger', async () => {
    const placed = await placeOrder(h.t, 'Bank Deposit');
    await rejectOrder(staff.ctx, placed.orderId, null);
    const payment = await paymentRow(h.t, placed.paymentId);
    expect(payment.captureStatus).toBe('VOIDED');
    expect(await applied(placed.paymentId)).toEqual([['staff', 'VOIDED']]);
    const order = await h.t.gql<{ order: { status: string } }>('query($id: ID!) { order(id: $id) { status } }', { id: encodeGlobalID('Order', placed.orderId) }, { token: placed.customer.token });
    expect(order.data!.order.status).toBe('REJECTED');
  });
});
