// Checkout rules: the customer's cart, its addresses, shipping, insurance, vouchers and the
// payment choice. Every read and write checks that the checkout belongs to the caller.
import { loadGatewaySettings, type GatewaySettingsMap } from '../payments/gateway-settings';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { ServiceContext } from '../../graphql/context';
import { DomainError } from '../../lib/domain-error';
import { isEmail } from '../../../common/validation/account';
import { stockClampText } from '../../../common/catalogue/stock';
import { validateAddress } from '../accounts/addresses.service';
import type { SessionUser } from '../accounts/session';
import { getVariantSnapshots, type VariantSnapshot } from '../catalogue/catalogue.service';
import type { CheckoutFacts } from '../payments/gateway-rules';
import { CASH_ON_DELIVERY } from '../payments/gateway-rules';
import type { PaymentGateway } from '../payments/gateway';
import {
  activeCheckoutPayment,
  availableGateways,
  clearCheckoutPayment,
  createCheckoutPayment,
  type PaymentRow,
} from '../payments/payments.service';
import {
  computeTotals,
  DEFAULT_CHECKOUT_SETTINGS,
  type CheckoutSettings,
  type RateTable,
  type Totals,
} from './checkout-totals';
import {
  checkoutAddresses,
  checkoutLines,
  checkouts,
  checkoutSettings,
  shippingMethods,
  shippingRates,
  shippingZones,
} from './checkout.tables';
import { referralVoucherOf, resolvePromo, validateShopVoucher, type AppliedVoucher } from './vouchers';

export const CHECKOUT_MESSAGES = {
  loginRequired: 'Please signup/login to unlock add to cart',
  notFound: 'Checkout not found.',
  selectVariant: 'Please select a variant',
  enterQuantity: 'Please enter the quantity',
  outOfStock: 'Out of stock.',
  lineNotFound: 'Unable to remove item.',
  selectShipping: 'Please select a shipping method',
  emptyCart: 'You have no item in your cart right now.',
  emailRequired: 'Email should not be empty/is invalid.',
  insuranceNeedsDelivery: 'Unable to get insurance',
  codNotAvailable: 'Sorry! Cash on delivery is not available.',
  unverified: 'Your email is not verified! Please verify your email to continue checkout.',
  billingRequired: 'Please add a billing address to continue your checkout.',
  shippingAddressRequired: 'Please enter the important fields',
} as const;

/** Biggest quantity of one line: a guard against typos, well above any real basket. */
export const MAX_LINE_QUANTITY = 999;

export type CheckoutRow = typeof checkouts.$inferSelect;
export type CheckoutAddressRow = typeof checkoutAddresses.$inferSelect;
export type ShippingMethodRow = typeof shippingMethods.$inferSelect;
export type ShippingZoneRow = typeof shippingZones.$inferSelect;
export type AddressType = 'SHIPPING' | 'BILLING';

export type LineView = {
  id: number;
  variantId: number;
  quantity: number;
  /** null when the variant no longer exists in the catalogue. */
  variant: VariantSnapshot | null;
  unitPrice: number;
  totalPrice: number;
};

/** Everything the API shows about a checkout, computed once per request. */
export type CheckoutView = {
  row: CheckoutRow;
  lines: LineView[];
  shippingAddress: CheckoutAddressRow | null;
  billingAddress: CheckoutAddressRow | null;
  shippingMethod: ShippingMethodRow | null;
  availableShippingMethods: ShippingMethodRow[];
  voucher: AppliedVoucher | null;
  payment: PaymentRow | null;
  totals: Totals;
  gateways: PaymentGateway[];
  /** Per-gateway settings (names, logos, maximums, enabled), read once per request. */
  gatewaySettings: GatewaySettingsMap;
  settings: CheckoutSettings;
  /** Lines this request set to what can be bought instead of the quantity asked for. */
  adjustments?: LineAdjustment[];
};

