// A checkout's delivery: its addresses, shipping method, insurance, and the shipping and COD fees.
import type { ServiceContext } from '../../graphql/context';
import { DomainError } from '../../lib/domain-error';
import { emailProblem } from '../../../common/validation/account';
import { validateAddress } from '../accounts/addresses.service';
import { CASH_ON_DELIVERY } from '../payments/gateways/gateway-rules';
import {
  CHECKOUT_MESSAGES,
  freshView,
  requireUser,
  touch,
  touchOwn,
  type AddressType,
  type CheckoutView,
} from './checkout.service';
import { eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import { toSnakeCase } from 'drizzle-orm/casing';
import { firstRowOf } from '../../db/json-row';
import { getVariantSnapshots } from '../catalogue/catalogue.service';
import { checkoutAddresses, checkoutLines } from './checkout.tables';
import { shippingMethodsForCheckout } from './shipping.service';
import { assertTiresDeliverable } from './tire-delivery';
import { isInMetroManila } from '../accounts/ph-places';

/** Saves a copy of an address on the checkout and returns the checkout's new view. */
export async function setAddress(
  ctx: ServiceContext,
  checkoutId: number,
  type: AddressType,
  input: unknown,
  email?: string | null,
): Promise<CheckoutView> {
  await saveAddress(ctx, checkoutId, type, input, email);
  return freshView(ctx, checkoutId);
}

/**
 * Saves a copy of an address on the checkout (validated by the shared address rules). Computes
 * no view: the API computes it only when the mutation's checkout field is asked for.
 */
export async function saveAddress(
  ctx: ServiceContext,
  checkoutId: number,
  type: AddressType,
  input: unknown,
  email?: string | null,
): Promise<void> {
  // The accounts rules (docs/product/cart-and-checkout.md#addresses-at-checkout and the PSGC places), with the field named after the
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
  const emailIssue = email !== undefined && email !== null ? emailProblem(email) : null;
  if (emailIssue) throw new DomainError(emailIssue, 'email');
  const trimmedEmail = email?.trim();
  // Nothing to read first (a billing address, or a shipping address in Metro Manila, where a
  // tire may go): one statement touches the owner's checkout and saves the address, all or
  // nothing without a transaction (it was BEGIN, the touch, the upsert, COMMIT).
  if (type === 'BILLING' || isInMetroManila(address.countryArea)) {
    await touchOwnAndSaveAddress(ctx, checkoutId, type, address, trimmedEmail || null);
    return;
  }
  await ctx.db.transaction(async (tx) => {
    // Touched first: the owner's checkout only, its row locked until the address is saved.
    const row = await touchOwn({ ...ctx, db: tx }, checkoutId, trimmedEmail ? { email: trimmedEmail } : {});
    // A tire goes to Metro Manila only: refused here, at the address step, before any payment.
    if (type === 'SHIPPING') await refuseTiresOutsideMetroManila({ ...ctx, db: tx }, row.id, row.shippingMethodId, address);
    await tx
      .insert(checkoutAddresses)
      .values({ ...address, checkoutId: row.id, type })
      .onConflictDoUpdate({ target: [checkoutAddresses.checkoutId, checkoutAddresses.type], set: address });
  });
}

/** The address's columns as written: the validated fields (an absent one keeps its default), in the table's snake_case names. */
function addressColumns(address: Record<string, unknown>): { name: SQL; value: unknown }[] {
  const columns = getTableColumns(checkoutAddresses);
  return Object.entries(address)
    .filter(([key, value]) => value !== undefined && key in columns && key !== 'id' && key !== 'checkoutId' && key !== 'type')
    .map(([key, value]) => ({ name: sql`${sql.identifier(toSnakeCase(key))}`, value }));
}

/**
 * touchOwn and the address's upsert as one statement: the UPDATE (owner's checkout only) locks
 * the row, and the INSERT writes from its RETURNING, so another customer's checkout writes
 * nothing and is "not found".
 */
async function touchOwnAndSaveAddress(
  ctx: ServiceContext,
  checkoutId: number,
  type: AddressType,
  address: Record<string, unknown>,
  email: string | null,
): Promise<void> {
  const user = requireUser(ctx);
  const columns = addressColumns(address);
  const result = await ctx.db.execute(sql`
    with touched as (
      update checkouts set updated_at = ${new Date().toISOString()}::timestamptz${email ? sql`, email = ${email}` : sql``}
      where id = ${checkoutId} and user_id = ${user.id} returning id
    )
    insert into checkout_addresses (checkout_id, type, ${sql.join(columns.map((c) => c.name), sql`, `)})
    select touched.id, ${type}, ${sql.join(columns.map((c) => sql`${c.value}`), sql`, `)} from touched
    on conflict (checkout_id, type) do update set ${sql.join(columns.map((c) => sql`${c.name} = excluded.${c.name}`), sql`, `)}
    returning checkout_id`);
  if (!firstRowOf(result)) throw new DomainError(CHECKOUT_MESSAGES.notFound, 'checkoutId');
}

async function refuseTiresOutsideMetroManila(
  ctx: ServiceContext,
  checkoutId: number,
  shippingMethodId: number | null,
  address: { city: string; countryArea: string },
): Promise<void> {
  // A Metro Manila address reads nothing more (the place list is in memory).
  if (isInMetroManila(address.countryArea)) return;
  const method = (await shippingMethodsForCheckout(ctx)).find((m) => m.id === shippingMethodId);
  // Pickup (or no method yet): nothing is delivered; placing the order checks again.
  if (method?.type !== 'DELIVERY') return;
  const lines = await ctx.db.select({ variantId: checkoutLines.variantId }).from(checkoutLines).where(eq(checkoutLines.checkoutId, checkoutId));
  const snapshots = await getVariantSnapshots(ctx, lines.map((l) => l.variantId));
  await assertTiresDeliverable(ctx, {
    lines: [...snapshots.values()],
    isDelivery: true,
    address,
    field: 'shippingAddress.countryArea',
  });
}

export async function setShippingMethod(
  ctx: ServiceContext,
  checkoutId: number,
  shippingMethodId: number,
): Promise<CheckoutView> {
  await saveShippingMethod(ctx, checkoutId, shippingMethodId);
  return freshView(ctx, checkoutId);
}

/** Chooses the shipping method; computes no view (see saveAddress). */
export async function saveShippingMethod(ctx: ServiceContext, checkoutId: number, shippingMethodId: number): Promise<void> {
  requireUser(ctx);
  const methods = await shippingMethodsForCheckout(ctx);
  const method = methods.find((m) => m.id === shippingMethodId);
  if (!method) throw new DomainError(CHECKOUT_MESSAGES.selectShipping, 'shippingMethodId');
  // One statement (it was a read, then a touch). Pickup has no parcel in transit: its
  // insurance goes with it; delivery keeps what the checkout had.
  await touchOwn(ctx, checkoutId, { shippingMethodId: method.id, ...(method.type === 'DELIVERY' ? {} : { hasInsurance: false }) });
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

/** showCodFee: the COD fee this checkout would pay, or the rulebook's refusal. */
export async function showCodFee(ctx: ServiceContext, checkoutId: number) {
  const view = await freshView(ctx, checkoutId);
  if (view.totals.cashOnDeliveryFee === null || !view.gateways.some((g) => g.info.id === CASH_ON_DELIVERY)) {
    throw new DomainError(CHECKOUT_MESSAGES.codNotAvailable, 'checkoutId');
  }
  return { view, cashOnDeliveryFee: view.totals.cashOnDeliveryFee };
}
