// Sign-up, sign-in (email and password, Facebook), email verification and password reset.
import type { GraphQLContext } from '../../graphql/context';
import { builder } from '../../graphql/builder';
import { ErrorRef, runMutation, type WithErrors } from '../../graphql/types/errors';
import { DomainError } from '../../lib/domain-error';
import { UserRef, actAs, type UserRow } from './accounts.schema';
import { forgotPassword, resetPassword } from './password.service';
import { createToken } from './sign-in.service';
import { registerAccount, resendEmailVerification, verifyEmail } from './sign-up.service';
import { socialAuth } from './social-auth.service';
import { localReturnPath } from '../../../common/validation/return-path';

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

const REDIRECT_DESCRIPTION =
  "The page the sign-up began on ('/product/...'), where the verification link returns; anything but a path on this shop is ignored.";

const AccountRegisterInput = builder.inputType('AccountRegisterInput', {
  fields: (t) => ({
    email: t.string(),
    password: t.string(),
    firstName: t.string(),
    lastName: t.string(),
    referralCode: t.string({ description: 'Optional Commissioner Key.' }),
    redirect: t.string({ description: REDIRECT_DESCRIPTION }),
  }),
});
const ReferralLinkRegistrationInput = builder.inputType('ReferralLinkRegistrationInput', {
  fields: (t) => ({
    email: t.string(),
    password: t.string(),
    firstName: t.string(),
    lastName: t.string(),
    referralCode: t.string({ required: true, description: 'The Commissioner Key or signup token.' }),
    redirect: t.string({ description: REDIRECT_DESCRIPTION }),
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
    args: { redirect: t.arg.string({ description: REDIRECT_DESCRIPTION }) },
    resolve: (_root, args, context) => runMutation(async () => (await resendEmailVerification(context, localReturnPath(args.redirect)), {})),
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