/** A line asked for more than is left: it holds what can be bought, and the message says so. */
export type LineAdjustment = { variantId: number; requested: number; quantity: number; message: string };

export type LineInput = { variantId: number; quantity: number };

// ---------------------------------------------------------------------------------------------
// Access

export function requireUser(ctx: ServiceContext): SessionUser {
  if (!ctx.user) throw new DomainError(CHECKOUT_MESSAGES.loginRequired);
  return ctx.user;
}

/** The caller's checkout by id; another customer's checkout is "not found", never revealed. */
export async function getOwnCheckout(ctx: ServiceContext, checkoutId: number): Promise<CheckoutRow> {
  const user = requireUser(ctx);
  const [row] = await ctx.db.select().from(checkouts).where(eq(checkouts.id, checkoutId));
  if (!row || row.userId !== user.id) throw new DomainError(CHECKOUT_MESSAGES.notFound, 'checkoutId');
  return row;
}

/** me.checkout: the signed-in customer's cart, if any. */
export async function findUserCheckout(ctx: ServiceContext, userId: number): Promise<CheckoutRow | null> {
  const [row] = await ctx.db.select().from(checkouts).where(eq(checkouts.userId, userId));
  return row ?? null;
}

/** checkout(token): only its owner (or staff) may read it. */
export async function findCheckoutByToken(ctx: ServiceContext, token: string): Promise<CheckoutRow | null> {
  if (!ctx.user || !/^[0-9a-f-]{36}$/i.test(token)) return null;
  const [row] = await ctx.db.select().from(checkouts).where(eq(checkouts.token, token));
  if (!row) return null;
  return row.userId === ctx.user.id || ctx.user.isStaff ? row : null;
}

// ---------------------------------------------------------------------------------------------
// Reading: settings, shipping, the computed view

export async function getCheckoutSettings(ctx: ServiceContext): Promise<CheckoutSettings> {
  const [row] = await ctx.db.select().from(checkoutSettings).where(eq(checkoutSettings.id, 1));
  if (!row) return DEFAULT_CHECKOUT_SETTINGS;
  return {
    insuranceRate: row.insuranceRate,
    insuranceMinimum: row.insuranceMinimum,
    codFeeRate: row.codFeeRate,
    codFeeMinimum: row.codFeeMinimum,
    codMaximumOrder: row.codMaximumOrder,
    paypalFeeRate: row.paypalFeeRate,
  };
}

/** The fixed methods in their fixed order: the first is pickup, the second delivery. */
export async function listShippingMethods(ctx: ServiceContext): Promise<ShippingMethodRow[]> {
  return ctx.db.select().from(shippingMethods).orderBy(asc(shippingMethods.sortOrder), asc(shippingMethods.id));
}

export async function listShippingZones(
  ctx: ServiceContext,
  page?: { limit: number; offset: number },
): Promise<ShippingZoneRow[]> {
  const query = ctx.db.select().from(shippingZones).orderBy(asc(shippingZones.sortOrder), asc(shippingZones.id));
  return page ? query.limit(page.limit).offset(page.offset) : query;
}

export async function countShippingZones(ctx: ServiceContext): Promise<number> {
  const [row] = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(shippingZones);
  return row?.n ?? 0;
}

export async function zoneRates(ctx: ServiceContext, zoneId: number) {
  return ctx.db
    .select()
    .from(shippingRates)
    .where(eq(shippingRates.zoneId, zoneId))
    .orderBy(asc(shippingRates.maxWeightGrams));
}

/** The zone of a province (case-insensitive), else the default zone, else none. */
export async function zoneForProvince(ctx: ServiceContext, province: string): Promise<ShippingZoneRow | null> {
  const zones = await listShippingZones(ctx);
  const wanted = province.trim().toLowerCase();
  return (
    zones.find((z) => z.provinces.some((p) => p.toLowerCase() === wanted)) ?? zones.find((z) => z.isDefault) ?? null
  );
}

