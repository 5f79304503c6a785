// Saved addresses (docs/product/accounts.md#addresses) with the user's default shipping and billing address.
// Checkout validates its addresses with validateAddress too, so the rules live once.
import { and, asc, eq } from 'drizzle-orm';
import { ADDRESS_MESSAGES, BARANGAY_PATTERN, type AddressType } from '../../../common/validation/address';
import { addressSchema, type Address } from '../../../common/validation/address-schema';
import { validate } from '../../../common/validation/issues';
import type { ServiceContext } from '../../graphql/context';
import { DomainError } from '../../lib/domain-error';
import { addresses, users } from './accounts.tables';
import { requireUser, type UserRow } from './accounts.service';
import { forgetSessionsOf } from './session-cache';
import { findBarangay, findCity, findProvince } from './ph-places';

export type AddressRow = typeof addresses.$inferSelect;
export const ADDRESS_NOT_FOUND = 'Address not found.';

/**
 * The rulebook's address rules plus the PSGC check: the province must be a PSGC province (or Metro
 * Manila) and the city one of its cities/municipalities. Names come back in their PSGC
 * spelling. The barangay is one of the city's PSGC barangays, spelt as the list spells it
 * ("Bagong Pag-asa", "Sto. Niño"), or free text under the rulebook's narrower rule
 * (docs/decisions/037-phone-numbers-and-place-names.md).
 */
export function validateAddress(input: unknown, message: string = ADDRESS_MESSAGES.important): Address {
  const parsed = validate(addressSchema, input);
  if (!parsed.ok) {
    throw new DomainError(parsed.errors.map((e) => ({ field: e.field, message: message })));
  }
  const province = findProvince(parsed.data.countryArea);
  if (!province) throw new DomainError(message, 'countryArea');
  const city = findCity(province.name, parsed.data.city);
  if (!city) throw new DomainError(message, 'city');
  const barangay = findBarangay(province.name, city.key, parsed.data.cityArea);
  if (!barangay && !BARANGAY_PATTERN.test(parsed.data.cityArea)) throw new DomainError(message, 'cityArea');
  return { ...parsed.data, countryArea: province.name, city: city.name, cityArea: barangay?.name ?? parsed.data.cityArea };
}

export async function listAddresses(ctx: ServiceContext): Promise<AddressRow[]> {
  if (!ctx.user) return [];
  return ctx.db.select().from(addresses).where(eq(addresses.userId, ctx.user.id)).orderBy(asc(addresses.id));
}

/** One of the signed-in user's addresses; another user's id reads as not found. */
export async function getOwnAddress(ctx: ServiceContext, id: number): Promise<AddressRow> {
  const user = requireUser(ctx);
  const [row] = await ctx.db
    .select()
    .from(addresses)
    .where(and(eq(addresses.id, id), eq(addresses.userId, user.id)));
  if (!row) throw new DomainError(ADDRESS_NOT_FOUND, 'id');
  return row;
}

const defaultColumn = (type: AddressType) =>
  type === 'SHIPPING' ? ('defaultShippingAddressId' as const) : ('defaultBillingAddressId' as const);

/** accountAddressCreate: saves the address; with a type, it becomes that default. */
export async function createAddress(
  ctx: ServiceContext,
  input: unknown,
  type?: AddressType | null,
): Promise<{ address: AddressRow; user: UserRow }> {
  const session = requireUser(ctx);
  const data = validateAddress(input);
  const saved = await ctx.db.transaction(async (tx) => {
    const [address] = await tx
      .insert(addresses)
      .values({ ...data, userId: session.id })
      .returning();
    const [user] = type
      ? await tx.update(users).set({ [defaultColumn(type)]: address.id }).where(eq(users.id, session.id)).returning()
      : await tx.select().from(users).where(eq(users.id, session.id));
    return { address, user };
  });
  if (type) forgetSessionsOf(ctx, session.id);
  return saved;
}

/** accountAddressUpdate: only the owner's address; with a type, it also becomes that default. */
export async function updateAddress(
  ctx: ServiceContext,
  id: number,
  input: unknown,
  type?: AddressType | null,
): Promise<{ address: AddressRow; user: UserRow }> {
  const session = requireUser(ctx);
  await getOwnAddress(ctx, id);
  const data = validateAddress(input);
  const saved = await ctx.db.transaction(async (tx) => {
    const [address] = await tx
      .update(addresses)
      .set({ ...data, updatedAt: new Date() })
      .where(and(eq(addresses.id, id), eq(addresses.userId, session.id)))
      .returning();
    const [user] = type
      ? await tx.update(users).set({ [defaultColumn(type)]: address.id }).where(eq(users.id, session.id)).returning()
      : await tx.select().from(users).where(eq(users.id, session.id));
    return { address, user };
  });
  if (type) forgetSessionsOf(ctx, session.id);
  return saved;
}

export async function setDefaultAddress(ctx: ServiceContext, id: number, type: AddressType): Promise<UserRow> {
  const session = requireUser(ctx);
  await getOwnAddress(ctx, id);
  const [user] = await ctx.db.update(users).set({ [defaultColumn(type)]: id }).where(eq(users.id, session.id)).returning();
  forgetSessionsOf(ctx, session.id);
  return user;
}

export async function deleteAddress(ctx: ServiceContext, id: number): Promise<UserRow> {
  const session = requireUser(ctx);
  await getOwnAddress(ctx, id);
  const user = await ctx.db.transaction(async (tx) => {
    const [current] = await tx.select().from(users).where(eq(users.id, session.id));
    await tx
      .update(users)
      .set({
        defaultShippingAddressId: current.defaultShippingAddressId === id ? null : current.defaultShippingAddressId,
        defaultBillingAddressId: current.defaultBillingAddressId === id ? null : current.defaultBillingAddressId,
      })
      .where(eq(users.id, session.id));
    await tx.delete(addresses).where(and(eq(addresses.id, id), eq(addresses.userId, session.id)));
    const [after] = await tx.select().from(users).where(eq(users.id, session.id));
    return after;
  });
  forgetSessionsOf(ctx, session.id);
  return user;
}

/** The signed-in user's default address of a type (checkout reads it), or null. */
export async function getDefaultAddress(ctx: ServiceContext, type: AddressType): Promise<AddressRow | null> {
  if (!ctx.user) return null;
  const [user] = await ctx.db.select().from(users).where(eq(users.id, ctx.user.id));
  const id = user?.[defaultColumn(type)];
  if (!id) return null;
  const [row] = await ctx.db
    .select()
    .from(addresses)
    .where(and(eq(addresses.id, id), eq(addresses.userId, ctx.user.id)));
  return row ?? null;
}
