// What staff change in checkout: the fee settings, a zone's provinces and rate table, and the
// shop's promo codes. Every function requires staff holding MANAGE_CONTENT.
import { asc, eq, sql } from 'drizzle-orm';
import type { ServiceContext } from '../../graphql/context';
import { DomainError } from '../../lib/domain-error';
import { type CheckoutSettings } from './checkout-totals';
import { getCheckoutSettings } from './checkout.service';
import type { ShippingZoneRow } from './shipping.service';
import { checkouts, checkoutSettings, shippingRates, shippingZones, vouchers, voucherUsages } from './checkout.tables';
import type { VoucherRow } from './vouchers.service';
import { logStaffAction, requirePermission } from '../system/staff-access.service';

export const ADMIN_MESSAGES = {
  staffOnly: 'You do not have permission to perform this action.',
  invalidAmount: 'Please enter a valid amount.',
  zoneNotFound: 'Shipping zone not found.',
  codeTaken: 'This promo code already exists.',
  invalidRates: 'Each rate needs a weight above 0 kg, all different.',
  invalidVoucher: 'Please fill in the important details.',
} as const;

// Fees, shipping rates and promo codes are the shop's settings: MANAGE_CONTENT (ADR 023).
const requireStaff = (ctx: ServiceContext) => requirePermission(ctx, 'MANAGE_CONTENT');

function checkAmount(value: number | undefined | null, field: string, max = 100_000_000_00): void {
  if (value === undefined || value === null) return;
  if (!Number.isInteger(value) || value < 0 || value > max) throw new DomainError(ADMIN_MESSAGES.invalidAmount, field);
}

/** Partial update; rates in basis points, amounts in centavos. */
export async function updateCheckoutSettings(
  ctx: ServiceContext,
  input: Partial<CheckoutSettings>,
): Promise<CheckoutSettings> {
  await requireStaff(ctx);
  for (const field of ['insuranceRate', 'codFeeRate', 'paypalFeeRate'] as const) {
    // A rate is a share of the amount: 0% to 100% (PayPal's formula needs it below 100%).
    checkAmount(input[field], field, field === 'paypalFeeRate' ? 9_999 : 10_000);
  }
  for (const field of ['insuranceMinimum', 'codFeeMinimum', 'codMaximumOrder'] as const) {
    checkAmount(input[field], field);
  }
  const values = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined && v !== null));
  const merged = { ...(await getCheckoutSettings(ctx)), ...values };
  await ctx.db
    .insert(checkoutSettings)
    .values({ id: 1, ...merged })
    .onConflictDoUpdate({ target: checkoutSettings.id, set: { ...merged, updatedAt: new Date() } });
  return getCheckoutSettings(ctx);
}

export type ZoneInput = {
  name?: string | null;
  isDefault?: boolean | null;
  provinces?: string[] | null;
  extraPerKgPrice?: number | null;
  rates?: { maxWeightGrams: number; price: number }[] | null;
};

/** Edits a zone; given rates replace its whole rate table. One default zone at most. */
export async function updateShippingZone(
  ctx: ServiceContext,
  zoneId: number,
  input: ZoneInput,
): Promise<ShippingZoneRow> {
  await requireStaff(ctx);
  checkAmount(input.extraPerKgPrice, 'extraPerKgPrice');
  if (input.rates) {
    const weights = input.rates.map((r) => r.maxWeightGrams);
    if (weights.some((w) => !Number.isInteger(w) || w <= 0) || new Set(weights).size !== weights.length) {
      throw new DomainError(ADMIN_MESSAGES.invalidRates, 'rates');
    }
    input.rates.forEach((r) => checkAmount(r.price, 'rates'));
  }
  if (input.name !== undefined && input.name !== null && !input.name.trim()) {
    throw new DomainError(ADMIN_MESSAGES.invalidVoucher, 'name');
  }
  return ctx.db.transaction(async (tx) => {
    const [zone] = await tx.select().from(shippingZones).where(eq(shippingZones.id, zoneId)).for('update');
    if (!zone) throw new DomainError(ADMIN_MESSAGES.zoneNotFound, 'id');
    if (input.isDefault) await tx.update(shippingZones).set({ isDefault: false });
    const set: Partial<typeof shippingZones.$inferInsert> = {};
    if (input.name) set.name = input.name.trim();
    if (input.isDefault !== undefined && input.isDefault !== null) set.isDefault = input.isDefault;
    if (input.provinces) set.provinces = [...new Set(input.provinces.map((p) => p.trim()).filter(Boolean))];
    if (input.extraPerKgPrice !== undefined && input.extraPerKgPrice !== null) {
      set.extraPerKgPrice = input.extraPerKgPrice;
    }
    if (Object.keys(set).length > 0) await tx.update(shippingZones).set(set).where(eq(shippingZones.id, zoneId));
    if (input.rates) {
      await tx.delete(shippingRates).where(eq(shippingRates.zoneId, zoneId));
      if (input.rates.length > 0) {
        await tx.insert(shippingRates).values(input.rates.map((r) => ({ ...r, zoneId })));
      }
    }
    const [updated] = await tx.select().from(shippingZones).where(eq(shippingZones.id, zoneId));
    return updated!;
  });
}

