// The account forms' and services' zod schemas (sign-up, login, passwords, profile, email,
// referral code, profile picture), built from the rules and messages in account.ts. The browser
// loads this module when a form is submitted (zod is 23 KB gzipped).
import { z } from 'zod';
import { localReturnPath } from './return-path';
import {
  ACCOUNT_MESSAGES,
  base64ByteLength,
  DEFAULT_SEX,
  emailProblem,
  isBirthday,
  normalizeReferralCode,
  PASSWORD_MIN_LENGTH,
  PROFILE_PICTURE_MAX_BYTES,
  PROFILE_PICTURE_MESSAGES,
  SEXES,
} from './account';

const text = z.string().default('');

/** A typed email address, trimmed; empty and malformed are told apart (emailProblem). */
const emailField = text
  .transform((s) => s.trim())
  .superRefine((email, ctx) => {
    const problem = emailProblem(email);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

type PasswordFields = { password: string; confirmPassword?: string };

/** The password rules of sign-up (also reset password, per docs/product/accounts.md#sign-up), in the rulebook order. */
function checkPassword(v: PasswordFields, ctx: z.RefinementCtx, withConfirm: boolean) {
  if (!v.password || !v.password.trim()) {
    ctx.addIssue({ code: 'custom', path: ['password'], message: ACCOUNT_MESSAGES.passwordEmpty });
  } else if (/\s/.test(v.password)) {
    ctx.addIssue({ code: 'custom', path: ['password'], message: ACCOUNT_MESSAGES.passwordWhitespace });
  } else if (v.password.length < PASSWORD_MIN_LENGTH) {
    ctx.addIssue({ code: 'custom', path: ['password'], message: ACCOUNT_MESSAGES.passwordTooShort });
  }
  if (withConfirm && v.confirmPassword !== v.password) {
    ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: ACCOUNT_MESSAGES.passwordMismatch });
  }
}

type SignUpFields = { firstName: string; lastName: string; email: string } & PasswordFields;

// Rules run in the rulebook's order so that the first issue is the one the dialog shows.
function checkSignUp(v: SignUpFields, ctx: z.RefinementCtx, withConfirm: boolean) {
  // Both empty names are marked (with the one message the rulebook gives for them).
  for (const field of ['firstName', 'lastName'] as const) {
    if (!v[field]) ctx.addIssue({ code: 'custom', path: [field], message: ACCOUNT_MESSAGES.namesEmpty });
  }
  const emailIssue = emailProblem(v.email);
  if (emailIssue) ctx.addIssue({ code: 'custom', path: ['email'], message: emailIssue });
  checkPassword(v, ctx, withConfirm);
}

const signUpShape = {
  // "Names and email are trimmed" (docs/product/accounts.md#sign-up).
  firstName: text.transform((s) => s.trim()),
  lastName: text.transform((s) => s.trim()),
  email: text.transform((s) => s.trim()),
  password: text,
  /** The optional Commissioner Key (or signup token); empty means none. */
  referralCode: z
    .string()
    .optional()
    .nullable()
    .transform((s) => (s ? normalizeReferralCode(s) : undefined)),
  /** The page the sign-up began on, for the verification link to return to; anything not on this shop is dropped. */
  redirect: z.unknown().optional().transform(localReturnPath),
};

/** The Sign Up dialog: First Name, Last Name, Email, Password, Confirm Password, Commissioner Key. */
export const signUpFormSchema = z
  .object({ ...signUpShape, confirmPassword: text })
  .superRefine((v, ctx) => checkSignUp(v, ctx, true));
export type SignUpForm = z.input<typeof signUpFormSchema>;

/** accountRegister / referralLinkRegistration input (no confirmation on the wire, docs/product/accounts.md#sign-up). */
export const accountRegisterSchema = z.object(signUpShape).superRefine((v, ctx) => checkSignUp(v, ctx, false));
export type AccountRegisterInput = z.output<typeof accountRegisterSchema>;

/** Login: both fields required, else one message for the whole form. */
export const loginSchema = z
  .object({ email: text.transform((s) => s.trim()), password: text })
  .superRefine((v, ctx) => {
    if (!v.email || !v.password) {
      ctx.addIssue({ code: 'custom', path: [], message: ACCOUNT_MESSAGES.loginEmpty });
    }
  });

