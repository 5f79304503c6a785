// Staff gateway settings (MANAGE_PAYMENTS) and the shop settings beside them (MANAGE_CONTENT):
// display name, enabled, maximum and the payment window, which the payment expiry now uses;
// referral rates; refused without the permission; bad input.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SETTINGS_MESSAGES } from '../../../../common/staff/settings-rules';
import { users } from '../../accounts/accounts.tables';
import { createCustomer, createVariant, readyCheckout, seedZones, type Customer } from '../../checkout/checkout.fixtures';
import { completeCheckout } from '../../checkout/place-order.service';
import { orders } from '../../orders/orders.tables';
import { referralSettingsOf } from '../../referrals/referral-settings.service';
import { staffPermissions } from '../../system/staff-access.tables';
import { createTestApi, type TestApi } from '../../../testing/test-api';

let t: TestApi;
let payments: Customer;
let content: Customer;
let customer: Customer;

beforeAll(async () => {
  t = await createTestApi();
  await seedZones(t.db);
  [payments, content, customer] = [await createCustomer(t), await createCustomer(t), await createCustomer(t)];
  for (const staff of [payments, content]) await t.db.update(users).set({ isStaff: true }).where(eq(users.id, staff.user.id));
  await t.db.insert(staffPermissions).values([
    { userId: payments.user.id, permission: 'MANAGE_PAYMENTS' },
    { userId: content.user.id, permission: 'MANAGE_CONTENT' },
  ]);
});
afterAll(() => t?.close());

type Errors = { field: string | null; message: string }[];
type Setting = { gateway: string; displayName: string; isEnabled: boolean; maximumOrderAmount: { amount: number } | null; paymentWindowMinutes: number | null };
const FIELDS = 'gateway displayName isEnabled maximumOrderAmount { amount } paymentWindowMinutes';
const UPDATE = `mutation($gateway: String!, $input: GatewaySettingsInput!) { gatewaySettingsUpdate(gateway: $gateway, input: $input) { gatewaySetting { ${FIELDS} } errors { field message } } }`;
type Update = { gatewaySettingsUpdate: { gatewaySetting: Setting | null; errors: Errors } | null };

