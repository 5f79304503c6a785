// The accounts API (docs/product/accounts.md): the Address and User types and `me`, with the payload
// helpers the account mutations share. The mutations live beside it by sub-domain:
// sign-up.schema (sign-up, sign-in, verification, passwords), profile.schema, addresses.schema,
// and places.schema (PSGC places and banks for the forms).
import { encodeGlobalID } from '@pothos/plugin-relay';
import DataLoader from 'dataloader';
import { eq, inArray } from 'drizzle-orm';
import { ADDRESS_TYPES, COUNTRY } from '../../../common/validation/address';
import { bankName } from '../../../common/validation/bank';
import { SEXES } from '../../../common/validation/account';
import { builder } from '../../graphql/builder';
import { notFound, parseNodeKey } from '../../graphql/node-key';
import type { GraphQLContext } from '../../graphql/context';
import { ErrorRef, type WithErrors } from '../../graphql/types/errors';
import { bankDetailsOf, getUser, voucherOf, type UserRow } from './accounts.service';
import type { AddressRow } from './addresses.service';
import { profilePictureUrl } from './profile.service';
import { addresses, users } from './accounts.tables';

export type { UserRow };

/** Lets the rest of this response read the account it just signed in or created. */
export function actAs(context: GraphQLContext, user: UserRow) {
  context.user = {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    isStaff: user.isStaff,
    isSuperuser: user.isSuperuser,
    isVerified: user.isVerified,
  };
  context.sessionRow = user;
}

// ---------------------------------------------------------------------------------------------
// Address (exported: checkout shows its addresses with the same type and takes the same input)

/** What the Address type shows. `id` is already a global ID (each owner encodes its own). */
export type AddressView = {
  id: string;
  firstName: string;
  lastName: string;
  companyName: string;
  streetAddress1: string;
  streetAddress2: string;
  city: string;
  cityArea: string;
  countryArea: string;
  postalCode: string;
  country: string;
  phone: string;
  isDefaultShippingAddress?: boolean | null;
  isDefaultBillingAddress?: boolean | null;
};

export function toAddressView(row: AddressRow, user?: Pick<UserRow, 'defaultShippingAddressId' | 'defaultBillingAddressId'> | null): AddressView {
  return {
    ...row,
    id: encodeGlobalID('Address', row.id),
    isDefaultShippingAddress: user ? user.defaultShippingAddressId === row.id : null,
    isDefaultBillingAddress: user ? user.defaultBillingAddressId === row.id : null,
  };
}

export const CountryDisplayRef = builder.objectRef<{ code: string; country: string }>('CountryDisplay').implement({
  fields: (t) => ({
    code: t.exposeString('code'),
    country: t.exposeString('country'),
  }),
});

export const AddressRef = builder.objectRef<AddressView>('Address').implement({
  description: 'A Philippine address (docs/product/accounts.md#addresses): cityArea is the barangay, countryArea the province.',
  fields: (t) => ({
    id: t.exposeID('id'),
    firstName: t.exposeString('firstName'),
    lastName: t.exposeString('lastName'),
    companyName: t.exposeString('companyName'),
    streetAddress1: t.exposeString('streetAddress1'),
    streetAddress2: t.exposeString('streetAddress2'),
    city: t.exposeString('city'),
    cityArea: t.exposeString('cityArea', { description: 'Barangay.' }),
    countryArea: t.exposeString('countryArea', { description: 'Province (or Metro Manila).' }),
    postalCode: t.exposeString('postalCode'),
    country: t.field({
      type: CountryDisplayRef,
      resolve: (a) => ({ code: a.country, country: a.country === COUNTRY.code ? COUNTRY.country : a.country }),
    }),
    phone: t.exposeString('phone', { description: '+63 and 10 digits.' }),
    isDefaultShippingAddress: t.boolean({ nullable: true, resolve: (a) => a.isDefaultShippingAddress ?? null }),
    isDefaultBillingAddress: t.boolean({ nullable: true, resolve: (a) => a.isDefaultBillingAddress ?? null }),
  }),
});

