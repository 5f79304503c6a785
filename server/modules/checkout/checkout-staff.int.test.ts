// Staff edit the checkout's fees, rate tables and promo codes; customers' totals follow.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../accounts/accounts.tables';
import { signSessionToken } from '../accounts/session';
import { staffPermissions } from '../system/staff-access.tables';
import { createTestApi, type TestApi } from '../../testing/test-api';
import { freshView } from './checkout.service';
import { setAddress, setInsurance, setShippingMethod } from './checkout-delivery.service';
import { createCheckout } from './checkout-lines.service';
import { addPromoCode } from './checkout-payment.service';
import { ADDRESS, createCustomer, createVariant, DELIVERY_ID, seedZones } from './checkout.fixtures';

let api: TestApi;
let staffToken: string;

beforeAll(async () => {
  api = await createTestApi();
  await seedZones(api.db);
  const [staff] = await api.db
    .insert(users)
    .values({ email: 'staff@example.com', isStaff: true, isVerified: true })
    .returning();
  // Fees, rates and promo codes need MANAGE_CONTENT (ADR 023).
  await api.db.insert(staffPermissions).values({ userId: staff!.id, permission: 'MANAGE_CONTENT' });
  staffToken = await signSessionToken(staff!, api.config.jwtSecret);
});
afterAll(() => api.close());

const SETTINGS = `mutation($input: CheckoutSettingsInput!) { checkoutSettingsUpdate(input: $input) {
  settings { insurancePercentage insuranceMinimum { amount } cashOnDeliveryFeePercentage cashOnDeliveryMaximumOrder { amount } }
  errors { field message } } }`;
const ZONES = `query { shippingZones(first: 10) { edges { node { id name } } } }`;
const ZONE = `mutation($id: ID!, $input: ShippingZoneInput!) { shippingZoneUpdate(id: $id, input: $input) {
  shippingZone { name rates { maxWeight price { amount } } extraPerKgPrice { amount } } errors { field message } } }`;
const VOUCHER = `mutation($input: VoucherCreateInput!) { voucherCreate(input: $input) {
  voucher { code type discountValue minimumSpend { amount } usageLimit } errors { field message } } }`;

describe('staff checkout settings', () => {
  it('only staff may change them', async () => {
    const customer = await createCustomer(api);
    const result = await api.gql(SETTINGS, { input: { insurancePercentage: 2 } }, { token: customer.token });
    expect(result.errors?.[0]?.message).toBeTruthy();
    expect(result.data?.checkoutSettingsUpdate ?? null).toBeNull();
  });

  it('insurance and COD follow the settings; the rate table follows its zone', async () => {
    const customer = await createCustomer(api);
    const variantId = await createVariant(api.db, { price: 10_000_00, weightGrams: 400 });
    const { row } = await createCheckout(customer.ctx, { lines: [{ variantId, quantity: 1 }] });
    await setAddress(customer.ctx, row.id, 'SHIPPING', ADDRESS);
    await setShippingMethod(customer.ctx, row.id, DELIVERY_ID);
    await setInsurance(customer.ctx, row.id, true);
    let view = await freshView(customer.ctx, row.id);
    expect(view.totals).toMatchObject({ insurance: 100_00, shippingPrice: 100_00 });

    const settings = await api.gql<{ checkoutSettingsUpdate: { errors: unknown[]; settings: unknown } }>(
      SETTINGS,
      { input: { insurancePercentage: 2.5, insuranceMinimum: 75, cashOnDeliveryMaximumOrder: 5_000 } },
      { token: staffToken },
    );
    expect(settings.data!.checkoutSettingsUpdate).toEqual({
      settings: {
        insurancePercentage: 2.5,
        insuranceMinimum: { amount: 75 },
        cashOnDeliveryFeePercentage: 2,
        cashOnDeliveryMaximumOrder: { amount: 5_000 },
      },
      errors: [],
    });

    const zones = await api.gql<{ shippingZones: { edges: { node: { id: string; name: string } }[] } }>(ZONES);
    const metro = zones.data!.shippingZones.edges.find((e) => e.node.name === 'Metro Manila')!.node;
    const zone = await api.gql<{ shippingZoneUpdate: { errors: unknown[] } }>(
      ZONE,
      { id: metro.id, input: { rates: [{ maxWeight: 1, price: 80 }], extraPerKgPrice: 40 } },
      { token: staffToken },
    );
    expect(zone.data!.shippingZoneUpdate.errors).toEqual([]);

    view = await freshView(customer.ctx, row.id);
    // 2.5% of ₱10,000 = ₱250; 400 g now ₱80; COD refused above the new ₱5,000 maximum.
    expect(view.totals).toMatchObject({ insurance: 250_00, shippingPrice: 80_00, cashOnDeliveryFee: null });
    // Only the offline gateways matter here: COD is gone above its new maximum.
    const offline = view.gateways.map((g) => g.info.id).filter((id) => id === 'Bank Deposit' || id === 'Cash on Delivery');
    expect(offline).toEqual(['Bank Deposit']);
  });

  it('refuses a bad rate table', async () => {
    const zones = await api.gql<{ shippingZones: { edges: { node: { id: string } }[] } }>(ZONES);
    const result = await api.gql<{ shippingZoneUpdate: { errors: unknown[] } }>(
      ZONE,
      { id: zones.data!.shippingZones.edges[1]!.node.id, input: { rates: [{ maxWeight: 0, price: 10 }] } },
      { token: staffToken },
    );
    expect(result.data!.shippingZoneUpdate.errors).toEqual([
      { field: 'rates', message: 'Each rate needs a weight above 0 kg, all different.' },
    ]);
  });
});

describe('voucherCreate', () => {
  it('creates a promo code customers can apply, once per code', async () => {
    const input = {
      code: 'payday',
      name: 'Payday 5%',
      type: 'PERCENTAGE',
      discountValue: 5,
      minimumSpend: 1000,
      usageLimit: 50,
    };
    const created = await api.gql<{ voucherCreate: { voucher: unknown; errors: unknown[] } }>(
      VOUCHER,
      { input },
      { token: staffToken },
    );
    expect(created.data!.voucherCreate).toEqual({
      voucher: { code: 'PAYDAY', type: 'PERCENTAGE', discountValue: 5, minimumSpend: { amount: 1000 }, usageLimit: 50 },
      errors: [],
    });
    const again = await api.gql<{ voucherCreate: { errors: unknown[] } }>(VOUCHER, { input }, { token: staffToken });
    expect(again.data!.voucherCreate.errors).toEqual([{ field: 'code', message: 'This promo code already exists.' }]);

    const customer = await createCustomer(api);
    const variantId = await createVariant(api.db, { price: 2_000_00 });
    const { row } = await createCheckout(customer.ctx, { lines: [{ variantId, quantity: 1 }] });
    const view = await addPromoCode(customer.ctx, row.id, 'Payday');
    expect(view.totals.discount).toBe(100_00);
  });

  it('is staff only', async () => {
    const customer = await createCustomer(api);
    const input = { code: 'FREE', name: 'Free', type: 'FIXED', discountValue: 100 };
    const result = await api.gql(VOUCHER, { input }, { token: customer.token });
    expect(result.errors?.[0]?.message).toBeTruthy();
  });
});
