// Checkout's near-static settings are kept per process (db/table-cache.ts, ADR 029): a staff
// change (from any replica: the change notification, not the writer, drops them) is seen on the
// next request, and each customer's view stays their own.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../../testing/test-api';
import { gatewaySettings } from '../payments/payments.tables';
import { orders } from '../orders/orders.tables';
import { ADDRESS, CEBU_ADDRESS, createCustomer, createVariant, readyCheckout, seedZones, type Customer } from './checkout.fixtures';
import { checkoutSettings, shippingRates, shippingZones } from './checkout.tables';
import { setAddress } from './checkout-delivery.service';

/** Notifications arrive after commit, on the database's own schedule: wait for them. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

const VIEW = /* GraphQL */ `
  {
    me {
      checkout {
        estimatedShippingFee { amount }
        insurance { amount }
        availablePaymentGateways { id }
      }
    }
  }
`;
type View = { me: { checkout: { estimatedShippingFee: { amount: number }; insurance: { amount: number }; availablePaymentGateways: { id: string }[] } } };

let api: TestApi;
let variantId: number;

beforeAll(async () => {
  api = await createTestApi({}, { tableCache: true });
  await seedZones(api.db);
  variantId = await createVariant(api.db, { price: 10_000_00, stock: 1000, weightGrams: 500 });
  await settle();
});
afterAll(() => api?.close());

async function viewOf(customer: Customer) {
  const answer = await api.gql<View>(VIEW, {}, { token: customer.token });
  expect(answer.errors).toBeUndefined();
  return answer.data!.me.checkout;
}

async function deliveryCheckout(address = ADDRESS) {
  const customer = await createCustomer(api);
  const id = await readyCheckout(customer, [{ variantId, quantity: 1 }], { delivery: true, insurance: true });
  if (address !== ADDRESS) await setAddress(customer.ctx, id, 'SHIPPING', address);
  return { customer, id };
}

describe("checkout's settings kept per process", () => {
  it('shows a changed shipping rate, insurance rate and disabled gateway on the next request', async () => {
    const { customer } = await deliveryCheckout();
    const before = await viewOf(customer);
    expect(await viewOf(customer)).toEqual(before); // now from the cache
    expect(before.availablePaymentGateways.map((g) => g.id)).toContain('Bank Deposit');

    const [zone] = await api.db.select().from(shippingZones).where(eq(shippingZones.name, 'Metro Manila'));
    await api.db.update(shippingRates).set({ price: 777_00 }).where(eq(shippingRates.zoneId, zone!.id));
    await api.db.insert(checkoutSettings).values({ id: 1, insuranceRate: 1_000, insuranceMinimum: 0 }).onConflictDoUpdate({ target: checkoutSettings.id, set: { insuranceRate: 1_000, insuranceMinimum: 0 } });
    await api.db.insert(gatewaySettings).values({ gateway: 'Bank Deposit', isEnabled: false }).onConflictDoUpdate({ target: gatewaySettings.gateway, set: { isEnabled: false } });
    await settle();

    const after = await viewOf(customer);
    expect(after.estimatedShippingFee.amount).toBe(777);
    expect(after.insurance.amount).toBe(1_000); // 10% of ₱10,000
    expect(after.availablePaymentGateways.map((g) => g.id)).not.toContain('Bank Deposit');

    await api.db.update(gatewaySettings).set({ isEnabled: true }).where(eq(gatewaySettings.gateway, 'Bank Deposit'));
    await settle();
    expect((await viewOf(customer)).availablePaymentGateways.map((g) => g.id)).toContain('Bank Deposit');
  });

  it("gives each customer their own zone's rates", async () => {
    const manila = await deliveryCheckout();
    const cebu = await deliveryCheckout(CEBU_ADDRESS);
    const [cebuZone] = await api.db.select().from(shippingZones).where(eq(shippingZones.name, 'Visayas'));
    await api.db.update(shippingRates).set({ price: 333_00 }).where(eq(shippingRates.zoneId, cebuZone!.id));
    await settle();
    const manilaFee = (await viewOf(manila.customer)).estimatedShippingFee.amount;
    expect((await viewOf(cebu.customer)).estimatedShippingFee.amount).toBe(333);
    expect(manilaFee).not.toBe(333);
    expect((await viewOf(manila.customer)).estimatedShippingFee.amount).toBe(manilaFee);
  });

  it("sets an order's payment deadline from the gateway's window as staff changed it", async () => {
    await api.db.insert(gatewaySettings).values({ gateway: 'Bank Deposit', paymentWindowMinutes: 90 }).onConflictDoUpdate({ target: gatewaySettings.gateway, set: { paymentWindowMinutes: 90 } });
    await settle();
    const { customer, id } = await deliveryCheckout();
    const placed = await api.gql<{ checkoutComplete: { order: { id: string } | null; errors: { message: string }[] } }>(
      'mutation($c: ID!) { checkoutComplete(checkoutId: $c) { order { id } errors { message } } }',
      { c: String(id) },
      { token: customer.token },
    );
    expect(placed.data?.checkoutComplete.errors).toEqual([]);
    const [order] = await api.db.select().from(orders).where(eq(orders.userId, customer.user.id));
    const minutes = (order!.paymentDueAt!.getTime() - order!.createdAt.getTime()) / 60_000;
    expect(minutes).toBeGreaterThan(89);
    expect(minutes).toBeLessThan(91);
  });
});