export type VoucherInput = {
  code: string;
  name: string;
  type: 'FIXED' | 'PERCENTAGE';
  /** FIXED: centavos; PERCENTAGE: basis points. */
  value: number;
  minimumSpend?: number | null;
  usageLimit?: number | null;
  applyOncePerCustomer?: boolean | null;
  gateway?: string | null;
  startDate?: Date | null;
  endDate?: Date | null;
};

/** voucherCreate (staff only, docs/product/staff.md#promo-codes): a discount promo code. */
export async function createVoucher(ctx: ServiceContext, input: VoucherInput): Promise<VoucherRow> {
  await requireStaff(ctx);
  const code = input.code.trim().toUpperCase();
  if (!/^[A-Z0-9-]{3,32}$/.test(code)) throw new DomainError(ADMIN_MESSAGES.invalidVoucher, 'code');
  if (!input.name.trim()) throw new DomainError(ADMIN_MESSAGES.invalidVoucher, 'name');
  checkAmount(input.value, 'value', input.type === 'PERCENTAGE' ? 10_000 : undefined);
  if (input.value <= 0) throw new DomainError(ADMIN_MESSAGES.invalidAmount, 'value');
  checkAmount(input.minimumSpend, 'minimumSpend');
  if (input.usageLimit !== undefined && input.usageLimit !== null) {
    if (!Number.isInteger(input.usageLimit) || input.usageLimit < 1) {
      throw new DomainError(ADMIN_MESSAGES.invalidAmount, 'usageLimit');
    }
  }
  if (input.startDate && input.endDate && input.endDate <= input.startDate) {
    throw new DomainError(ADMIN_MESSAGES.invalidVoucher, 'endDate');
  }
  const [existing] = await ctx.db
    .select({ id: vouchers.id })
    .from(vouchers)
    .where(eq(sql`lower(${vouchers.code})`, code.toLowerCase()));
  if (existing) throw new DomainError(ADMIN_MESSAGES.codeTaken, 'code');
  const [row] = await ctx.db
    .insert(vouchers)
    .values({
      code,
      name: input.name.trim(),
      type: input.type,
      value: input.value,
      minimumSpend: input.minimumSpend ?? 0,
      usageLimit: input.usageLimit ?? null,
      applyOncePerCustomer: input.applyOncePerCustomer ?? true,
      gateway: input.gateway?.trim() || null,
      ...(input.startDate ? { startDate: input.startDate } : {}),
      endDate: input.endDate ?? null,
    })
    .onConflictDoNothing()
    .returning();
  // A concurrent create of the same code lost the race on the unique index.
  if (!row) throw new DomainError(ADMIN_MESSAGES.codeTaken, 'code');
  return row;
}

export async function listVouchers(ctx: ServiceContext): Promise<VoucherRow[]> {
  await requireStaff(ctx);
  return ctx.db.select().from(vouchers).orderBy(asc(vouchers.id));
}

export const VOUCHER_ADMIN_MESSAGES = {
  notFound: 'Promo code not found.',
  used: 'This promo code has been used: deactivate it instead.',
} as const;

/** voucherUpdate: turns a promo code off (refused at checkout from then on) or on, or renames it. */
export async function updateVoucher(ctx: ServiceContext, voucherId: number, input: { isActive?: boolean | null; name?: string | null }): Promise<VoucherRow> {
  await requireStaff(ctx);
  const set: Partial<typeof vouchers.$inferInsert> = {};
  if (input.isActive !== undefined && input.isActive !== null) set.isActive = input.isActive;
  if (input.name !== undefined && input.name !== null) {
    if (!input.name.trim() || input.name.length > 100) throw new DomainError(ADMIN_MESSAGES.invalidVoucher, 'name');
    set.name = input.name.trim();
  }
  return ctx.db.transaction(async (db) => {
    const [row] = Object.keys(set).length
      ? await db.update(vouchers).set(set).where(eq(vouchers.id, voucherId)).returning()
      : await db.select().from(vouchers).where(eq(vouchers.id, voucherId));
    if (!row) throw new DomainError(VOUCHER_ADMIN_MESSAGES.notFound, 'id');
    await logStaffAction({ ...ctx, db }, { action: 'voucherUpdate', subjectType: 'voucher', subjectId: voucherId, note: JSON.stringify(set) });
    return row;
  });
}

/**
 * voucherDelete: only a promo code nobody has used (orders keep the code they were discounted
 * by); open checkouts holding it lose it. A used code is deactivated instead.
 */
export async function deleteVoucher(ctx: ServiceContext, voucherId: number): Promise<{ id: number }> {
  await requireStaff(ctx);
  return ctx.db.transaction(async (db) => {
    const [row] = await db.select().from(vouchers).where(eq(vouchers.id, voucherId)).for('update');
    if (!row) throw new DomainError(VOUCHER_ADMIN_MESSAGES.notFound, 'id');
    const [usage] = await db.select({ id: voucherUsages.id }).from(voucherUsages).where(eq(voucherUsages.voucherId, voucherId)).limit(1);
    if (row.used > 0 || usage) throw new DomainError(VOUCHER_ADMIN_MESSAGES.used, 'id');
    await db.update(checkouts).set({ voucherId: null, voucherSource: null, voucherCode: null }).where(eq(checkouts.voucherId, voucherId));
    await db.delete(vouchers).where(eq(vouchers.id, voucherId));
    await logStaffAction({ ...ctx, db }, { action: 'voucherDelete', subjectType: 'voucher', subjectId: voucherId, note: row.code });
    return { id: voucherId };
  });
}
