// The accounts API (spec 2 section 7.3): the User type, `me`, places for the address forms,
// and the sign-up, sign-in, verification, password, profile, address and bank mutations.
import { decodeGlobalID, encodeGlobalID } from '@pothos/plugin-relay';
import { parseRowId } from '../../graphql/node-key';
import { eq, inArray } from 'drizzle-orm';
import { ADDRESS_TYPES, COUNTRY } from '../../../common/validation/address';
import { BANKS, bankName } from '../../../common/validation/bank';
import { SEXES } from '../../../common/validation/account';
import { builder } from '../../graphql/builder';
import { notFound, parseNodeKey } from '../../graphql/node-key';
import type { GraphQLContext } from '../../graphql/context';
import { ErrorRef, runMutation, type WithErrors } from '../../graphql/types/errors';
import { DomainError } from '../../lib/domain-error';
import { createToken } from './sign-in.service';
import {
  bankDetailsOf,
  changePassword,
  forgotPassword,
  getUser,
  profilePictureUrl,
  registerAccount,
  registerBankDetails,
  resendEmailVerification,
  resetPassword,
  socialAuth,
  updateAccount,
  updateEmail,
  uploadProfilePicture,
  verifyEmail,
  voucherOf,
  type UserRow,
} from './accounts.service';
import {
  ADDRESS_NOT_FOUND,
  createAddress,
  deleteAddress,
  setDefaultAddress,
  updateAddress,
  type AddressRow,
} from './addresses.service';
import { addresses, users } from './accounts.tables';
import { listBarangays, listCities, listProvinces } from './ph-places';

export type { UserRow };

/** Lets the rest of this response read the account it just signed in or created. */
function actAs(context: GraphQLContext, user: UserRow) {
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
  description: 'A Philippine address (spec 1 section 5): cityArea is the barangay, countryArea the province.',
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

/** Every field is optional on the wire so that a missing one gets the spec's message, not a schema error. */
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
    phone: t.string({ description: '+63 and 10 digits (the 10 digits alone are accepted).' }),
  }),
});

// ---------------------------------------------------------------------------------------------
// User

const SexEnum = builder.enumType('Sex', { values: SEXES });

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

