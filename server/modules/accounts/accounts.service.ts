// The account itself: the user record and what other modules read of it (profiles, bank
// details, address phones, the first-purchase voucher), the messages shared by the account
// services, and the verification email. The rules live beside it by sub-domain: sign-up.service
// (sign-up, verification), password.service, profile.service (profile, email, bank, picture) and
// social-auth.service. Every function acts on the signed-in user of its context.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { ServiceContext } from '../../graphql/context';
import { DomainError } from '../../lib/domain-error';
import { verificationEmail } from '../notifications/email-templates';
import { sendEmail } from '../notifications/notifications.service';
import { VERIFY_EMAIL_HOURS } from './account-tokens.service';
import { addresses, bankDetails, userVouchers, users } from './accounts.tables';

export type UserRow = typeof users.$inferSelect;
export type UserVoucher = { code: string; name: string; amount: number; used: boolean };

export const INVALID_CREDENTIALS = 'Please, enter valid credentials';
export const EMAIL_TAKEN = 'User with this Email already exists.';
export const VERIFY_FAILED = 'Unable to verify your email.';
export const RESEND_FAILED = 'Unable to send confirmation key.';
export const ALREADY_VERIFIED = 'Your email is already verified.';
export const RESET_LINK_INVALID = 'This password reset link is invalid or has expired.';
export const OLD_PASSWORD_INVALID = 'Old password isn\'t valid.';
export const PASSWORD_INVALID = 'Password isn\'t valid.';
export const LOGIN_REQUIRED = 'Please signup/login to continue.';

// ---------------------------------------------------------------------------------------------
// Helpers

export function requireUser(ctx: ServiceContext) {
  if (!ctx.user) throw new DomainError(LOGIN_REQUIRED);
  return ctx.user;
}

export function fail(errors: { field: string | null; message: string }[]): never {
  throw new DomainError(errors);
}

/** The user with this email, compared case-insensitively. */
export async function findUserByEmail(db: Database, email: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()))
    .limit(1);
  return row ?? null;
}

export async function getUser(db: Database, id: number): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

/** What other customers may see of a user (a review's author): names only, never contact details. */
export type PublicProfile = { id: number; firstName: string; lastName: string };

/** Public profiles of these users in one statement; unknown ids are simply absent from the map. */
export async function getPublicProfiles(
  ctx: Pick<ServiceContext, 'db'>,
  userIds: readonly number[],
): Promise<Map<number, PublicProfile>> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return new Map();
  const rows = await ctx.db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(inArray(users.id, ids));
  return new Map(rows.map((r) => [r.id, r]));
}

/** Names and emails of these users, for staff screens; the caller checked the staff permission. */
export async function getUserContacts(
  ctx: Pick<ServiceContext, 'db'>,
  userIds: readonly number[],
): Promise<Map<number, PublicProfile & { email: string }>> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return new Map();
  const rows = await ctx.db
    .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(inArray(users.id, ids));
  return new Map(rows.map((r) => [r.id, r]));
}

/** The signed-in user's full record. */
export async function getCurrentUser(ctx: ServiceContext): Promise<UserRow | null> {
  return ctx.user ? getUser(ctx.db, ctx.user.id) : null;
}

/** An absolute link to a storefront route, for emails. */
export const accountLink = (ctx: ServiceContext, route: string, params: Record<string, string>) =>
  `${ctx.config.publicUrl}${route}?${new URLSearchParams(params).toString()}`;

/**
 * The verification email; its link returns to `returnTo` once verified (the page a sign-up began
 * on, already checked to be a path on this shop), else to /account.
 */
export async function sendVerification(
  ctx: ServiceContext,
  user: UserRow,
  secret: { token: string; code: string | null; uid: string },
  returnTo: string | null = null,
) {
  // The verify page reads `redirect` without its leading slash (docs/product/accounts.md#email-verification).
  const redirect: Record<string, string> = returnTo ? { redirect: returnTo.replace(/^\/+/, '') } : {};
  await sendEmail(
    ctx,
    verificationEmail({
      to: user.email,
      firstName: user.firstName,
      code: secret.code ?? '',
      link: accountLink(ctx, '/verify', { confirmation_key: secret.code ?? '', token: secret.token, uid: secret.uid, ...redirect }),
      hours: VERIFY_EMAIL_HOURS,
    }),
  );
}

// ---------------------------------------------------------------------------------------------
// The first-purchase voucher (a Commissioner Key links the parent and gives it: referrals module)

/** The signed-in user's unused first-purchase voucher, if any (read by checkout). */
export async function getUnusedUserVoucher(ctx: ServiceContext): Promise<UserVoucher | null> {
  if (!ctx.user) return null;
  const [row] = await ctx.db
    .select()
    .from(userVouchers)
    .where(and(eq(userVouchers.userId, ctx.user.id), eq(userVouchers.used, false)))
    .limit(1);
  return row ? { code: row.code, name: row.name, amount: row.amount, used: row.used } : null;
}

/** The signed-in user's voucher (used or not), for `me.voucher`. */
export async function getUserVoucher(ctx: ServiceContext): Promise<(UserVoucher & { id: number }) | null> {
  if (!ctx.user) return null;
  const [row] = await ctx.db.select().from(userVouchers).where(eq(userVouchers.userId, ctx.user.id)).limit(1);
  return row ? { id: row.id, code: row.code, name: row.name, amount: row.amount, used: row.used } : null;
}

/**
 * Marks the signed-in user's voucher used; call it inside the order-placing transaction.
 * Atomic: returns false when the code is not this user's or was already used, so two
 * concurrent orders can never both spend it.
 */
export async function markUserVoucherUsed(ctx: ServiceContext, code: string): Promise<boolean> {
  if (!ctx.user) return false;
  const rows = await ctx.db
    .update(userVouchers)
    .set({ used: true, usedAt: new Date() })
    .where(
      and(
        eq(userVouchers.userId, ctx.user.id),
        eq(userVouchers.code, code.trim().toUpperCase()),
        eq(userVouchers.used, false),
      ),
    )
    .returning({ id: userVouchers.id });
  return rows.length === 1;
}

// ---------------------------------------------------------------------------------------------
// What other modules read of a user


/** For the User type's fields, which the schema shows only to the user themselves or staff. */
export async function bankDetailsOf(db: Database, userId: number) {
  const [row] = await db.select().from(bankDetails).where(eq(bankDetails.userId, userId));
  return row ?? null;
}

/** The phone numbers on a user's saved addresses (+63…), for the referral same-person rule. */
export async function addressPhonesOf(db: Database, userId: number): Promise<string[]> {
  const rows = await db.selectDistinct({ phone: addresses.phone }).from(addresses).where(eq(addresses.userId, userId));
  return rows.map((r) => r.phone);
}

export async function voucherOf(db: Database, userId: number) {
  const [row] = await db.select().from(userVouchers).where(eq(userVouchers.userId, userId)).limit(1);
  return row ?? null;
}

