// Checkout rules shared by every call: the messages, who may read a checkout, and its computed view.
// Lines, delivery and payment: checkout-lines, checkout-delivery and checkout-payment .service.ts.
import { gatewaySettingsForCheckout, type GatewaySettingsMap } from '../payments/gateways/gateway-settings';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { firstRowOf, rowFromJson } from '../../db/json-row';
import { preparedAnywhere } from '../../db/prepared-anywhere';
import { readThrough } from '../../db/table-cache';
import type { ServiceContext } from '../../graphql/context';
import { DomainError } from '../../lib/domain-error';
import type { SessionUser } from '../accounts/session';
import { getVariantSnapshots, type VariantSnapshot } from '../catalogue/catalogue.service';
import type { CheckoutFacts } from '../payments/gateways/gateway-rules';
import { CASH_ON_DELIVERY, PAYPAL_CHECKOUT } from '../payments/gateways/gateway-rules';
import type { PaymentGateway } from '../payments/gateways/gateway';
import { activeCheckoutPaymentColumn, availableGateways, paymentFromJson, type PaymentRow } from '../payments/payments.service';
import { computeTotals, DEFAULT_CHECKOUT_SETTINGS, type CheckoutSettings, type Totals } from './checkout-totals';
import { checkoutAddresses, checkoutLines, checkouts, checkoutSettings } from './checkout.tables';
import { rateTableFor, shippingMethodsForCheckout, type ShippingMethodRow } from './shipping.service';
import { referralVoucherOf, validateShopVoucher, type AppliedVoucher } from './vouchers.service';