async function defaultAddress(context: GraphQLContext, user: UserRow, id: number | null) {
  if (!id) return null;
  const [row] = await context.db.select().from(addresses).where(eq(addresses.id, id));
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

// ---------------------------------------------------------------------------------------------
// Places (PSGC) and banks for the forms

const ProvinceRef = builder.objectRef<{ key: string; name: string; region: string }>('Province').implement({
  fields: (t) => ({
    code: t.exposeString('key', { description: 'PSGC code.' }),
    name: t.exposeString('name'),
    region: t.exposeString('region'),
  }),
});
const CityRef = builder.objectRef<{ key: string; name: string; province: string; isCity: boolean }>('City').implement({
  description: 'A city or municipality.',
  fields: (t) => ({
    code: t.exposeString('key', { description: 'PSGC code.' }),
    name: t.exposeString('name'),
    province: t.exposeString('province'),
    isCity: t.exposeBoolean('isCity'),
  }),
});
const BarangayRef = builder.objectRef<{ key: string; name: string; value: string }>('Barangay').implement({
  fields: (t) => ({
    code: t.exposeString('key', { description: 'PSGC code.' }),
    name: t.exposeString('value', {
      description: "The name as the barangay field accepts it (spec rule: letters, digits, spaces, underscores).",
    }),
    officialName: t.exposeString('name', { description: 'The PSGC spelling, e.g. "Poblacion (Pob.)".' }),
  }),
});
const BankOptionRef = builder.objectRef<{ code: string; name: string }>('BankOption').implement({
  fields: (t) => ({ code: t.exposeString('code'), name: t.exposeString('name') }),
});

builder.queryFields((t) => ({
  provinces: t.field({
    type: [ProvinceRef],
    description: 'PSGC provinces, plus Metro Manila, A to Z.',
    resolve: () => listProvinces(),
  }),
  cities: t.field({
    type: [CityRef],
    description: 'Cities and municipalities of a province (by name or PSGC code), A to Z.',
    args: { province: t.arg.string({ required: true }) },
    resolve: (_root, args) => listCities(args.province),
  }),
  barangays: t.field({
    type: [BarangayRef],
    description: 'Barangay suggestions of a city (by PSGC code, or by name with its province).',
    args: { city: t.arg.string({ required: true }), province: t.arg.string() },
    resolve: (_root, args) => listBarangays(args.city, args.province),
  }),
  banks: t.field({
    type: [BankOptionRef],
    description: 'The banks bank details may name.',
    resolve: () => [...BANKS],
  }),
}));

// ---------------------------------------------------------------------------------------------
// Mutations

const TokenCreatePayload = builder
  .objectRef<WithErrors<{ token: string; deviceToken: string; user: UserRow }>>('CreateToken')
  .implement({
    fields: (t) => ({
      token: t.exposeString('token', { nullable: true }),
      deviceToken: t.exposeString('deviceToken', {
        nullable: true,
        description:
          'Keep it and send it on later sign-ins (cookie `device` or header `x-suki-device`): wrong passwords typed elsewhere never lock this device out.',
      }),
      user: t.field({ type: UserRef, nullable: true, resolve: (p) => p.user ?? null }),
      errors: t.field({ type: [ErrorRef], resolve: (p) => p.errors }),
    }),
  });

builder.mutationField('tokenCreate', (t) =>
  t.field({
    type: TokenCreatePayload,
    description: 'Signs in with email and password; returns a session token (30 days).',
    args: { email: t.arg.string({ required: true }), password: t.arg.string({ required: true }) },
    resolve: (_root, args, context) =>
      runMutation(async () => {
        const { token, deviceToken, user } = await createToken(context, args.email, args.password, context.deviceToken);
        // The new session may read its own user record in this same response.
        actAs(context, user);
        return { token, deviceToken, user };
      }),
  }),
);

const AccountRegisterInput = builder.inputType('AccountRegisterInput', {
  fields: (t) => ({
    email: t.string(),
    password: t.string(),
    firstName: t.string(),
    lastName: t.string(),
    referralCode: t.string({ description: 'Optional Commissioner Key.' }),
  }),
});
const ReferralLinkRegistrationInput = builder.inputType('ReferralLinkRegistrationInput', {
  fields: (t) => ({
    email: t.string(),
    password: t.string(),
    firstName: t.string(),
    lastName: t.string(),
    referralCode: t.string({ required: true, description: 'The Commissioner Key or signup token.' }),
  }),
});

type RegisterPayloadShape = WithErrors<{ user: UserRow; requiresConfirmation: boolean; response: string }>;

function registerPayload(name: string) {
  return builder.objectRef<RegisterPayloadShape>(name).implement({
    fields: (t) => ({
      user: t.field({ type: UserRef, nullable: true, resolve: (p) => p.user ?? null }),
      requiresConfirmation: t.boolean({ resolve: (p) => p.requiresConfirmation ?? false }),
      response: t.string({ nullable: true, resolve: (p) => p.response ?? null }),
      errors: t.field({ type: [ErrorRef], resolve: (p) => p.errors }),
    }),
  });
}
const AccountRegisterPayload = registerPayload('AccountRegister');
const ReferralLinkRegistrationPayload = registerPayload('ReferralLinkRegistration');

async function register(context: GraphQLContext, input: Record<string, unknown>): Promise<RegisterPayloadShape> {
  try {
    const result = await registerAccount(context, input);
    // The person who just chose this password may read the new account in this response.
    actAs(context, result.user);
    return {
      user: result.user,
      requiresConfirmation: true,
      response: result.referralError
        ? 'Account created, but the referral code is not valid'
        : result.parent
          ? 'Account created and linked to your commissioner'
          : 'Account created',
      errors: result.referralError ? [result.referralError] : [],
    };
  } catch (error) {
    if (error instanceof DomainError) return { errors: error.errors, response: error.errors[0]?.message };
    throw error;
  }
}

builder.mutationFields((t) => ({
  accountRegister: t.field({
    type: AccountRegisterPayload,
    description: 'Creates an account and emails a verification code and link.',
    args: { input: t.arg({ type: AccountRegisterInput, required: true }) },
    resolve: (_root, args, context) => register(context, args.input),
  }),
  referralLinkRegistration: t.field({
    type: ReferralLinkRegistrationPayload,
    description:
      'Creates an account with a Commissioner Key: a valid key links the commissioner and gives a one-time ₱100 voucher; an invalid key is reported and the account is still created.',
    args: { input: t.arg({ type: ReferralLinkRegistrationInput, required: true }) },
    resolve: (_root, args, context) => register(context, args.input),
  }),
}));

const SocialUserRef = builder.objectRef<{ user: UserRow }>('SocialAuthUser').implement({
  fields: (t) => ({ user: t.field({ type: UserRef, resolve: (p) => p.user }) }),
});
const SocialAuthPayload = builder
  .objectRef<WithErrors<{ token: string; user: UserRow; referralCode: string | null; redirectUrl: string | null; response: string }>>('SocialAuth')
  .implement({
    fields: (t) => ({
      token: t.exposeString('token', { nullable: true }),
      social: t.field({ type: SocialUserRef, nullable: true, resolve: (p) => (p.user ? { user: p.user } : null) }),
      user: t.field({ type: UserRef, nullable: true, resolve: (p) => p.user ?? null }),
      referralCode: t.string({ nullable: true, resolve: (p) => p.referralCode ?? null }),
      redirectUrl: t.string({ nullable: true, resolve: (p) => p.redirectUrl ?? null }),
      response: t.string({ nullable: true, resolve: (p) => p.response ?? p.errors[0]?.message ?? null }),
      errors: t.field({ type: [ErrorRef], resolve: (p) => p.errors }),
    }),
  });

builder.mutationField('socialAuth', (t) =>
  t.field({
    type: SocialAuthPayload,
    description: 'Signs in (or up) with a Facebook access token, verified with the Graph API.',
    args: {
      provider: t.arg.string({ required: true }),
      accessToken: t.arg.string({ required: true }),
      referralCode: t.arg.string(),
      redirectUrl: t.arg.string(),
    },
    resolve: (_root, args, context) =>
      runMutation(async () => {
        const result = await socialAuth(context, args);
        actAs(context, result.user);
        return result;
      }),
  }),
);

const ErrorsOnlyPayload = (name: string) =>
  builder.objectRef<WithErrors<object>>(name).implement({
    fields: (t) => ({ errors: t.field({ type: [ErrorRef], resolve: (p) => p.errors }) }),
  });

const VerifyEmailPayload = builder.objectRef<WithErrors<{ user: UserRow; isVerified: boolean }>>('VerifyEmail').implement({
  fields: (t) => ({
    user: t.field({ type: UserRef, nullable: true, resolve: (p) => p.user ?? null }),
    isVerified: t.boolean({ resolve: (p) => p.isVerified ?? false }),
    errors: t.field({ type: [ErrorRef], resolve: (p) => p.errors }),
  }),
});

builder.mutationFields((t) => ({
  verifyEmail: t.field({
    type: VerifyEmailPayload,
    description: 'Verifies the email with the emailed confirmation key (and the link token and uid, when opened from the link).',
    args: { confirmationKey: t.arg.string({ required: true }), token: t.arg.string(), uid: t.arg.string() },
    resolve: (_root, args, context) =>
      runMutation(async () => {
        const user = await verifyEmail(context, args);
        // A visitor who verified through the link must not read the account without signing in.
        return context.user?.id === user.id ? { user, isVerified: true } : { isVerified: true };
      }),
  }),
  resendEmailVerification: t.field({
    type: ErrorsOnlyPayload('ResendEmailVerification'),
    description: 'Emails a new confirmation key and link to the signed-in, unverified user.',
    resolve: (_root, _args, context) => runMutation(async () => (await resendEmailVerification(context), {})),
  }),
  forgotPassword: t.field({
    type: ErrorsOnlyPayload('ForgotPassword'),
    description: 'Emails a single-use password reset link (the same answer whether or not the account exists).',
    args: { email: t.arg.string({ required: true }) },
    resolve: (_root, args, context) => runMutation(async () => (await forgotPassword(context, args), {})),
  }),
}));

const ResetPasswordPayload = builder.objectRef<WithErrors<{ isSuccessful: boolean }>>('ResetPassword').implement({
  fields: (t) => ({
    isSuccessful: t.boolean({ resolve: (p) => p.isSuccessful ?? false }),
    errors: t.field({ type: [ErrorRef], resolve: (p) => p.errors }),
  }),
});

builder.mutationField('resetPassword', (t) =>
  t.field({
    type: ResetPasswordPayload,
    description: 'Sets a new password from a reset link; ends every session of the account.',
    args: {
      token: t.arg.string({ required: true }),
      uid: t.arg.string({ required: true }),
      password: t.arg.string({ required: true }),
      confirmPassword: t.arg.string({ required: true }),
    },
    resolve: (_root, args, context) =>
      runMutation(async () => (await resetPassword(context, args), { isSuccessful: true })),
  }),
);

/** Payloads of the signed-in user's own changes: the user, errors, and accountErrors (the same list). */
function accountPayload<T extends object>(name: string, withToken = false) {
  return builder.objectRef<WithErrors<T & { user: UserRow; token?: string }>>(name).implement({
    fields: (t) => ({
      user: t.field({ type: UserRef, nullable: true, resolve: (p) => p.user ?? null }),
      ...(withToken ? { token: t.string({ nullable: true, resolve: (p) => p.token ?? null }) } : {}),
      errors: t.field({ type: [ErrorRef], resolve: (p) => p.errors }),
      accountErrors: t.field({ type: [ErrorRef], resolve: (p) => p.errors }),
    }),
  });
}

const AccountInput = builder.inputType('AccountInput', {
  fields: (t) => ({
    firstName: t.string(),
    middleName: t.string(),
    lastName: t.string(),
    birthday: t.string({ description: 'YYYY-MM-DD.' }),
    bday: t.string({ description: 'Alias of birthday.' }),
    sex: t.field({ type: SexEnum, description: 'M or F (default M).' }),
  }),
});

builder.mutationFields((t) => ({
  passwordChange: t.field({
    type: accountPayload<object>('PasswordChange', true),
    description: 'Changes the password (old one required); other sessions end, and a fresh token is returned for this one.',
    args: { newPassword: t.arg.string({ required: true }), oldPassword: t.arg.string({ required: true }) },
    resolve: (_root, args, context) =>
      runMutation(async () => {
        const result = await changePassword(context, args);
        actAs(context, result.user);
        return result;
      }),
  }),
  accountUpdate: t.field({
    type: accountPayload<object>('AccountUpdate'),
    description: 'Updates first, middle and last name, birthday and sex.',
    args: { input: t.arg({ type: AccountInput, required: true }) },
    resolve: (_root, args, context) =>
      runMutation(async () => ({
        user: await updateAccount(context, { ...args.input, birthday: args.input.birthday ?? args.input.bday }),
      })),
  }),
  accountEmailUpdate: t.field({
    type: accountPayload<object>('AccountEmailUpdate', true),
    description:
      'Changes the email; the new address must be verified again (a code and link are emailed). The password is required unless the account has none (Facebook sign-up).',
    args: { email: t.arg.string({ required: true }), password: t.arg.string() },
    resolve: (_root, args, context) =>
      runMutation(async () => {
        const result = await updateEmail(context, args);
        actAs(context, result.user);
        return result;
      }),
  }),
  bankDetailsRegister: t.field({
    type: accountPayload<object>('BankDetailsRegister'),
    description: 'Saves the bank account for payouts (bankName is one of the bank codes).',
    args: {
      bankName: t.arg.string({ required: true }),
      accountNumber: t.arg.string({ required: true }),
      accountName: t.arg.string({ required: true }),
    },
    resolve: (_root, args, context) =>
      runMutation(async () => {
        await registerBankDetails(context, args);
        return { user: (await getUser(context.db, context.user!.id))! };
      }),
  }),
  userProfilePictureUpload: t.field({
    type: accountPayload<object>('UserProfilePictureUpload'),
    description: 'Stores a base64 image (max 5,000,000 bytes) as a square PNG profile picture.',
    args: { base64Str: t.arg.string({ required: true }) },
    resolve: (_root, args, context) => runMutation(async () => ({ user: await uploadProfilePicture(context, args) })),
  }),
}));

// Addresses

type AddressPayloadShape = WithErrors<{ user: UserRow; address: AddressRow }>;
function addressPayload(name: string) {
  return builder.objectRef<AddressPayloadShape>(name).implement({
    fields: (t) => ({
      user: t.field({ type: UserRef, nullable: true, resolve: (p) => p.user ?? null }),
      address: t.field({
        type: AddressRef,
        nullable: true,
        resolve: (p) => (p.address ? toAddressView(p.address, p.user) : null),
      }),
      errors: t.field({ type: [ErrorRef], resolve: (p) => p.errors }),
      accountErrors: t.field({ type: [ErrorRef], resolve: (p) => p.errors }),
    }),
  });
}

/** An Address global ID (or a bare number) to the row id; anything else reads as not found. */
function addressId(id: string | number): number {
  const raw = String(id);
  const bare = parseRowId(raw);
  if (bare !== null) return bare;
  try {
    const decoded = decodeGlobalID(raw);
    const row = decoded.typename === 'Address' ? parseRowId(decoded.id) : null;
    if (row !== null) return row;
  } catch {
    // fall through
  }
  throw new DomainError(ADDRESS_NOT_FOUND, 'id');
}

builder.mutationFields((t) => ({
  accountAddressCreate: t.field({
    type: addressPayload('AccountAddressCreate'),
    description: 'Saves an address; with a type (SHIPPING or BILLING) it becomes that default.',
    args: { input: t.arg({ type: AddressInputRef, required: true }), type: t.arg({ type: AddressTypeEnum }) },
    resolve: (_root, args, context) => runMutation(() => createAddress(context, args.input, args.type)),
  }),
  accountAddressUpdate: t.field({
    type: addressPayload('AccountAddressUpdate'),
    description: "Updates one of the user's addresses; with a type it also becomes that default.",
    args: {
      id: t.arg.id({ required: true }),
      input: t.arg({ type: AddressInputRef, required: true }),
      type: t.arg({ type: AddressTypeEnum }),
    },
    resolve: (_root, args, context) =>
      runMutation(async () => updateAddress(context, addressId(args.id), args.input, args.type)),
  }),
  accountAddressDelete: t.field({
    type: accountPayload<object>('AccountAddressDelete'),
    description: "Deletes one of the user's addresses.",
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, context) => runMutation(async () => ({ user: await deleteAddress(context, addressId(args.id)) })),
  }),
  accountSetDefaultAddress: t.field({
    type: accountPayload<object>('AccountSetDefaultAddress'),
    description: "Makes one of the user's addresses the default shipping or billing address.",
    args: { id: t.arg.id({ required: true }), type: t.arg({ type: AddressTypeEnum, required: true }) },
    resolve: (_root, args, context) =>
      runMutation(async () => ({ user: await setDefaultAddress(context, addressId(args.id), args.type) })),
  }),
}));

