// Account rules: sign-up (with a Commissioner Key), sign-in, email verification, passwords,
// profile, email change, bank details, profile picture, Facebook sign-in and the first-purchase
// voucher. Every function acts on the signed-in user of its context, never on an id it is given.
import { randomBytes } from 'node:crypto';
import { mkdir, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { and, eq, inArray, sql } from 'drizzle-orm';
import sharp from 'sharp';
import {
  ACCOUNT_MESSAGES,
  PROFILE_PICTURE_MESSAGES,
  accountRegisterSchema,
  emailUpdateSchema,
  forgotPasswordSchema,
  normalizeReferralCode,
  passwordChangeSchema,
  profilePictureSchema,
  profileSchema,
  resetPasswordFormSchema,
  type AccountRegisterInput,
} from '../../../common/validation/account';
import { bankDetailsSchema } from '../../../common/validation/bank';
import { validate } from '../../../common/validation/issues';
import type { Database } from '../../db/client';
import type { ServiceContext } from '../../graphql/context';
import { DomainError } from '../../lib/domain-error';
import { consumeRateLimit } from '../../lib/rate-limit';
import { resetPasswordEmail, verificationEmail, welcomeEmail } from '../notifications/email-templates';
import { sendEmail } from '../notifications/notifications.service';
import {
  RESET_PASSWORD_MINUTES,
  VERIFY_EMAIL_HOURS,
  burnAccountTokens,
  countFailedAttempt,
  decodeUid,
  hashSecret,
  issueAccountToken,
  liveAccountToken,
  redeemAccountToken,
} from './account-tokens';
import { accountTokens, addresses, bankDetails, userVouchers, users } from './accounts.tables';
import { facebookProvider, type SocialAuthProvider } from './facebook';
import { assertUncommonPassword } from './common-passwords';
import { assertMaySignIn, recordSignInFailure } from './sign-in-throttle';
import { hashPassword, verifyPassword } from './passwords';
import { linkCommissioner } from '../referrals/referral-tree';
import { signSessionToken } from './session';

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

const PICTURE_SIZE = 512;

// ---------------------------------------------------------------------------------------------
// Helpers

/** PostgreSQL's unique_violation: two sign-ups with one email raced past the first check. */
const isUniqueViolation = (error: unknown) =>
  typeof error === 'object' && error !== null && ((error as { code?: string }).code === '23505' ||
    (error as { cause?: { code?: string } }).cause?.code === '23505');

export function requireUser(ctx: ServiceContext) {
  if (!ctx.user) throw new DomainError(LOGIN_REQUIRED);
  return ctx.user;
}

function fail(errors: { field: string | null; message: string }[]): never {
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

const link = (ctx: ServiceContext, route: string, params: Record<string, string>) =>
  `${ctx.config.publicUrl}${route}?${new URLSearchParams(params).toString()}`;

async function sendVerification(ctx: ServiceContext, user: UserRow, secret: { token: string; code: string | null; uid: string }) {
  await sendEmail(
    ctx,
    verificationEmail({
      to: user.email,
      firstName: user.firstName,
      code: secret.code ?? '',
      link: link(ctx, '/verify', { confirmation_key: secret.code ?? '', token: secret.token, uid: secret.uid }),
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
// Sign-up and sign-in

export type RegisterResult = {
  user: UserRow;
  /** Set when a Commissioner Key was given but is not valid; the account exists all the same. */
  referralError: { field: string; message: string } | null;
  parent: UserRow | null;
};

/**
 * accountRegister and referralLinkRegistration. The account is created when every rule other
 * than the Commissioner Key passes; an invalid key is reported beside the new account.
 */
export async function registerAccount(ctx: ServiceContext, input: Record<string, unknown>): Promise<RegisterResult> {
  const parsed = validate(accountRegisterSchema, input);
  if (!parsed.ok) fail(parsed.errors);
  const data: AccountRegisterInput = parsed.data;
  assertUncommonPassword(data.password, 'password');
  await consumeRateLimit(ctx.config, 'accountRegister', { ip: ctx.clientIp, email: data.email });
  if (await findUserByEmail(ctx.db, data.email)) fail([{ field: 'email', message: EMAIL_TAKEN }]);
  const passwordHash = await hashPassword(data.password);
  const { user, parent, secret } = await insertAccount(ctx.db, data, passwordHash).catch((error: unknown) => {
    if (isUniqueViolation(error)) fail([{ field: 'email', message: EMAIL_TAKEN }]);
    throw error;
  });
  await sendVerification(ctx, user, secret);
  const referralError =
    data.referralCode && !parent ? { field: 'referralCode', message: ACCOUNT_MESSAGES.referralCodeInvalid } : null;
  return { user, parent, referralError };
}

/** The new user, their commissioner link and voucher, and the verification secret: one transaction. */
function insertAccount(db: Database, data: AccountRegisterInput, passwordHash: string) {
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(users)
      .values({ email: data.email, passwordHash, firstName: data.firstName, lastName: data.lastName })
      .returning();
    const parent = data.referralCode
      ? await linkCommissioner(tx, created.id, data.referralCode, { issueVoucher: true })
      : null;
    const secret = await issueAccountToken(tx, created, 'verify_email');
    const [user] = await tx.select().from(users).where(eq(users.id, created.id));
    return { user, parent, secret };
  });
}

// ---------------------------------------------------------------------------------------------
// Email verification

/**
 * verifyEmail: by the emailed link (token + uid + confirmation key) or, when signed in, by the
 * confirmation key alone. Single use; expires after VERIFY_EMAIL_HOURS; a few wrong keys burn it.
 */
export async function verifyEmail(
  ctx: ServiceContext,
  input: { confirmationKey?: string | null; token?: string | null; uid?: string | null },
  now: Date = new Date(),
): Promise<UserRow> {
  const key = input.confirmationKey?.trim();
  if (!key) throw new DomainError(VERIFY_FAILED, 'confirmationKey');
  const userId = input.uid ? decodeUid(input.uid) : (ctx.user?.id ?? null);
  if (!userId) throw new DomainError(VERIFY_FAILED, 'confirmationKey');
  const user = await getUser(ctx.db, userId);
  if (!user || !user.isActive) throw new DomainError(VERIFY_FAILED, 'confirmationKey');
  await consumeRateLimit(ctx.config, 'verifyEmail', { ip: ctx.clientIp, email: user.email });
  const row = await liveAccountToken(ctx.db, user.id, 'verify_email', now);
  const tokenOk = !input.token || (row && row.tokenHash === hashSecret(input.token));
  // Without a link token, only the signed-in owner may type the key.
  const allowed = input.token ? true : ctx.user?.id === user.id;
  if (!row || !allowed || row.email !== user.email.toLowerCase()) throw new DomainError(VERIFY_FAILED, 'confirmationKey');
  if (!tokenOk || row.codeHash !== hashSecret(key)) {
    await countFailedAttempt(ctx.db, row.id, row.attempts, now);
    throw new DomainError(VERIFY_FAILED, 'confirmationKey');
  }
  const first = !user.isVerified;
  const verified = await ctx.db.transaction(async (tx) => {
    if (!(await redeemAccountToken(tx, row.id, now))) throw new DomainError(VERIFY_FAILED, 'confirmationKey');
    const [updated] = await tx.update(users).set({ isVerified: true }).where(eq(users.id, user.id)).returning();
    return updated;
  });
  if (first) {
    await sendEmail(
      ctx,
      welcomeEmail({ to: verified.email, firstName: verified.firstName, shopUrl: `${ctx.config.publicUrl}/shop`, referralCode: verified.referralCode }),
    );
  }
  return verified;
}

/** resendEmailVerification: a new code and link for the signed-in, unverified user. */
export async function resendEmailVerification(ctx: ServiceContext): Promise<void> {
  const session = requireUser(ctx);
  const user = await getUser(ctx.db, session.id);
  if (!user) throw new DomainError(RESEND_FAILED);
  if (user.isVerified) throw new DomainError(ALREADY_VERIFIED);
  await consumeRateLimit(ctx.config, 'resendEmailVerification', { ip: ctx.clientIp, email: user.email });
  const secret = await issueAccountToken(ctx.db, user, 'verify_email');
  await sendVerification(ctx, user, secret);
}

// ---------------------------------------------------------------------------------------------
// Passwords

/** forgotPassword: emails a reset link when the account exists; answers the same either way. */
export async function forgotPassword(ctx: ServiceContext, input: { email: string }): Promise<void> {
  const parsed = validate(forgotPasswordSchema, input);
  if (!parsed.ok) fail(parsed.errors);
  await consumeRateLimit(ctx.config, 'forgotPassword', { ip: ctx.clientIp, email: parsed.data.email });
  const user = await findUserByEmail(ctx.db, parsed.data.email);
  if (!user || !user.isActive) return;
  const secret = await issueAccountToken(ctx.db, user, 'reset_password');
  await sendEmail(
    ctx,
    resetPasswordEmail({
      to: user.email,
      firstName: user.firstName,
      link: link(ctx, '/reset', { token: secret.token, uid: secret.uid }),
      minutes: RESET_PASSWORD_MINUTES,
    }),
  );
}

/**
 * resetPassword: the sign-up password rules (DECISIONS.md), then a single-use, expiring link.
 * Every session of the user ends (tokenVersion), and the email counts as verified: the link
 * proved the person reads that inbox.
 */
export async function resetPassword(
  ctx: ServiceContext,
  input: { token: string; uid: string; password: string; confirmPassword: string },
  now: Date = new Date(),
): Promise<void> {
  const parsed = validate(resetPasswordFormSchema, input);
  if (!parsed.ok) fail(parsed.errors);
  assertUncommonPassword(parsed.data.password, 'password');
  const userId = decodeUid(input.uid);
  const [row] = await ctx.db
    .select()
    .from(accountTokens)
    .where(and(eq(accountTokens.tokenHash, hashSecret(input.token || '-')), eq(accountTokens.purpose, 'reset_password')))
    .limit(1);
  if (!row || row.userId !== userId || row.usedAt || row.expiresAt <= now) {
    throw new DomainError(RESET_LINK_INVALID, 'token');
  }
  const user = await getUser(ctx.db, row.userId);
  if (!user || !user.isActive || user.email.toLowerCase() !== row.email) throw new DomainError(RESET_LINK_INVALID, 'token');
  const passwordHash = await hashPassword(parsed.data.password);
  await ctx.db.transaction(async (tx) => {
    if (!(await redeemAccountToken(tx, row.id, now))) throw new DomainError(RESET_LINK_INVALID, 'token');
    await burnAccountTokens(tx, user.id, 'reset_password', now);
    await tx
      .update(users)
      .set({ passwordHash, isVerified: true, tokenVersion: sql`${users.tokenVersion} + 1` })
      .where(eq(users.id, user.id));
  });
}

/**
 * passwordChange: checks the old password, stores the new one and ends every other session.
 * Returns a fresh token for this session so the person who changed it stays signed in.
 */
export async function changePassword(
  ctx: ServiceContext,
  input: { oldPassword: string; newPassword: string },
): Promise<{ token: string; user: UserRow }> {
  const session = requireUser(ctx);
  const parsed = validate(passwordChangeSchema, input);
  const user = await getUser(ctx.db, session.id);
  if (!user) throw new DomainError(LOGIN_REQUIRED);
  // An account made through Facebook has no password yet: it may set one without the old.
  const oldErrors = parsed.ok ? [] : parsed.errors.filter((e) => e.field !== 'oldPassword' || user.passwordHash);
  if (oldErrors.length) fail(oldErrors);
  assertUncommonPassword(input.newPassword, 'newPassword');
  if (user.passwordHash && !(await verifyPassword(input.oldPassword, user.passwordHash))) {
    throw new DomainError(OLD_PASSWORD_INVALID, 'oldPassword');
  }
  const [updated] = await ctx.db
    .update(users)
    .set({ passwordHash: await hashPassword(input.newPassword), tokenVersion: sql`${users.tokenVersion} + 1` })
    .where(eq(users.id, user.id))
    .returning();
  return { token: await signSessionToken(updated, ctx.config.jwtSecret), user: updated };
}

// ---------------------------------------------------------------------------------------------
// Profile

/** accountUpdate: first, middle, last name, birthday, sex (spec 1 section 5). */
export async function updateAccount(ctx: ServiceContext, input: Record<string, unknown>): Promise<UserRow> {
  const session = requireUser(ctx);
  const parsed = validate(profileSchema, input);
  if (!parsed.ok) fail(parsed.errors);
  const [updated] = await ctx.db.update(users).set(parsed.data).where(eq(users.id, session.id)).returning();
  return updated;
}

/**
 * A stolen session must not be enough to take the account (issue 8, finding 10): changing the
 * email asks for the password (an account made through Facebook has none to ask for), and
 * wrong guesses count against the sign-in throttle like wrong sign-ins.
 */
async function confirmPassword(ctx: ServiceContext, user: UserRow, password: string | null | undefined): Promise<void> {
  if (!user.passwordHash) return;
  if (!password) throw new DomainError(ACCOUNT_MESSAGES.passwordEmpty, 'password');
  const attempt = { email: user.email.toLowerCase(), trustedDeviceId: null };
  await assertMaySignIn(ctx, attempt);
  if (!(await verifyPassword(password, user.passwordHash))) {
    await recordSignInFailure(ctx, attempt);
    throw new DomainError(PASSWORD_INVALID, 'password');
  }
}

/**
 * accountEmailUpdate: the new address must be verified again. Returns a fresh token (the
 * session stays valid) and sends the verification email to the new address.
 */
export async function updateEmail(
  ctx: ServiceContext,
  input: { email: string; password?: string | null },
): Promise<{ token: string; user: UserRow }> {
  const session = requireUser(ctx);
  const parsed = validate(emailUpdateSchema, input);
  if (!parsed.ok) fail(parsed.errors);
  const email = parsed.data.email;
  const current = await getUser(ctx.db, session.id);
  if (!current) throw new DomainError(LOGIN_REQUIRED);
  await confirmPassword(ctx, current, input.password);
  if (current.email.toLowerCase() === email.toLowerCase()) {
    return { token: await signSessionToken(current, ctx.config.jwtSecret), user: current };
  }
  await consumeRateLimit(ctx.config, 'resendEmailVerification', { ip: ctx.clientIp, email });
  const taken = await findUserByEmail(ctx.db, email);
  if (taken) throw new DomainError(EMAIL_TAKEN, 'email');
  const { user, secret } = await ctx.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(users)
      .set({ email, isVerified: false })
      .where(eq(users.id, session.id))
      .returning();
    // Links sent to the old address must not verify the new one, nor reset its password.
    await burnAccountTokens(tx, updated.id, 'reset_password');
    return { user: updated, secret: await issueAccountToken(tx, updated, 'verify_email') };
  });
  await sendVerification(ctx, user, secret);
  return { token: await signSessionToken(user, ctx.config.jwtSecret), user };
}

/** bankDetailsRegister: the spec's bank codes only, digits-only account number. */
export async function registerBankDetails(ctx: ServiceContext, input: Record<string, unknown>) {
  const session = requireUser(ctx);
  const parsed = validate(bankDetailsSchema, input);
  if (!parsed.ok) fail(parsed.errors);
  const values = {
    bankCode: parsed.data.bankName,
    accountName: parsed.data.accountName,
    accountNumber: parsed.data.accountNumber,
    updatedAt: new Date(),
  };
  await ctx.db
    .insert(bankDetails)
    .values({ userId: session.id, ...values })
    .onConflictDoUpdate({ target: bankDetails.userId, set: values });
  return getBankDetails(ctx);
}

export async function getBankDetails(ctx: ServiceContext) {
  return ctx.user ? bankDetailsOf(ctx.db, ctx.user.id) : null;
}

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

/**
 * userProfilePictureUpload: base64 (or a data: URL) of an image up to 5,000,000 bytes, stored as a
 * square PNG under DATA_DIR/media/avatars (served at /media/avatars/...). A new file name on
 * each upload keeps cached copies of the old picture from showing.
 */
export async function uploadProfilePicture(ctx: ServiceContext, input: { base64Str: string }): Promise<UserRow> {
  const session = requireUser(ctx);
  const parsed = validate(profilePictureSchema, input);
  if (!parsed.ok) fail(parsed.errors);
  const raw = parsed.data.base64Str;
  const body = raw.startsWith('data:') ? raw.slice(raw.indexOf(',') + 1) : raw;
  const bytes = Buffer.from(body, 'base64');
  if (bytes.length === 0) throw new DomainError(PROFILE_PICTURE_MESSAGES.missing, 'base64Str');
  let png: Buffer;
  try {
    const image = sharp(bytes, { limitInputPixels: 50_000_000 }).rotate();
    const meta = await image.metadata();
    if (!meta.width || !meta.height) throw new Error('not an image');
    const side = Math.min(meta.width, meta.height, PICTURE_SIZE);
    png = await image.resize(side, side, { fit: 'cover', position: 'attention' }).png({ compressionLevel: 9 }).toBuffer();
  } catch {
    throw new DomainError(PROFILE_PICTURE_MESSAGES.missing, 'base64Str');
  }
  const relative = `avatars/${session.id}-${randomBytes(6).toString('hex')}.png`;
  const dir = path.join(ctx.config.dataDir, 'media', 'avatars');
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(ctx.config.dataDir, 'media', relative), png);
  const previous = await getUser(ctx.db, session.id);
  const [updated] = await ctx.db.update(users).set({ profilePicture: relative }).where(eq(users.id, session.id)).returning();
  if (previous?.profilePicture?.startsWith('avatars/')) {
    await unlink(path.join(ctx.config.dataDir, 'media', previous.profilePicture)).catch(() => undefined);
  }
  return updated;
}

export const profilePictureUrl = (stored: string | null) => (stored ? `/media/${stored}` : null);

// ---------------------------------------------------------------------------------------------
// Facebook

export type SocialAuthResult = {
  token: string;
  user: UserRow;
  referralCode: string | null;
  redirectUrl: string | null;
  response: string;
};

/**
 * socialAuth (Facebook): verifies the access token with the provider, then signs in the linked
 * account, links an existing account with the same email, or creates a verified account.
 * A Commissioner Key links a parent (and gives the voucher) only for a new account.
 */
export async function socialAuth(
  ctx: ServiceContext,
  input: { provider: string; accessToken: string; referralCode?: string | null; redirectUrl?: string | null },
  provider: SocialAuthProvider = facebookProvider(ctx.config),
): Promise<SocialAuthResult> {
  if (input.provider.toLowerCase() !== 'facebook') throw new DomainError('Unsupported provider.', 'provider');
  const profile = await provider.verify(input.accessToken);
  // Only same-site paths: an open redirect would let a link send people anywhere.
  const redirectUrl = input.redirectUrl && /^\/(?![/\\])/.test(input.redirectUrl) ? input.redirectUrl : null;
  let user = (await ctx.db.select().from(users).where(eq(users.facebookId, profile.providerUserId)).limit(1))[0];
  let response = 'Logged in with Facebook';
  let appliedCode: string | null = null;
  if (!user) {
    if (!profile.email) {
      throw new DomainError('Your Facebook account has no email address. Please sign up with your email.', 'accessToken');
    }
    const existing = await findUserByEmail(ctx.db, profile.email);
    if (existing) {
      // Facebook only returns confirmed addresses, so this proves ownership of the account.
      [user] = await ctx.db
        .update(users)
        .set({ facebookId: profile.providerUserId, isVerified: true })
        .where(eq(users.id, existing.id))
        .returning();
    } else {
      const created = await ctx.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(users)
          .values({
            email: profile.email!,
            firstName: profile.firstName,
            lastName: profile.lastName,
            facebookId: profile.providerUserId,
            isVerified: true,
          })
          .returning();
        const parent = input.referralCode
          ? await linkCommissioner(tx, row.id, input.referralCode, { issueVoucher: true })
          : null;
        const [fresh] = await tx.select().from(users).where(eq(users.id, row.id));
        return { user: fresh, parent };
      });
      user = created.user;
      if (input.referralCode) {
        appliedCode = created.parent ? normalizeReferralCode(input.referralCode) : null;
        response = created.parent ? 'Commissioner linked' : 'The referral code is not valid';
      }
    }
  }
  if (!user.isActive) throw new DomainError('Unable to login with Facebook', 'accessToken');
  return {
    token: await signSessionToken(user, ctx.config.jwtSecret),
    user,
    referralCode: appliedCode,
    redirectUrl,
    response,
  };
}
