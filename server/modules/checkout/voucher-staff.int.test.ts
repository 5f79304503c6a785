// Staff manage promo codes (MANAGE_CONTENT): the ₱100-once preset works at checkout, a
// deactivated code is refused, an unused code can be deleted (open checkouts lose it), a used
// one cannot; staff without the permission are refused.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VOUCHER_PRESETS } from '../../../common/staff/voucher-presets';
import { users } from '../accounts/accounts.tables';
import { staffPermissions } from '../system/staff-access.tables';
import { createTestApi, type TestApi } from '../../testing/test-api';
import { VOUCHER_ADMIN_MESSAGES } from './checkout-staff.service';
import { createCheckout } from './checkout-lines.service';
import { addPromoCode } from './checkout-payment.service';
import { checkouts, vouchers } from './checkout.tables';
import { createCustomer, createVariant, readyCheckout, seedZones, type Customer } from './checkout.fixtures';
import { completeCheckout } from './place-order.service';
import { VOUCHER_MESSAGES } from './vouchers.service';

let t: TestApi;
let marketing: Customer;
let ordersStaff: Customer;

beforeAll(async () => {
  t = await createTestApi();
  await seedZones(t.db);
  [marketing, ordersStaff] = [await createCustomer(t), await createCustomer(t)];
  for (const staff of [marketing, ordersStaff]) await t.db.update(users).set({ isStaff: true }).where(eq(users.id, staff.user.id));
  await t.db.insert(staffPermissions).values([
    { userId: marketing.user.id, permission: 'MANAGE_CONTENT' },
    { userId: ordersStaff.user.id, permission: 'MANAGE_ORDERS' },
  ]);
});
afterAll(() => t?.close());

type Errors = { field: string | null; message: string }[];
const CREATE = `mutation($input: VoucherCreateInput!) { voucherCreate(input: $input) { voucher { id code usageLimit isActive } errors { field message } } }`;
const UPDATE = `mutation($id: ID!, $input: VoucherUpdateInput!) { voucherUpdate(id: $id, input: $input) { voucher { code isActive } errors { field message } } }`;
const DELETE = `mutation($id: ID!) { voucherDelete(id: $id) { id errors { field message } } }`;

async function create(code: string, token = marketing.token) {
  const preset = VOUCHER_PRESETS.find((p) => p.id === 'fixed-100-once')!;
  return t.gql<{ voucherCreate: { voucher: { id: string; code: string; usageLimit: number; isActive: boolean } | null; errors: Errors } | null }>(
    CREATE,
    { input: { code, name: preset.name, type: preset.type, discountValue: preset.discountValue, usageLimit: preset.usageLimit, applyOncePerCustomer: preset.applyOncePerCustomer } },
    { token },
  );
}

describe('promo codes in the back office', () => {
  it('the ₱100-once preset discounts one order, then the code is used up', async () => {
    const created = await create('welcome100');
    expect(created.data!.voucherCreate).toMatchObject({ voucher: { code: 'WELCOME100', usageLimit: 1, isActive: true }, errors: [] });
    const first = await createCustomer(t);
    const variantId = await createVariant(t.db, { price: 1_500_00, stock: 10 });
    const checkoutId = await readyCheckout(first, [{ variantId, quantity: 1 }], { gateway: 'Bank Deposit' });
    expect((await addPromoCode(first.ctx, checkoutId, 'welcome100')).totals.discount).toBe(100_00);
    await completeCheckout(first.ctx, checkoutId);
    const second = await createCustomer(t);
    const { row } = await createCheckout(second.ctx, { lines: [{ variantId, quantity: 1 }] });
    await expect(addPromoCode(second.ctx, row.id, 'WELCOME100')).rejects.toThrow(VOUCHER_MESSAGES.usedUp);

    // Used: it can no longer be deleted, only deactivated.
    const id = created.data!.voucherCreate!.voucher!.id;
    const refused = await t.gql<{ voucherDelete: { id: string | null; errors: Errors } }>(DELETE, { id }, { token: marketing.token });
    expect(refused.data!.voucherDelete).toEqual({ id: null, errors: [{ field: 'id', message: VOUCHER_ADMIN_MESSAGES.used }] });
  });

  it('a deactivated code is refused at checkout, and works again once reactivated', async () => {
    const id = (await create('RAINY')).data!.voucherCreate!.voucher!.id;
    const off = await t.gql<{ voucherUpdate: { voucher: { isActive: boolean }; errors: Errors } }>(UPDATE, { id, input: { isActive: false } }, { token: marketing.token });
    expect(off.data!.voucherUpdate).toEqual({ voucher: { code: 'RAINY', isActive: false }, errors: [] });
    const shopper = await createCustomer(t);
    const variantId = await createVariant(t.db, { price: 900_00 });
    const { row } = await createCheckout(shopper.ctx, { lines: [{ variantId, quantity: 1 }] });
    await expect(addPromoCode(shopper.ctx, row.id, 'RAINY')).rejects.toThrow(VOUCHER_MESSAGES.invalid);
    await t.gql(UPDATE, { id, input: { isActive: true } }, { token: marketing.token });
    expect((await addPromoCode(shopper.ctx, row.id, 'RAINY')).totals.discount).toBe(100_00);
  });

  it('deletes an unused code; an open checkout holding it loses it', async () => {
    const id = (await create('GONE')).data!.voucherCreate!.voucher!.id;
    const shopper = await createCustomer(t);
    const variantId = await createVariant(t.db, { price: 900_00 });
    const { row } = await createCheckout(shopper.ctx, { lines: [{ variantId, quantity: 1 }] });
    await addPromoCode(shopper.ctx, row.id, 'GONE');
    const deleted = await t.gql<{ voucherDelete: { id: string; errors: Errors } }>(DELETE, { id }, { token: marketing.token });
    expect(deleted.data!.voucherDelete).toEqual({ id, errors: [] });
    expect(await t.db.select().from(vouchers).where(eq(vouchers.code, 'GONE'))).toEqual([]);
    const [checkout] = await t.db.select().from(checkouts).where(eq(checkouts.id, row.id));
    expect(checkout).toMatchObject({ voucherId: null, voucherCode: null });
    const again = await t.gql<{ voucherDelete: { errors: Errors } }>(DELETE, { id }, { token: marketing.token });
    expect(again.data!.voucherDelete.errors).toEqual([{ field: 'id', message: VOUCHER_ADMIN_MESSAGES.notFound }]);
  });

  it('refuses bad input and staff without MANAGE_CONTENT', async () => {
    const bad = await create('x!');
    expect(bad.data!.voucherCreate!.errors).toEqual([{ field: 'code', message: 'Please fill in the important details.' }]);
    const refused = await create('NOPE', ordersStaff.token);
    expect(refused.data?.voucherCreate ?? null).toBeNull();
    expect(refused.errors?.[0]?.message).toMatch(/not authori[sz]ed/i);
    const list = await t.gql('{ vouchers { code } }', {}, { token: ordersStaff.token });
    expect(list.data?.vouchers ?? null).toBeNull();
  });
});