/** Forgot password: "Enter your email". */
export const forgotPasswordSchema = z.object({
  email: emailField,
});

/** Reset password (the /reset page): the same password rules as sign-up (docs/product/accounts.md#sign-up). */
export const resetPasswordFormSchema = z
  .object({ password: text, confirmPassword: text })
  .superRefine((v, ctx) => checkPassword(v, ctx, true));

/** Change password (profile panel): new and confirm must match; the new one follows sign-up rules. */
export const passwordChangeFormSchema = z
  .object({ oldPassword: text, newPassword: text, confirmPassword: text })
  .superRefine((v, ctx) => {
    if (v.newPassword !== v.confirmPassword) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: ACCOUNT_MESSAGES.changePasswordMismatch });
      return;
    }
    if (!v.oldPassword) {
      ctx.addIssue({ code: 'custom', path: ['oldPassword'], message: ACCOUNT_MESSAGES.passwordEmpty });
    }
    checkPassword({ password: v.newPassword }, ctx, false);
  });
/** passwordChange on the wire (no confirmation): the new password's rules, reported on newPassword. */
export const passwordChangeSchema = z
  .object({ oldPassword: text, newPassword: text })
  .superRefine((v, ctx) => {
    if (!v.oldPassword) {
      ctx.addIssue({ code: 'custom', path: ['oldPassword'], message: ACCOUNT_MESSAGES.passwordEmpty });
    }
    if (!v.newPassword.trim()) {
      ctx.addIssue({ code: 'custom', path: ['newPassword'], message: ACCOUNT_MESSAGES.passwordEmpty });
    } else if (/\s/.test(v.newPassword)) {
      ctx.addIssue({ code: 'custom', path: ['newPassword'], message: ACCOUNT_MESSAGES.passwordWhitespace });
    } else if (v.newPassword.length < PASSWORD_MIN_LENGTH) {
      ctx.addIssue({ code: 'custom', path: ['newPassword'], message: ACCOUNT_MESSAGES.passwordTooShort });
    }
  });

const required = (message: string) =>
  text.transform((s) => s.trim()).refine((s) => s.length > 0, message);

/** Edit profile: first, middle, last name and birthday required; sex M or F (default M). */
export const profileSchema = z.object({
  firstName: required(ACCOUNT_MESSAGES.profileIncomplete),
  middleName: required(ACCOUNT_MESSAGES.profileIncomplete),
  lastName: required(ACCOUNT_MESSAGES.profileIncomplete),
  birthday: text.refine((s) => isBirthday(s), ACCOUNT_MESSAGES.profileIncomplete),
  sex: z
    .enum(SEXES, { error: ACCOUNT_MESSAGES.profileIncomplete })
    .optional()
    .nullable()
    .transform((s) => s ?? DEFAULT_SEX),
});
export type ProfileInput = z.output<typeof profileSchema>;

/** Changing the email (accountEmailUpdate): the basic pattern. */
export const emailUpdateSchema = z.object({
  email: emailField,
});

/** The Change Email form: the new address and the current password (the server asks for it). */
export const emailChangeFormSchema = z.object({
  email: emailField,
  password: text.optional(),
});

/** The add-commissioner panel (useReferralCode). */
export const referralCodeSchema = z.object({
  referralCode: required(ACCOUNT_MESSAGES.referralCodeEmpty).transform(normalizeReferralCode),
});

/** Verify email: a confirmation key is required. */
export const verifyEmailSchema = z.object({
  confirmationKey: required(ACCOUNT_MESSAGES.confirmationKeyEmpty),
});

export const profilePictureSchema = z.object({
  base64Str: z
    .string({ error: PROFILE_PICTURE_MESSAGES.missing })
    .refine((s) => s.trim().length > 0, PROFILE_PICTURE_MESSAGES.missing)
    .refine((s) => base64ByteLength(s) <= PROFILE_PICTURE_MAX_BYTES, PROFILE_PICTURE_MESSAGES.tooLarge),
});
