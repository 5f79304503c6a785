// The signed-in customer's profile: names, birthday and sex, the email address (verified
// again after a change), bank details for payouts, and the profile picture.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { loadSharp } from '../../lib/sharp';
import { ACCOUNT_MESSAGES, PROFILE_PICTURE_MESSAGES } from '../../../common/validation/account';
import { emailUpdateSchema, profilePictureSchema, profileSchema } from '../../../common/validation/account-schemas';
import { bankDetailsSchema } from '../../../common/validation/bank-schema';
import { validate } from '../../../common/validation/issues';
import type { ServiceContext } from '../../graphql/context';
import { DomainError } from '../../lib/domain-error';
import { storageOf } from '../../storage/file-storage';
import { consumeRateLimit } from '../../lib/rate-limit';
import { burnAccountTokens, issueAccountToken } from './account-tokens.service';
import {
  EMAIL_TAKEN,
  LOGIN_REQUIRED,
  PASSWORD_INVALID,
  bankDetailsOf,
  fail,
  findUserByEmail,
  getUser,
  requireUser,
  sendVerification,
  type UserRow,
} from './accounts.service';
import { bankDetails, users } from './accounts.tables';
import { assertMaySignIn, recordSignInFailure } from './sign-in-throttle.service';
import { verifyPassword } from './passwords';
import { signSessionToken } from './session';
import { forgetSessionsOf } from './session-cache';

const PICTURE_SIZE = 512;

/** accountUpdate: first, middle, last name, birthday, sex (docs/product/accounts.md#profile). */
export async function updateAccount(ctx: ServiceContext, input: Record<string, unknown>): Promise<UserRow> {
  const session = requireUser(ctx);
  const parsed = validate(profileSchema, input);
  if (!parsed.ok) fail(parsed.errors);
  const [updated] = await ctx.db.update(users).set(parsed.data).where(eq(users.id, session.id)).returning();
  forgetSessionsOf(ctx, session.id);
  return updated;
}

/**
 * A stolen session must not be enough to take the account: changing the
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
  forgetSessionsOf(ctx, session.id);
  await sendVerification(ctx, user, secret);
  return { token: await signSessionToken(user, ctx.config.jwtSecret), user };
}

/** bankDetailsRegister: the rulebook's bank codes only, digits-only account number. */
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
/**
 * userProfilePictureUpload: base64 (or a data: URL) of an image up to 5,000,000 bytes, stored as a
 * square PNG stored under the key avatars/... (server/storage; served at /media/avatars/...). A new file name on
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
  const sharp = await loadSharp();
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
  const storage = storageOf(ctx);
  await storage.put(relative, png);
  const previous = await getUser(ctx.db, session.id);
  const [updated] = await ctx.db.update(users).set({ profilePicture: relative }).where(eq(users.id, session.id)).returning();
  forgetSessionsOf(ctx, session.id);
  if (previous?.profilePicture?.startsWith('avatars/')) {
    await storage.delete(previous.profilePicture).catch(() => undefined);
  }
  return updated;
}

export const profilePictureUrl = (stored: string | null) => (stored ? `/media/${stored}` : null);
