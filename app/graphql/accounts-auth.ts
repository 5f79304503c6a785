// Sign-up, login, password and verification operations (spec 2 section 7.3).
import type { FieldError } from '../../common/errors';
import { operation } from '../../common/graphql-operation';

export const TokenCreateMutation = operation<
  {
    tokenCreate: {
      token: string | null;
      deviceToken: string | null;
      user: { email: string; isVerified: boolean } | null;
      errors: FieldError[] | null;
    } | null;
  },
  { email: string; password: string }
>(/* GraphQL */ `
  mutation TokenCreate($email: String!, $password: String!) {
    tokenCreate(email: $email, password: $password) {
      token
      deviceToken
      user {
        email
        isVerified
      }
      errors {
        field
        message
      }
    }
  }
`);

type RegisterInput = { email: string; password: string; firstName: string; lastName: string };

export const AccountRegisterMutation = operation<
  { accountRegister: { errors: FieldError[] | null; user: { id: string } | null } | null },
  { input: RegisterInput }
>(/* GraphQL */ `
  mutation AccountRegister($input: AccountRegisterInput!) {
    accountRegister(input: $input) {
      errors {
        field
        message
      }
      user {
        id
      }
    }
  }
`);

export const ReferralLinkRegistrationMutation = operation<
  {
    referralLinkRegistration: {
      response: string | null;
      errors: FieldError[] | null;
      user: { id: string } | null;
    } | null;
  },
  { input: RegisterInput & { referralCode: string } }
>(/* GraphQL */ `
  mutation ReferralLinkRegistration($input: ReferralLinkRegistrationInput!) {
    referralLinkRegistration(input: $input) {
      response
      errors {
        field
        message
      }
      user {
        id
      }
    }
  }
`);

export const SocialAuthMutation = operation<
  {
    socialAuth: {
      token: string | null;
      response: string | null;
      /** The Commissioner Key that was applied; null when none was. */
      referralCode: string | null;
      errors: FieldError[] | null;
    } | null;
  },
  { provider: string; accessToken: string; referralCode?: string | null; redirectUrl?: string | null }
>(/* GraphQL */ `
  mutation SocialAuth($provider: String!, $accessToken: String!, $referralCode: String, $redirectUrl: String) {
    socialAuth(provider: $provider, accessToken: $accessToken, referralCode: $referralCode, redirectUrl: $redirectUrl) {
      token
      response
      referralCode
      errors {
        field
        message
      }
    }
  }
`);

export const ForgotPasswordMutation = operation<
  { forgotPassword: { errors: FieldError[] | null } | null },
  { email: string }
>(/* GraphQL */ `
  mutation ForgotPassword($email: String!) {
    forgotPassword(email: $email) {
      errors {
        field
        message
      }
    }
  }
`);

export const ResetPasswordMutation = operation<
  { resetPassword: { errors: FieldError[] | null; isSuccessful: boolean | null } | null },
  { token: string; uid: string; password: string; confirmPassword: string }
>(/* GraphQL */ `
  mutation ResetPassword($token: String!, $uid: String!, $password: String!, $confirmPassword: String!) {
    resetPassword(token: $token, uid: $uid, password: $password, confirmPassword: $confirmPassword) {
      errors {
        field
        message
      }
      isSuccessful
    }
  }
`);

export const VerifyEmailMutation = operation<
  { verifyEmail: { errors: FieldError[] | null } | null },
  { confirmationKey: string; token?: string | null; uid?: string | null }
>(/* GraphQL */ `
  mutation VerifyEmail($confirmationKey: String!, $token: String, $uid: String) {
    verifyEmail(confirmationKey: $confirmationKey, token: $token, uid: $uid) {
      errors {
        field
        message
      }
    }
  }
`);

export const ResendEmailVerificationMutation = operation<{
  resendEmailVerification: { errors: FieldError[] | null } | null;
}>(/* GraphQL */ `
  mutation ResendEmailVerification {
    resendEmailVerification {
      errors {
        field
        message
      }
    }
  }
`);
