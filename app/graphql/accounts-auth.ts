// Sign-up, login, password and verification operations (docs/product/accounts.md#sign-in).
import { operation } from '../../common/graphql-operation';
import type * as G from './generated';

export const TokenCreateMutation = operation<G.TokenCreateMutation, G.TokenCreateMutationVariables>(/* GraphQL */ `
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

export const AccountRegisterMutation = operation<G.AccountRegisterMutation, G.AccountRegisterMutationVariables>(/* GraphQL */ `
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

export const ReferralLinkRegistrationMutation = operation<G.ReferralLinkRegistrationMutation, G.ReferralLinkRegistrationMutationVariables>(/* GraphQL */ `
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

export const SocialAuthMutation = operation<G.SocialAuthMutation, G.SocialAuthMutationVariables>(/* GraphQL */ `
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

export const ForgotPasswordMutation = operation<G.ForgotPasswordMutation, G.ForgotPasswordMutationVariables>(/* GraphQL */ `
  mutation ForgotPassword($email: String!) {
    forgotPassword(email: $email) {
      errors {
        field
        message
      }
    }
  }
`);

export const ResetPasswordMutation = operation<G.ResetPasswordMutation, G.ResetPasswordMutationVariables>(/* GraphQL */ `
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

export const VerifyEmailMutation = operation<G.VerifyEmailMutation, G.VerifyEmailMutationVariables>(/* GraphQL */ `
  mutation VerifyEmail($confirmationKey: String!, $token: String, $uid: String) {
    verifyEmail(confirmationKey: $confirmationKey, token: $token, uid: $uid) {
      errors {
        field
        message
      }
    }
  }
`);

export const ResendEmailVerificationMutation = operation<G.ResendEmailVerificationMutation, G.ResendEmailVerificationMutationVariables>(/* GraphQL */ `
  mutation ResendEmailVerification($redirect: String) {
    resendEmailVerification(redirect: $redirect) {
      errors {
        field
        message
      }
    }
  }
`);