export const CHECKOUT_MESSAGES = {
  loginRequired: 'Please signup/login to unlock add to cart',
  notFound: 'Checkout not found.',
  selectVariant: 'Please select a variant',
  enterQuantity: 'Please enter the quantity',
  outOfStock: 'Out of stock.',
  lineNotFound: 'Unable to remove item.',
  selectShipping: 'Please select a shipping method',
  emptyCart: 'You have no item in your cart right now.',
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

/** The customer's checkout row, asked by every signed-in page and its fill: built once (see preparedAnywhere). */
const checkoutOfUser = preparedAnywhere((db) => db.select().from(checkouts).where(eq(checkouts.userId, sql.placeholder('userId'))).prepare('suki_checkout_of_user'));

/** me.checkout: the signed-in customer's cart, if any. */
export async function findUserCheckout(ctx: ServiceContext, userId: number): Promise<CheckoutRow | null> {
  const [row] = await checkoutOfUser(ctx.db).execute({ userId });
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
// Reading: settings and the computed view

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

/** The settings as a checkout's view reads them: through the process's table cache (db/table-cache.ts). */
function checkoutSettingsForCheckout(ctx: ServiceContext): Promise<CheckoutSettings> {
  return readThrough(ctx, 'checkout_settings', ['checkout_settings'], (db) => getCheckoutSettings({ ...ctx, db }));
}

type CheckoutLineRow = typeof checkoutLines.$inferSelect;

/** What a view reads besides the checkout's row and the catalogue: its lines, addresses and payment. */
type ViewParts = { lines: CheckoutLineRow[]; shipping: CheckoutAddressRow | null; billing: CheckoutAddressRow | null; payment: PaymentRow | null };

/**
 * The view's lines, addresses and active payment as three JSON columns of one statement (they
 * were three statements, each a round trip and Drizzle's query building). `checkoutId` is the
 * id as SQL: a parameter, or the checkout row's column when the row is read in the same statement.
 */
function viewPartsColumns(checkoutId: SQL): SQL {
  return sql`(select coalesce(json_agg(l order by l.id), '[]'::json) from checkout_lines l where l.checkout_id = ${checkoutId}) as lines,
    (select coalesce(json_agg(a), '[]'::json) from checkout_addresses a where a.checkout_id = ${checkoutId}) as addresses,
    ${activeCheckoutPaymentColumn(checkoutId)} as payment`;
}

function viewPartsOf(columns: Record<string, unknown>): ViewParts {
  const addresses = (columns.addresses as Record<string, unknown>[]).map((a) => rowFromJson(checkoutAddresses, a));
  return {
    lines: (columns.lines as Record<string, unknown>[]).map((l) => rowFromJson(checkoutLines, l)),
    shipping: addresses.find((r) => r.type === 'SHIPPING') ?? null,
    billing: addresses.find((r) => r.type === 'BILLING') ?? null,
    payment: paymentFromJson(columns.payment),
  };
}

async function readViewParts(ctx: ServiceContext, checkoutId: number): Promise<ViewParts> {
  return viewPartsOf(firstRowOf(await ctx.db.execute(sql`select ${viewPartsColumns(sql`${checkoutId}::int`)}`))!);
}

export function checkoutFacts(
  view: Pick<CheckoutView, 'lines' | 'shippingMethod' | 'totals' | 'settings' | 'voucher'>,
): CheckoutFacts {
  const variants = view.lines.map((l) => l.variant);
  return {
    total: view.totals.totalBeforePaymentFee,
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

/**
 * Recomputes from the database, bypassing the per-request cache (after writes). The caller's
 * checkout row, its lines, addresses and payment in one statement.
 */
export async function freshView(ctx: ServiceContext, checkoutId: number): Promise<CheckoutView> {
  const user = requireUser(ctx);
  const found = firstRowOf(
    await ctx.db.execute(sql`select row_to_json(c) as checkout, ${viewPartsColumns(sql`c.id`)} from checkouts c where c.id = ${checkoutId}`),
  );
  const row = found ? rowFromJson(checkouts, found.checkout as Record<string, unknown>) : null;
  if (!row || row.userId !== user.id) throw new DomainError(CHECKOUT_MESSAGES.notFound, 'checkoutId');
  return computeView(ctx, row, undefined, viewPartsOf(found!));
}

/**
 * The view of a row the caller has just written, in its transaction: no second read of the row,
 * and the variants it read already (`snapshots`) are not read again (adding to the
 * cart read the checkout and its variants twice).
 */
export function viewAfterWrite(ctx: ServiceContext, row: CheckoutRow, snapshots?: ReadonlyMap<number, VariantSnapshot>): Promise<CheckoutView> {
  return computeView(ctx, row, snapshots);
}

async function computeView(ctx: ServiceContext, row: CheckoutRow, known?: ReadonlyMap<number, VariantSnapshot>, parts?: ViewParts): Promise<CheckoutView> {
  // One query after another: ctx.db may be a transaction, which runs on a single connection.
  const { lines: lineRows, payment, ...addresses } = parts ?? (await readViewParts(ctx, row.id));
  // Shipping methods, settings, the rate table and gateway settings come from the process's
  // table cache: near-static, dropped when staff change them.
  const methods = await shippingMethodsForCheckout(ctx);
  const settings = await checkoutSettingsForCheckout(ctx);
  const snapshots = new Map(known);
  const missing = lineRows.map((l) => l.variantId).filter((id) => !snapshots.has(id));
  for (const [id, snapshot] of await getVariantSnapshots(ctx, missing)) snapshots.set(id, snapshot);
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
  const gatewaySettings = await gatewaySettingsForCheckout(ctx);
  const gateways = availableGateways(ctx.config, checkoutFacts(partial), gatewaySettings);
  // The COD fee (and PayPal's, ADR 040) is part of the total only when that is the chosen (and
  // still allowed) payment.
  const chosen = payment && gateways.some((g) => g.info.id === payment.gateway) ? payment.gateway : null;
  if (chosen === CASH_ON_DELIVERY || chosen === PAYPAL_CHECKOUT) {
    totals = computeTotals({ ...totalsInput, cashOnDelivery: chosen === CASH_ON_DELIVERY, paypal: chosen === PAYPAL_CHECKOUT });
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
// Writing: helpers every write uses

/** touch() without other values (every add to cart), built once (see preparedAnywhere). */
const touchOnly = preparedAnywhere((db) =>
  db
    .update(checkouts)
    .set({ updatedAt: sql`${sql.placeholder('now')}::timestamptz` })
    .where(eq(checkouts.id, sql.placeholder('id')))
    .returning()
    .prepare('suki_checkout_touch'),
);

/** Marks the checkout changed (with `values`); returns its row as written. */
export async function touch(ctx: ServiceContext, checkoutId: number, values: Partial<typeof checkouts.$inferInsert> = {}): Promise<CheckoutRow> {
  const [row] =
    Object.keys(values).length === 0
      ? await touchOnly(ctx.db).execute({ id: checkoutId, now: new Date().toISOString() })
      : await ctx.db
          .update(checkouts)
          .set({ ...values, updatedAt: new Date() })
          .where(eq(checkouts.id, checkoutId))
          .returning();
  if (!row) throw new DomainError(CHECKOUT_MESSAGES.notFound, 'checkoutId');
  return row;
}

/** touch() as SQL, for a statement that writes more (a data-modifying WITH). */
export function touchStatement(checkoutId: number): SQL {
  return sql`update checkouts set updated_at = ${new Date().toISOString()}::timestamptz where id = ${checkoutId}`;
}

/**
 * touch() for the caller's own checkout only, in one statement: its UPDATE also locks the row
 * for the rest of a transaction, as lockOwnCheckout would (a lock, then a touch).
 * Another customer's checkout is "not found", never revealed.
 */
export async function touchOwn(ctx: ServiceContext, checkoutId: number, values: Partial<typeof checkouts.$inferInsert> = {}): Promise<CheckoutRow> {
  const user = requireUser(ctx);
  const [row] = await ctx.db
    .update(checkouts)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(checkouts.id, checkoutId), eq(checkouts.userId, user.id)))
    .returning();
  if (!row) throw new DomainError(CHECKOUT_MESSAGES.notFound, 'checkoutId');
  return row;
}

/** The caller's checkout, locked for the rest of the transaction (ctx.db must be one). */
export async function lockOwnCheckout(ctx: ServiceContext, checkoutId: number): Promise<CheckoutRow> {
  const user = requireUser(ctx);
  const [row] = await ctx.db.select().from(checkouts).where(eq(checkouts.id, checkoutId)).for('update');
  if (!row || row.userId !== user.id) throw new DomainError(CHECKOUT_MESSAGES.notFound, 'checkoutId');
  return row;
}