async function rateTableFor(ctx: ServiceContext, province: string | null): Promise<RateTable | null> {
  if (!province) return null;
  const zone = await zoneForProvince(ctx, province);
  if (!zone) return null;
  return {
    rates: await zoneRates(ctx, zone.id),
    extraPerKgPrice: zone.extraPerKgPrice,
  };
}

async function addressesOf(ctx: ServiceContext, checkoutId: number) {
  const rows = await ctx.db.select().from(checkoutAddresses).where(eq(checkoutAddresses.checkoutId, checkoutId));
  return {
    shipping: rows.find((r) => r.type === 'SHIPPING') ?? null,
    billing: rows.find((r) => r.type === 'BILLING') ?? null,
  };
}

export function checkoutFacts(
  view: Pick<CheckoutView, 'lines' | 'shippingMethod' | 'totals' | 'settings' | 'voucher'>,
): CheckoutFacts {
  const variants = view.lines.map((l) => l.variant);
  return {
    total: view.totals.total - view.totals.appliedCashOnDeliveryFee,
    isDelivery: view.shippingMethod?.type === 'DELIVERY',
    hasPreOrderLine: variants.some((v) => v?.isPreOrder === true),
    allInstallmentReady: variants.length > 0 && variants.every((v) => v?.isInstallmentReady === true),
    codMaximumOrder: view.settings.codMaximumOrder,
    voucherGateway: view.voucher?.gateway ?? null,
  };
}

// Views are computed once per checkout row and request: every field of one response agrees.
const viewCache = new WeakMap<object, Map<string, Promise<CheckoutView>>>();

export function describeCheckout(ctx: ServiceContext, row: CheckoutRow): Promise<CheckoutView> {
  let byRow = viewCache.get(ctx);
  if (!byRow) {
    byRow = new Map();
    viewCache.set(ctx, byRow);
  }
  const key = `${row.id}:${row.updatedAt.getTime()}`;
  let view = byRow.get(key);
  if (!view) {
    view = computeView(ctx, row);
    byRow.set(key, view);
  }
  return view;
}

/** Recomputes from the database, bypassing the per-request cache (after writes). */
export async function freshView(ctx: ServiceContext, checkoutId: number): Promise<CheckoutView> {
  return computeView(ctx, await getOwnCheckout(ctx, checkoutId));
}

async function computeView(ctx: ServiceContext, row: CheckoutRow): Promise<CheckoutView> {
  // One query after another: ctx.db may be a transaction, which runs on a single connection.
  const lineRows = await ctx.db
    .select()
    .from(checkoutLines)
    .where(eq(checkoutLines.checkoutId, row.id))
    .orderBy(asc(checkoutLines.id));
  const addresses = await addressesOf(ctx, row.id);
  const methods = await listShippingMethods(ctx);
  const settings = await getCheckoutSettings(ctx);
  const payment = await activeCheckoutPayment(ctx, row.id);
  const snapshots = await getVariantSnapshots(
    ctx,
    lineRows.map((l) => l.variantId),
  );
  const lines: LineView[] = lineRows.map((l) => {
    const variant = snapshots.get(l.variantId) ?? null;
    const unitPrice = variant?.unitPrice ?? 0;
    return {
      id: l.id,
      variantId: l.variantId,
      quantity: l.quantity,
      variant,
      unitPrice,
      totalPrice: unitPrice * l.quantity,
    };
  });
  const shippingMethod = methods.find((m) => m.id === row.shippingMethodId) ?? null;
  const pricedLines = lines
    .filter((l) => l.variant !== null)
    .map((l) => ({
      unitPrice: l.unitPrice,
      quantity: l.quantity,
      weightGrams: l.variant!.weightGrams,
      isFreeShippingFee: l.variant!.isFreeShippingFee,
    }));
  const subtotal = pricedLines.reduce((s, l) => s + l.unitPrice * l.quantity, 0);
  const voucher = await resolveAppliedVoucher(ctx, row, subtotal);
  const rateTable = await rateTableFor(ctx, addresses.shipping?.countryArea ?? null);
  const totalsInput = {
    lines: pricedLines,
    shipping: shippingMethod?.type ?? null,
    rateTable,
    hasInsurance: row.hasInsurance,
    voucher: voucher?.isValid ? voucher.terms : null,
    settings,
  };
  let totals = computeTotals({ ...totalsInput, cashOnDelivery: false });
  const partial = { lines, shippingMethod, totals, settings, voucher };
  const gatewaySettings = await loadGatewaySettings(ctx);
  const gateways = availableGateways(ctx.config, checkoutFacts(partial), gatewaySettings);
  // The COD fee is part of the total only when COD is the chosen (and still allowed) payment.
  if (payment?.gateway === CASH_ON_DELIVERY && gateways.some((g) => g.info.id === CASH_ON_DELIVERY)) {
    totals = computeTotals({ ...totalsInput, cashOnDelivery: true });
  }
  return {
    row,
    lines,
    shippingAddress: addresses.shipping,
    billingAddress: addresses.billing,
    shippingMethod,
    availableShippingMethods: methods,
    voucher,
    payment,
    totals,
    gateways,
    gatewaySettings,
    settings,
  };
}

