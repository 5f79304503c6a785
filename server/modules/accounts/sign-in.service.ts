// tokenCreate: signing in with email and password, throttled per account and client
// (sign-in-throttle.service.ts), and remembering the device for next time (device-token.ts).
import type { ServiceContext } from '../../graphql/context';
import { DomainError } from '../../lib/domain-error';
import { ACCOUNT_MESSAGES } from '../../../common/validation/account';
import { findUserByEmail, INVALID_CREDENTIALS } from './accounts.service';
import { deviceIdOf, signDeviceToken, trustedDeviceId } from './device-token';
import { timingDummyHash, verifyPassword } from './passwords';
import { signSessionToken } from './session';
import { assertMaySignIn, recordSignInFailure, recordSignInSuccess, type SignInAttempt } from './sign-in-throttle.service';

/**
 * A session token (and a device token for the browser to keep) for the right password.
 * `deviceToken` is what the browser kept from an earlier sign-in, if anything.
 */
export async function createToken(ctx: ServiceContext, email: string, password: string, deviceToken?: string | null) {
  if (!email.trim() || !password) throw new DomainError(ACCOUNT_MESSAGES.loginEmpty);
  const user = await findUserByEmail(ctx.db, email);
  const attempt: SignInAttempt = {
    email: email.trim().toLowerCase(),
    trustedDeviceId: user ? await trustedDeviceId(deviceToken, user.id, ctx.config.jwtSecret) : null,
  };
  await assertMaySignIn(ctx, attempt);
  // Same answer, and about the same time, for an unknown email and a wrong password: no
  // account discovery (an unknown email still pays for one scrypt derivation).
  const valid = await verifyPassword(password, user?.passwordHash ?? (await timingDummyHash()));
  if (!user || !user.isActive || !user.passwordHash || !valid) {
    await recordSignInFailure(ctx, attempt);
    throw new DomainError(INVALID_CREDENTIALS, 'email');
  }
  await recordSignInSuccess(ctx, attempt);
  return {
    token: await signSessionToken(user, ctx.config.jwtSecret),
    // Keep the device's id across sign-ins (also of other accounts on the same browser), so its
    // run of failures stays its own and the referral rules can count accounts per device.
    deviceToken: await signDeviceToken(
      user.id,
      ctx.config.jwtSecret,
      attempt.trustedDeviceId ?? (await deviceIdOf(deviceToken, ctx.config.jwtSecret)) ?? undefined,
    ),
    user,
  };
}
