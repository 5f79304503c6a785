// Passwords: the forgotten-password email, the reset link, and the signed-in change.
import { and, eq, sql } from 'drizzle-orm';
import { forgotPasswordSchema, passwordChangeSchema, resetPasswordFormSchema } from '../../../common/validation/account-schemas';
import { validate } from '../../../common/validation/issues';
import type { ServiceContext } from '../../graphql/context';
import { DomainError } from '../../lib/domain-error';
import { consumeRateLimit } from '../../lib/rate-limit';
import { resetPasswordEmail } from '../notifications/email-templates';
import { sendEmail } from '../notifications/notifications.service';
import { RESET_PASSWORD_MINUTES, burnAccountTokens, decodeUid, hashSecret, issueAccountToken, redeemAccountToken } from './account-tokens.service';
import {
  LOGIN_REQUIRED,
  OLD_PASSWORD_INVALID,
  RESET_LINK_INVALID,
  accountLink,
  fail,
  findUserByEmail,
  getUser,
  requireUser,
  type UserRow,
} from './accounts.service';
import { accountTokens, users } from './accounts.tables';
import { assertUncommonPassword } from './common-passwords';
import { hashPassword, verifyPassword } from './passwords';
import { signSessionToken } from './session';
import { forgetSessionsOf } from './session-cache';

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
      link: accountLink(ctx, '/reset', { token: secret.token, uid: secret.uid }),
      minutes: RESET_PASSWORD_MINUTES,
    }),
  );
}

/**
 * resetPassword: the sign-up password rules (docs/product/accounts.md#password-reset), then a single-use, expiring link.
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
  forgetSessionsOf(ctx, user.id);
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
  forgetSessionsOf(ctx, user.id);
  return { token: await signSessionToken(updated, ctx.config.jwtSecret), user: updated };
}