async function resolveAppliedVoucher(
  ctx: ServiceContext,
  row: CheckoutRow,
  subtotal: number,
): Promise<AppliedVoucher | null> {
  if (!row.voucherCode) return null;
  if (row.voucherSource === 'REFERRAL') return referralVoucherOf(ctx, row.userId, row.voucherCode);
  if (!row.voucherId) return null;
  return validateShopVoucher(ctx, {
    voucherId: row.voucherId,
    userId: row.userId,
    subtotal,
    strict: false,
  });
}

// ---------------------------------------------------------------------------------------------
// Writing

async function touch(ctx: ServiceContext, checkoutId: number, values: Partial<typeof checkouts.$inferInsert> = {}) {
  await ctx.db
    .update(checkouts)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(checkouts.id, checkoutId));
}

function checkLineInputs(lines: readonly LineInput[], allowZero: boolean): void {
  for (const line of lines) {
    if (!Number.isInteger(line.variantId) || line.variantId <= 0) {
      throw new DomainError(CHECKOUT_MESSAGES.selectVariant, 'variantId');
    }
    if (!Number.isInteger(line.quantity) || line.quantity < (allowZero ? 0 : 1) || line.quantity > MAX_LINE_QUANTITY) {
      throw new DomainError(CHECKOUT_MESSAGES.enterQuantity, 'quantity');
    }
  }
}

/**
 * Refuses lines of unknown variants, and of unavailable ones with the spec's 'Out of stock.'; a
 * line asking for more than is left is set to what can be bought (issue 13), and says so.
 */
async function fitToStock(
  ctx: ServiceContext,
  lines: readonly LineInput[],
): Promise<{ lines: LineInput[]; adjustments: LineAdjustment[] }> {
  const wanted = lines.filter((l) => l.quantity > 0);
  const snapshots = await getVariantSnapshots(
    ctx,
    wanted.map((l) => l.variantId),
  );
  const adjustments: LineAdjustment[] = [];
  const fitted = lines.map((line) => {
    if (line.quantity === 0) return line;
    const variant = snapshots.get(line.variantId);
    if (!variant) throw new DomainError(CHECKOUT_MESSAGES.selectVariant, 'variantId');
    const left = variant.isAvailable ? variant.stockQuantity : 0;
    if (left <= 0) throw new DomainError(CHECKOUT_MESSAGES.outOfStock, 'quantity');
    if (line.quantity <= left) return line;
    adjustments.push({ variantId: line.variantId, requested: line.quantity, quantity: left, message: stockClampText(left) });
    return { variantId: line.variantId, quantity: left };
  });
  return { lines: fitted, adjustments };
}

