// Which gateways a checkout is offered, and the one line the payment step shows for each one
// it is not; settings turn gateways off and change their maximums; live without a sandbox or
// provider credentials offers only the gateways that need no provider.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../../../testing/test-api';
import { createCustomer, createVariant, readyCheckout, seedZones } from '../../checkout/checkout.fixtures';
import { availableGateways } from '../payments.service';
import { gatewaySettings } from '../payments.tables';
import { GATEWAYS } from './gateways';

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
  await seedZones(t.db);
});
afterAll(async () => {
  await t?.close();
});

type View = {
  me: {
    checkout: {
      availablePaymentGateways: { id: string; displayName: string; logo: string }[];
      unavailablePaymentGateways: { name: string; reason: string; message: string }[];
    };
  };
};
const QUERY = `{ me { checkout {
  availablePaymentGateways { id displayName logo }
  unavailablePaymentGateways { name reason message } } } }`;

let lastCustomerToken = '';
async function checkoutOf(price: number, options: { installment: boolean; delivery: boolean }) {
  const customer = await createCustomer(t);
  lastCustomerToken = customer.token;
  const variantId = await createVariant(t.db, { price, isInstallmentReady: options.installment });
  await readyCheckout(customer, [{ variantId, quantity: 1 }], { delivery: options.delivery });
  const response = await t.gql<View>(QUERY, {}, { token: customer.token });
  return response.data!.me.checkout;
}

describe('gateway availability', () => {
  it('says in one line why COD, wallets over their maximum and installments are not offered', async () => {
    const checkout = await checkoutOf(60_000_00, { installment: false, delivery: true });
    const why = Object.fromEntries(checkout.unavailablePaymentGateways.map((u) => [u.name, u.message]));
    expect(why['Cash on Delivery']).toBe('Cash on Delivery is available for orders up to ₱50,000.00.');
    expect(why.GCash).toBe('GCash is available for orders up to ₱10,000.00.');
    expect(why.GrabPay).toBe('GrabPay is available for orders up to ₱10,000.00.');
    expect(why.BillEase).toBe('BillEase needs every item in your cart to be installment-ready.');
    const offered = checkout.availablePaymentGateways.map((g) => g.id);
    expect(offered).toContain('Paypal Checkout');
    expect(offered).not.toContain('GCash');
    expect(checkout.availablePaymentGateways.find((g) => g.id === 'Paypal Checkout')).toEqual({
      id: 'Paypal Checkout',
      displayName: 'Paypal Checkout',
      logo: '/gateways/paypal-checkout.svg',
    });
  });

  it('pickup: COD is for delivery orders only', async () => {
    const checkout = await checkoutOf(5_000_00, { installment: true, delivery: false });
    expect(checkout.unavailablePaymentGateways).toEqual([
      { name: 'Cash on Delivery', reason: 'NEEDS_DELIVERY', message: 'Cash on Delivery is available for delivery orders only.' },
    ]);
  });

  it('gives the chooser each unavailable gateway with its name, mark, reason and limit', async () => {
    const checkout = await checkoutOf(120_000_00, { installment: true, delivery: true });
    const refused = await t.gql<{ me: { checkout: { unavailablePaymentGateways: Record<string, unknown>[] } } }>(
      `{ me { checkout { unavailablePaymentGateways { name displayName logo reason message maximumOrderAmount { amount localized } } } } }`,
      {},
      { token: lastCustomerToken },
    );
    const rows = refused.data!.me.checkout.unavailablePaymentGateways;
    expect(checkout.unavailablePaymentGateways.map((u) => u.name)).toEqual(rows.map((r) => r.name));
    const byName = Object.fromEntries(rows.map((r) => [r.name as string, r]));
    expect(byName.GCash).toEqual({
      name: 'GCash',
      displayName: 'GCash',
      logo: '/gateways/gcash.svg',
      reason: 'OVER_MAXIMUM',
      message: 'GCash is available for orders up to ₱10,000.00.',
      maximumOrderAmount: { amount: 10_000, localized: '₱10,000.00' },
    });
    expect(byName.GrabPay).toMatchObject({ reason: 'OVER_MAXIMUM', maximumOrderAmount: { amount: 10_000 } });
    expect(byName.TendoPay).toMatchObject({ reason: 'OVER_MAXIMUM', message: 'TendoPay is available for orders up to ₱100,000.00.', maximumOrderAmount: { amount: 100_000 } });
    expect(byName['Cash on Delivery']).toMatchObject({ reason: 'OVER_COD_MAXIMUM', maximumOrderAmount: { amount: 50_000 } });
    // BillEase's limit is its setting (₱150,000 by default): this order is under it.
    expect(byName.BillEase).toBeUndefined();
    await t.db.insert(gatewaySettings).values([{ gateway: 'BillEase', maximumOrderAmount: 30_000_00 }]);
    const again = await t.gql<{ me: { checkout: { unavailablePaymentGateways: Record<string, unknown>[] } } }>(
      `{ me { checkout { unavailablePaymentGateways { name logo message maximumOrderAmount { amount } } } } }`,
      {},
      { token: lastCustomerToken },
    );
    expect(again.data!.me.checkout.unavailablePaymentGateways.find((r) => r.name === 'BillEase')).toEqual({
      name: 'BillEase',
      logo: '/gateways/billease.svg',
      message: 'BillEase is available for orders up to ₱30,000.00.',
      maximumOrderAmount: { amount: 30_000 },
    });
    await t.db.delete(gatewaySettings);
  });

  it('settings switch a gateway off, rename it and change its maximum', async () => {
    await t.db.insert(gatewaySettings).values([
      { gateway: 'Alipay', isEnabled: false },
      { gateway: 'GCash', displayName: 'GCash e-wallet', maximumOrderAmount: 3_000_00 },
    ]);
    const checkout = await checkoutOf(5_000_00, { installment: true, delivery: true });
    const offered = checkout.availablePaymentGateways.map((g) => g.id);
    expect(offered).not.toContain('Alipay');
    expect(checkout.unavailablePaymentGateways.find((u) => u.name === 'GCash')?.message).toBe(
      'GCash e-wallet is available for orders up to ₱3,000.00.',
    );
    await t.db.delete(gatewaySettings);
  });

  it('without the sandbox and without provider credentials only Bank Deposit and COD remain', () => {
    const live = { ...t.config, paymentsSandbox: { enabled: false, webhookSecret: t.config.paymentsSandbox.webhookSecret } };
    const facts = { total: 1_000_00, isDelivery: true, hasPreOrderLine: false, allInstallmentReady: true, codMaximumOrder: 50_000_00, voucherGateway: null };
    expect(availableGateways(live, facts).map((g) => g.info.id)).toEqual(['Bank Deposit', 'Cash on Delivery']);
    expect(availableGateways(t.config, facts)).toHaveLength(GATEWAYS.length);
  });
});
