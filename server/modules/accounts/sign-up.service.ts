// Sign-up (with a Commissioner Key) and email verification.
import { eq } from 'drizzle-orm';
import { ACCOUNT_MESSAGES } from '../../../common/validation/account';
import { accountRegisterSchema, type AccountRegisterInput } from '../../../common/validation/account-schemas';
import { validate } from '../../../common/validation/issues';
import type { Database } from '../../db/client';
import type { ServiceContext } from '../../graphql/context';
import { DomainError } from '../../lib/domain-error';
import { consumeRateLimit } from '../../lib/rate-limit';
import { welcomeEmail } from '../notifications/email-templates';
import { sendEmail } from '../notifications/notifications.service';
import { linkCommissioner } from './commissioner-link.service';
import { countFailedAttempt, decodeUid, hashSecret, issueAccountToken, liveAccountToken, redeemAccountToken } from './account-tokens.service';
import {
  ALREADY_VERIFIED,
  EMAIL_TAKEN,
  RESEND_FAILED,
  VERIFY_FAILED,
  fail,
  findUserByEmail,
  getUser,
  requireUser,
  sendVerification,
  type UserRow,
} from './accounts.service';
import { users } from './accounts.tables';
import { assertUncommonPassword } from './common-passwords';
import { hashPassword } from './passwords';
import { forgetSessionsOf } from './session-cache';

/** PostgreSQL's unique_violation: two sign-ups with one email raced past the first check. */
const isUniqueViolation = (error: unknown) =>
  typeof error === 'object' && error !== null && ((error as { code?: string }).code === '23505' ||
    (error as { cause?: { code?: string } }).cause?.code === '23505');

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
  await sendVerification(ctx, user, secret, data.redirect);
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
  forgetSessionsOf(ctx, user.id);
  if (first) {
    await sendEmail(
      ctx,
      welcomeEmail({ to: verified.email, firstName: verified.firstName, shopUrl: `${ctx.config.publicUrl}/shop`, referralCode: verified.referralCode }),
    );
  }
  return verified;
}

/**
 * resendEmailVerification: a new code and link for the signed-in, unverified user; the link
 * returns to `returnTo` (a path on this shop, already checked) once verified.
 */
export async function resendEmailVerification(ctx: ServiceContext, returnTo: string | null = null): Promise<void> {
  const session = requireUser(ctx);
  const user = await getUser(ctx.db, session.id);
  if (!user) throw new DomainError(RESEND_FAILED);
  if (user.isVerified) throw new DomainError(ALREADY_VERIFIED);
  await consumeRateLimit(ctx.config, 'resendEmailVerification', { ip: ctx.clientIp, email: user.email });
  const secret = await issueAccountToken(ctx.db, user, 'verify_email');
  await sendVerification(ctx, user, secret, returnTo);
}