describe('gateway settings', () => {
  it('lists every gateway with its defaults', async () => {
    const r = await t.gql<{ gatewaySettings: (Setting & { defaults: { paymentWindowMinutes: number | null } })[] }>(
      `{ gatewaySettings { ${FIELDS} defaults { paymentWindowMinutes } } }`,
      {},
      { token: payments.token },
    );
    const bank = r.data!.gatewaySettings.find((g) => g.gateway === 'Bank Deposit')!;
    expect(bank).toMatchObject({ isEnabled: true, paymentWindowMinutes: 48 * 60, defaults: { paymentWindowMinutes: 48 * 60 } });
    expect(r.data!.gatewaySettings.find((g) => g.gateway === 'BillEase')!.maximumOrderAmount).toEqual({ amount: 150_000 });
    expect(r.data!.gatewaySettings.find((g) => g.gateway === 'Cash on Delivery')!.paymentWindowMinutes).toBeNull();
  });

  it('changes the name, maximum and window; new bank-deposit orders get the new window', async () => {
    const r = await t.gql<Update>(UPDATE, { gateway: 'Bank Deposit', input: { displayName: 'Bank transfer', paymentWindowMinutes: 24 * 60, maximumOrderAmount: 200_000 } }, { token: payments.token });
    expect(r.data!.gatewaySettingsUpdate).toEqual({
      gatewaySetting: { gateway: 'Bank Deposit', displayName: 'Bank transfer', isEnabled: true, maximumOrderAmount: { amount: 200_000 }, paymentWindowMinutes: 24 * 60 },
      errors: [],
    });
    const before = Date.now();
    const variantId = await createVariant(t.db, { price: 500_00, stock: 10 });
    const placed = await completeCheckout(customer.ctx, await readyCheckout(customer, [{ variantId, quantity: 1 }], { gateway: 'Bank Deposit' }));
    const [order] = await t.db.select().from(orders).where(eq(orders.id, placed.order.id));
    const window = order!.paymentDueAt!.getTime() - before;
    expect(window).toBeGreaterThanOrEqual(24 * 3600_000 - 1000);
    expect(window).toBeLessThanOrEqual(24 * 3600_000 + 60_000);

    // Null maximum: back to the gateway default (none for Bank Deposit).
    const reset = await t.gql<Update>(UPDATE, { gateway: 'Bank Deposit', input: { maximumOrderAmount: null } }, { token: payments.token });
    expect(reset.data!.gatewaySettingsUpdate!.gatewaySetting).toMatchObject({ maximumOrderAmount: null, paymentWindowMinutes: 24 * 60 });
  });

  it('a disabled gateway is no longer offered to visitors', async () => {
    const list = async () =>
      (await t.gql<{ paymentMethods: { edges: { node: { gatewayName: string } }[] } }>('{ paymentMethods(first: 50) { edges { node { gatewayName } } } }')).data!.paymentMethods.edges.map(
        (e) => e.node.gatewayName,
      );
    expect(await list()).toContain('Cash on Delivery');
    await t.gql<Update>(UPDATE, { gateway: 'Cash on Delivery', input: { isEnabled: false } }, { token: payments.token });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await list()).not.toContain('Cash on Delivery');
    await t.gql<Update>(UPDATE, { gateway: 'Cash on Delivery', input: { isEnabled: true } }, { token: payments.token });
  });

  it('refuses bad input and an unknown gateway', async () => {
    const ask = async (gateway: string, input: Record<string, unknown>) => (await t.gql<Update>(UPDATE, { gateway, input }, { token: payments.token })).data!.gatewaySettingsUpdate!.errors;
    expect(await ask('Bank Deposit', { paymentWindowMinutes: 2 })).toEqual([{ field: 'paymentWindowMinutes', message: SETTINGS_MESSAGES.paymentWindow }]);
    expect(await ask('Cash on Delivery', { paymentWindowMinutes: 60 })).toEqual([{ field: 'paymentWindowMinutes', message: SETTINGS_MESSAGES.noPaymentWindow }]);
    expect(await ask('GCash', { maximumOrderAmount: -5 })).toEqual([{ field: 'maximumOrderAmount', message: SETTINGS_MESSAGES.invalidAmount }]);
    expect(await ask('GCash', { displayName: ' ' })).toEqual([{ field: 'displayName', message: SETTINGS_MESSAGES.displayName }]);
    expect(await ask('Nope Pay', { isEnabled: false })).toEqual([{ field: 'gateway', message: SETTINGS_MESSAGES.gatewayUnknown }]);
  });

  it('refuses staff without MANAGE_PAYMENTS and customers', async () => {
    for (const token of [content.token, customer.token]) {
      const r = await t.gql<Update>(UPDATE, { gateway: 'GCash', input: { isEnabled: false } }, { token });
      expect(r.data?.gatewaySettingsUpdate ?? null).toBeNull();
      expect(r.errors?.[0]?.message).toMatch(/not authori[sz]ed/i);
    }
  });
});

describe('referral settings', () => {
  const UPDATE_REFERRAL = `mutation($input: ReferralSettingsInput!) { referralSettingsUpdate(input: $input) {
    settings { level1Percentage level2Percentage holdDays payoutTaxPercentage } errors { field message } } }`;
  type ReferralUpdate = { referralSettingsUpdate: { settings: Record<string, number> | null; errors: Errors } | null };

  it('changes the rates staff give and keeps the rest', async () => {
    const r = await t.gql<ReferralUpdate>(UPDATE_REFERRAL, { input: { level1Percentage: 6, payoutTaxPercentage: 10 } }, { token: content.token });
    expect(r.data!.referralSettingsUpdate).toEqual({
      settings: { level1Percentage: 6, level2Percentage: 2, holdDays: t.config.referralHoldDays, payoutTaxPercentage: 10 },
      errors: [],
    });
    expect(await referralSettingsOf(t.db)).toMatchObject({ level1Rate: 600, level2Rate: 200, payoutTaxRate: 1000 });
  });

  it('refuses a rate above 100% and staff without MANAGE_CONTENT', async () => {
    const bad = await t.gql<ReferralUpdate>(UPDATE_REFERRAL, { input: { level2Percentage: 120 } }, { token: content.token });
    expect(bad.data!.referralSettingsUpdate!.errors).toEqual([{ field: 'level2Percentage', message: SETTINGS_MESSAGES.percentage }]);
    const refused = await t.gql<ReferralUpdate>(UPDATE_REFERRAL, { input: { level1Percentage: 1 } }, { token: payments.token });
    expect(refused.data?.referralSettingsUpdate ?? null).toBeNull();
  });
});
