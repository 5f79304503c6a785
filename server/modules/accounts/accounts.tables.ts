// Accounts: users, their addresses, bank details, one-time tokens and first-purchase vouchers.
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { generateReferralCode } from './referral-code';

export const users = pgTable(
  'users',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    email: text().notNull(),
    // Null for accounts created through Facebook that never set a password.
    passwordHash: text(),
    firstName: text().notNull().default(''),
    middleName: text().notNull().default(''),
    lastName: text().notNull().default(''),
    // Null until the customer enters it: the profile says 'Not set' rather than guessing.
    sex: text(),
    birthday: date({ mode: 'string' }),
    isStaff: boolean().notNull().default(false),
    isSuperuser: boolean().notNull().default(false),
    isVerified: boolean().notNull().default(false),
    isActive: boolean().notNull().default(true),
    // Bumped on password change: tokens signed with an older version stop working.
    tokenVersion: integer().notNull().default(0),
    dateJoined: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** The user's Commissioner Key, stored upper case (docs/product/referrals.md#commissioner-keys: 9 unambiguous characters). */
    // Generated on insert (also for rows other modules' tests insert); 32^9 codes make a clash
    // negligible, and the unique index turns one into an error rather than a shared code.
    referralCode: text()
      .notNull()
      .$defaultFn(() => generateReferralCode()),
    /** The commissioner (referral parent): set once, never changed. */
    parentId: integer().references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    parentLinkedAt: timestamp({ withTimezone: true }),
    /** Path under DATA_DIR/media, e.g. avatars/12-abc.png. */
    profilePicture: text(),
    facebookId: text(),
    defaultShippingAddressId: integer(),
    defaultBillingAddressId: integer(),
  },
  (t) => [
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    uniqueIndex('users_referral_code_idx').on(t.referralCode),
    uniqueIndex('users_facebook_id_idx').on(t.facebookId),
    // The referral tree: a user's patrons, newest first (keyset on the id).
    index('users_parent_idx').on(t.parentId, t.id),
    check('users_sex_check', sql`${t.sex} in ('M', 'F')`),
  ],
);

export const addresses = pgTable(
  'addresses',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    firstName: text().notNull(),
    lastName: text().notNull(),
    companyName: text().notNull().default(''),
    streetAddress1: text().notNull(),
    streetAddress2: text().notNull().default(''),
    city: text().notNull(),
    /** Barangay. */
    cityArea: text().notNull(),
    /** Province. */
    countryArea: text().notNull(),
    postalCode: text().notNull(),
    country: text().notNull().default('PH'),
    phone: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('addresses_user_idx').on(t.userId)],
);

export const bankDetails = pgTable('bank_details', {
  userId: integer()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  bankCode: text().notNull(),
  accountName: text().notNull(),
  accountNumber: text().notNull(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * Single-use, expiring secrets: email verification (a link token plus a typed code) and
 * password reset. Only SHA-256 hashes are stored, so a database leak reveals no live link.
 */
export const accountTokens = pgTable(
  'account_tokens',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text().notNull().$type<'verify_email' | 'reset_password'>(),
    tokenHash: text().notNull(),
    /** The typed confirmation key (verification only). */
    codeHash: text(),
    /** The address being verified: a later email change makes the token useless. */
    email: text().notNull(),
    attempts: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('account_tokens_hash_idx').on(t.tokenHash),
    index('account_tokens_user_idx').on(t.userId, t.purpose),
  ],
);

/** The one-time ₱100 first-purchase voucher a Commissioner Key gives at sign-up. */
export const userVouchers = pgTable(
  'user_vouchers',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    code: text().notNull(),
    name: text().notNull(),
    /** Centavos. */
    amount: integer().notNull(),
    used: boolean().notNull().default(false),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('user_vouchers_code_idx').on(t.code),
    // One first-purchase voucher per user, ever.
    uniqueIndex('user_vouchers_user_idx').on(t.userId),
    check('user_vouchers_amount_check', sql`${t.amount} > 0`),
  ],
);
