// Facebook sign-in (socialAuth): sign in the linked account, link one with the same email, or
// create a verified account.
import { eq } from 'drizzle-orm';
import { normalizeReferralCode } from '../../../common/validation/account';
import type { ServiceContext } from '../../graphql/context';
import { DomainError } from '../../lib/domain-error';
import { linkCommissioner } from './commissioner-link.service';
import { findUserByEmail, type UserRow } from './accounts.service';
import { users } from './accounts.tables';
import { facebookProvider, type SocialAuthProvider } from './facebook';
import { signSessionToken } from './session';
import { forgetSessionsOf } from './session-cache';

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
      forgetSessionsOf(ctx, existing.id);
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