/**
 * Adds (or, with replace, sets) quantities; 0 removes a line. Runs in the caller's transaction.
 * Returns the lines that were set to the stock left instead of the quantity asked for.
 */
async function applyLines(
  ctx: ServiceContext,
  checkoutId: number,
  lines: readonly LineInput[],
  replace: boolean,
): Promise<LineAdjustment[]> {
  const existing = await ctx.db.select().from(checkoutLines).where(eq(checkoutLines.checkoutId, checkoutId));
  const byVariant = new Map(existing.map((l) => [l.variantId, l]));
  // The same variant twice in one request counts once, with the quantities added.
  const merged = new Map<number, number>();
  for (const line of lines) merged.set(line.variantId, (merged.get(line.variantId) ?? 0) + line.quantity);
  const asked: LineInput[] = [...merged].map(([variantId, quantity]) => {
    const current = byVariant.get(variantId);
    const removes = quantity === 0;
    return {
      variantId,
      quantity: removes ? 0 : replace || !current ? quantity : current.quantity + quantity,
    };
  });
  for (const t of asked) {
    if (t.quantity > MAX_LINE_QUANTITY) throw new DomainError(CHECKOUT_MESSAGES.enterQuantity, 'quantity');
  }
  const { lines: targets, adjustments } = await fitToStock(ctx, asked);
  for (const t of targets) {
    const current = byVariant.get(t.variantId);
    if (t.quantity === 0) {
      if (current) await ctx.db.delete(checkoutLines).where(eq(checkoutLines.id, current.id));
    } else if (current) {
      await ctx.db.update(checkoutLines).set({ quantity: t.quantity }).where(eq(checkoutLines.id, current.id));
    } else {
      await ctx.db.insert(checkoutLines).values({ checkoutId, variantId: t.variantId, quantity: t.quantity });
    }
  }
  return adjustments;
}

/**
 * After the lines change: an empty cart drops its voucher (spec 1 "Checkout flow" 7); a cart
 * with lines and no voucher gets the customer's unused referral voucher.
 */
async function afterLinesChanged(ctx: ServiceContext, row: CheckoutRow): Promise<void> {
  const [count] = await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(checkoutLines)
    .where(eq(checkoutLines.checkoutId, row.id));
  if ((count?.n ?? 0) === 0) {
    await touch(ctx, row.id, {
      voucherId: null,
      voucherCode: null,
      voucherSource: null,
    });
    await clearCheckoutPayment(ctx, row.id);
    return;
  }
  if (!row.voucherCode) {
    const referral = await referralVoucherOf(ctx, row.userId, null);
    if (referral) {
      await touch(ctx, row.id, {
        voucherId: null,
        voucherCode: referral.code,
        voucherSource: 'REFERRAL',
      });
      return;
    }
  }
  await touch(ctx, row.id);
}

/**
 * checkoutCreate: the customer's cart with these lines. A customer has one cart: when it
 * exists already, the lines are added to it.
 */
export async function createCheckout(
  ctx: ServiceContext,
  input: { lines: readonly LineInput[]; email?: string | null },
): Promise<CheckoutView> {
  const user = requireUser(ctx);
  checkLineInputs(input.lines, false);
  const email = input.email?.trim() || user.email;
  const { id, adjustments } = await ctx.db.transaction(async (tx) => {
    const txCtx = { ...ctx, db: tx };
    // Insert-or-get under the unique user index, so two concurrent creates share one cart.
    await tx.insert(checkouts).values({ userId: user.id, email }).onConflictDoNothing();
    const [row] = await tx.select().from(checkouts).where(eq(checkouts.userId, user.id)).for('update');
    const adjusted = await applyLines(txCtx, row!.id, input.lines, false);
    await afterLinesChanged(txCtx, row!);
    return { id: row!.id, adjustments: adjusted };
  });
  return { ...(await freshView(ctx, id)), adjustments };
}