export const AddressTypeEnum = builder.enumType('AddressTypeEnum', { values: ADDRESS_TYPES });

/** Every field is optional on the wire so that a missing one gets the rulebook's message, not a schema error. */
export const AddressInputRef = builder.inputType('AddressInput', {
  fields: (t) => ({
    firstName: t.string(),
    lastName: t.string(),
    companyName: t.string(),
    streetAddress1: t.string(),
    streetAddress2: t.string(),
    city: t.string(),
    cityArea: t.string({ description: 'Barangay.' }),
    countryArea: t.string({ description: 'Province (or Metro Manila).' }),
    postalCode: t.string(),
    country: t.string({ description: 'Always PH.' }),
    phone: t.string({
      description: 'A mobile number as people write it (0917 123 4567, +63 917-123-4567, 63 917..., 917...); kept as +63 and 10 digits.',
    }),
  }),
});

// ---------------------------------------------------------------------------------------------
// User

export const SexEnum = builder.enumType('Sex', { values: SEXES });

const ProfilePictureRef = builder.objectRef<{ url: string; alt: string }>('ProfilePicture').implement({
  fields: (t) => ({ url: t.exposeString('url'), alt: t.exposeString('alt') }),
});

type BankView = { userId: number; bankCode: string; accountName: string; accountNumber: string };
const BankRef = builder.objectRef<BankView>('Bank').implement({
  description: "The user's bank account for payouts.",
  fields: (t) => ({
    id: t.id({ resolve: (b) => encodeGlobalID('Bank', b.userId) }),
    code: t.exposeString('bankCode'),
    name: t.string({ resolve: (b) => bankName(b.bankCode) }),
    accountName: t.exposeString('accountName'),
    accountNumber: t.exposeString('accountNumber'),
  }),
});

type VoucherView = { id: number; code: string; name: string; used: boolean; amount: number };
const UserVoucherRef = builder.objectRef<VoucherView>('UserVoucher').implement({
  description: 'The one-time ₱100 first-purchase voucher from a Commissioner Key.',
  fields: (t) => ({
    id: t.id({ resolve: (v) => encodeGlobalID('UserVoucher', v.id) }),
    code: t.exposeString('code'),
    name: t.exposeString('name'),
    used: t.exposeBoolean('used'),
  }),
});

/** The commissioner as their patrons see them: a name and a code, nothing private. */
const CommissionerRef = builder.objectRef<UserRow>('Commissioner').implement({
  fields: (t) => ({
    id: t.id({ resolve: (u) => encodeGlobalID('User', u.id) }),
    firstName: t.exposeString('firstName'),
    lastName: t.exposeString('lastName'),
    referralCode: t.exposeString('referralCode'),
  }),
});

export const UserRef = builder.loadableNodeRef<UserRow, number>('User', {
  id: { resolve: (user) => user.id, parse: parseNodeKey },
  // Only oneself and staff can load a user (node(id) included): anyone else gets "not found".
  load: async (ids, context) => {
    const viewer = context.user;
    const visible = viewer?.isStaff ? ids : ids.filter((id) => id === viewer?.id);
    const rows = visible.length > 0 ? await context.db.select().from(users).where(inArray(users.id, visible)) : [];
    const byId = new Map(rows.map((row) => [row.id, row]));
    return ids.map((id) => byId.get(id) ?? notFound('User', id));
  },
});

async function addressesOf(context: GraphQLContext, userId: number) {
  return context.db.select().from(addresses).where(eq(addresses.userId, userId)).orderBy(addresses.id);
}

/**
 * Addresses by id, one statement for all asked in one tick of a request: the default shipping
 * and billing addresses of a profile are read together.
 */
const addressLoaders = new WeakMap<object, DataLoader<number, AddressRow | null>>();
function addressLoader(context: GraphQLContext): DataLoader<number, AddressRow | null> {
  let loader = addressLoaders.get(context);
  if (!loader) {
    loader = new DataLoader(async (ids) => {
      const rows = await context.db.select().from(addresses).where(inArray(addresses.id, [...ids]));
      return ids.map((id) => rows.find((row) => row.id === id) ?? null);
    });
    addressLoaders.set(context, loader);
  }
  return loader;
}

async function defaultAddress(context: GraphQLContext, user: UserRow, id: number | null) {
  if (!id) return null;
  const row = await addressLoader(context).load(id);
  return row && row.userId === user.id ? toAddressView(row, user) : null;
}

UserRef.implement({
  // A user is visible only to themselves and to staff.
  authScopes: (user, context) => context.user?.id === user.id || context.user?.isStaff === true,
  fields: (t) => ({
    email: t.exposeString('email'),
    firstName: t.exposeString('firstName'),
    middleName: t.exposeString('middleName'),
    lastName: t.exposeString('lastName'),
    birthday: t.expose('birthday', { type: 'Date', nullable: true }),
    sex: t.field({
      type: SexEnum,
      nullable: true,
      description: 'M or F; null until the customer enters it.',
      resolve: (u) => (u.sex === 'F' || u.sex === 'M' ? u.sex : null),
    }),
    isStaff: t.exposeBoolean('isStaff'),
    isVerified: t.exposeBoolean('isVerified'),
    dateJoined: t.expose('dateJoined', { type: 'DateTime' }),
    referralCode: t.exposeString('referralCode', { description: "The user's Commissioner Key." }),
    profilePicture: t.field({
      type: ProfilePictureRef,
      nullable: true,
      resolve: (u) => {
        const url = profilePictureUrl(u.profilePicture);
        return url ? { url, alt: `${u.firstName} ${u.lastName}`.trim() || 'Profile picture' } : null;
      },
    }),
    parent: t.field({
      type: CommissionerRef,
      nullable: true,
      description: 'The commissioner whose key this user signed up with.',
      resolve: async (u, _args, context) => (u.parentId ? getUser(context.db, u.parentId) : null),
    }),
    addresses: t.field({
      type: [AddressRef],
      resolve: async (u, _args, context) => (await addressesOf(context, u.id)).map((a) => toAddressView(a, u)),
    }),
    defaultShippingAddress: t.field({
      type: AddressRef,
      nullable: true,
      resolve: (u, _args, context) => defaultAddress(context, u, u.defaultShippingAddressId),
    }),
    defaultBillingAddress: t.field({
      type: AddressRef,
      nullable: true,
      resolve: (u, _args, context) => defaultAddress(context, u, u.defaultBillingAddressId),
    }),
    bank: t.field({ type: BankRef, nullable: true, resolve: (u, _args, context) => bankDetailsOf(context.db, u.id) }),
    voucher: t.field({ type: UserVoucherRef, nullable: true, resolve: (u, _args, context) => voucherOf(context.db, u.id) }),
  }),
});

builder.queryField('me', (t) =>
  t.field({
    type: UserRef,
    nullable: true,
    description: 'The signed-in user, or null for a visitor.',
    resolve: async (_root, _args, context) => {
      if (!context.user) return null;
      // The row the session check read moments ago (this request's), else a fresh read.
      return context.sessionRow?.id === context.user.id ? context.sessionRow : getUser(context.db, context.user.id);
    },
  }),
);

/** Payloads of the signed-in user's own changes: the user, errors, and accountErrors (the same list). */
export function accountPayload<T extends object>(name: string, withToken = false) {
  return builder.objectRef<WithErrors<T & { user: UserRow; token?: string }>>(name).implement({
    fields: (t) => ({
      user: t.field({ type: UserRef, nullable: true, resolve: (p) => p.user ?? null }),
      ...(withToken ? { token: t.string({ nullable: true, resolve: (p) => p.token ?? null }) } : {}),
      errors: t.field({ type: [ErrorRef], resolve: (p) => p.errors }),
      accountErrors: t.field({ type: [ErrorRef], resolve: (p) => p.errors }),
    }),
  });
}