/** checkoutLinesUpdate: adds to existing lines of the same variant (or sets, with replace). */
export async function updateLines(
  ctx: ServiceContext,
  checkoutId: number,
  lines: readonly LineInput[],
  options: { replace?: boolean } = {},
): Promise<CheckoutView> {
  checkLineInputs(lines, true);
  const adjustments = await ctx.db.transaction(async (tx) => {
    const txCtx = { ...ctx, db: tx };
    const row = await lockOwnCheckout(txCtx, checkoutId);
    const adjusted = await applyLines(txCtx, row.id, lines, options.replace === true);
    await afterLinesChanged(txCtx, row);
    return adjusted;
  });
  return { ...(await freshView(ctx, checkoutId)), adjustments };
}

export async function deleteLine(ctx: ServiceContext, checkoutId: number, lineId: number): Promise<CheckoutView> {
  await ctx.db.transaction(async (tx) => {
    const txCtx = { ...ctx, db: tx };
    const row = await lockOwnCheckout(txCtx, checkoutId);
    const deleted = await tx
      .delete(checkoutLines)
      .where(and(eq(checkoutLines.id, lineId), eq(checkoutLines.checkoutId, row.id)))
      .returning({ id: checkoutLines.id });
    if (deleted.length === 0) throw new DomainError(CHECKOUT_MESSAGES.lineNotFound, 'lineId');
    await afterLinesChanged(txCtx, row);
  });
  return freshView(ctx, checkoutId);
}

async function lockOwnCheckout(ctx: ServiceContext, checkoutId: number): Promise<CheckoutRow> {
  const user = requireUser(ctx);
  const [row] = await ctx.db.select().from(checkouts).where(eq(checkouts.id, checkoutId)).for('update');
  if (!row || row.userId !== user.id) throw new DomainError(CHECKOUT_MESSAGES.notFound, 'checkoutId');
  return row;
}

/** Saves a copy of an address on the checkout (validated by the shared address rules). */
export async function setAddress(
  ctx: ServiceContext,
  checkoutId: number,
  type: AddressType,
  input: unknown,
  email?: string | null,
): Promise<CheckoutView> {
  // The accounts rules (spec 1 section 5 and the PSGC places), with the field named after the
  // checkout's argument so the form knows which address failed.
  const prefix = type === 'SHIPPING' ? 'shippingAddress' : 'billingAddress';
  let address: ReturnType<typeof validateAddress>;
  try {
    address = validateAddress(input);
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    throw new DomainError(
      error.errors.map((e) => ({ field: e.field ? `${prefix}.${e.field}` : prefix, message: e.message })),
    );
  }
  const trimmedEmail = email?.trim();
  if (email !== undefined && email !== null && !isEmail(trimmedEmail ?? '')) {
    throw new DomainError(CHECKOUT_MESSAGES.emailRequired, 'email');
  }
  await ctx.db.transaction(async (tx) => {
    const txCtx = { ...ctx, db: tx };
    const row = await lockOwnCheckout(txCtx, checkoutId);
    await tx
      .insert(checkoutAddresses)
      .values({ ...address, checkoutId: row.id, type })
      .onConflictDoUpdate({ target: [checkoutAddresses.checkoutId, checkoutAddresses.type], set: address });
    await touch(txCtx, row.id, trimmedEmail ? { email: trimmedEmail } : {});
  });
  return freshView(ctx, checkoutId);
}

export async function setShippingMethod(
  ctx: ServiceContext,
  checkoutId: number,
  shippingMethodId: number,
): Promise<CheckoutView> {
  const row = await getOwnCheckout(ctx, checkoutId);
  const methods = await listShippingMethods(ctx);
  const method = methods.find((m) => m.id === shippingMethodId);
  if (!method) throw new DomainError(CHECKOUT_MESSAGES.selectShipping, 'shippingMethodId');
  // Pickup has no parcel in transit: its insurance goes with it.
  await touch(ctx, row.id, {
    shippingMethodId: method.id,
    hasInsurance: method.type === 'DELIVERY' ? row.hasInsurance : false,
  });
  return freshView(ctx, checkoutId);
}

export async function setInsurance(
  ctx: ServiceContext,
  checkoutId: number,
  availInsurance: boolean,
): Promise<{ view: CheckoutView; insurancePrice: number }> {
  const before = await freshView(ctx, checkoutId);
  if (availInsurance && before.shippingMethod?.type !== 'DELIVERY') {
    throw new DomainError(CHECKOUT_MESSAGES.insuranceNeedsDelivery, 'availInsurance');
  }
  await touch(ctx, checkoutId, { hasInsurance: availInsurance });
  const view = await freshView(ctx, checkoutId);
  return { view, insurancePrice: view.totals.insurance };
}

/** estimateShippingFee: the rate-table fee of the parcel to the shipping address (0 for pickup). */
export async function estimateShippingFee(ctx: ServiceContext, checkoutId: number) {
  const view = await freshView(ctx, checkoutId);
  if (!view.shippingMethod) throw new DomainError(CHECKOUT_MESSAGES.selectShipping, 'shippingMethodId');
  return { view, estimatedShippingFee: view.totals.estimatedShippingFee };
}

/** showCodFee: the COD fee this checkout would pay, or the spec's refusal. */
export async function showCodFee(ctx: ServiceContext, checkoutId: number) {
  const view = await freshView(ctx, checkoutId);
  if (view.totals.cashOnDeliveryFee === null || !view.gateways.some((g) => g.info.id === CASH_ON_DELIVERY)) {
    throw new DomainError(CHECKOUT_MESSAGES.codNotAvailable, 'checkoutId');
  }
  return { view, cashOnDeliveryFee: view.totals.cashOnDeliveryFee };
}

export async function addPromoCode(ctx: ServiceContext, checkoutId: number, promoCode: string): Promise<CheckoutView> {
  const view = await freshView(ctx, checkoutId);
  const applied = await resolvePromo(ctx, {
    code: promoCode,
    userId: view.row.userId,
    subtotal: view.totals.subtotal,
  });
  await touch(ctx, checkoutId, {
    voucherId: applied.voucherId,
    voucherCode: applied.code,
    voucherSource: applied.source,
  });
  return freshView(ctx, checkoutId);
}

/** Removing the promo also clears the stored payment method (spec 1 "Checkout flow" 7). */
export async function removePromoCode(ctx: ServiceContext, checkoutId: number): Promise<CheckoutView> {
  const row = await getOwnCheckout(ctx, checkoutId);
  await ctx.db.transaction(async (tx) => {
    const txCtx = { ...ctx, db: tx };
    await touch(txCtx, row.id, {
      voucherId: null,
      voucherCode: null,
      voucherSource: null,
    });
    await clearCheckoutPayment(txCtx, row.id);
  });
  return freshView(ctx, checkoutId);
}

/** checkoutPaymentCreate: records the gateway; the amount is always the server's total. */
export async function createPayment(
  ctx: ServiceContext,
  checkoutId: number,
  input: { gateway: string; token?: string | null },
): Promise<CheckoutView> {
  const view = await freshView(ctx, checkoutId);
  if (view.lines.length === 0) throw new DomainError(CHECKOUT_MESSAGES.emptyCart, 'checkoutId');
  await ctx.db.transaction(async (tx) => {
    await createCheckoutPayment(
      { ...ctx, db: tx },
      {
        checkoutId: view.row.id,
        userId: view.row.userId,
        gateway: input.gateway,
        token: input.token ?? '',
        total: view.totals.total - view.totals.appliedCashOnDeliveryFee,
        facts: checkoutFacts(view),
        settings: view.gatewaySettings,
      },
    );
    await touch({ ...ctx, db: tx }, view.row.id);
  });
  return freshView(ctx, checkoutId);
}
