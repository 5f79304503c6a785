// Sign-up, login, password, profile and referral-code rules with the rulebook's messages
// (docs/product/accounts.md#sign-up, docs/product/messages.md): the messages, patterns and checks, without zod, so a page
// can show them without loading it. The schemas built from them, which the forms and
// the services both run, are in account-schemas.ts.

export const ACCOUNT_MESSAGES = {
  namesEmpty: 'First Name and Last Name should not be empty.',
  // The old 'Email should not be empty/is invalid.' named two cases in one slash-word; each
  // is told apart, with what to type (docs/decisions/039-words-that-say-what-happened.md).
  emailEmpty: 'Please enter your email address.',
  emailInvalid: 'Please enter a valid email address, such as juan@example.com.',
  passwordEmpty: 'Password should not be empty.',
  passwordWhitespace: 'Password should not contain whitespaces',
  passwordMismatch: 'Password does not match',
  // A security review's addition (docs/product/accounts.md#sign-up): a minimum length and no commonly used password.
  passwordTooShort: 'Password should be at least 8 characters.',
  passwordTooCommon: 'This password is too common. Please choose another.',
  loginEmpty: 'Please fill empty fields!',
  changePasswordMismatch: "Password doesn't match.",
  profileIncomplete: 'Please fill in the important details.',
  referralCodeEmpty: 'Please input a referral code.',
  referralCodeInvalid: 'Sorry! The referral code is not valid.',
  confirmationKeyEmpty: 'Unable to verify your email.',
} as const;

/** A simple pattern on purpose (docs/product/accounts.md#sign-up); the verification email proves the rest. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const isEmail = (value: string) => EMAIL_PATTERN.test(value.trim());

/** What is wrong with a typed email address (empty, or not an address), or null. */
export function emailProblem(value: string | null | undefined): string | null {
  const email = (value ?? '').trim();
  if (!email) return ACCOUNT_MESSAGES.emailEmpty;
  return isEmail(email) ? null : ACCOUNT_MESSAGES.emailInvalid;
}

/** Referral codes (Commissioner Keys): 9 characters, upper case, no 0/O or 1/I (docs/product/referrals.md#commissioner-keys). */
export const REFERRAL_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const REFERRAL_CODE_LENGTH = 9;
/** Codes match case-insensitively: every stored and typed code goes through this. */
export const normalizeReferralCode = (code: string) => code.trim().toUpperCase();

/** The shortest password sign-up, reset and change accept. */
export const PASSWORD_MIN_LENGTH = 8;

export const SEXES = ['M', 'F'] as const;
export type Sex = (typeof SEXES)[number];
export const DEFAULT_SEX: Sex = 'M';

/** A calendar date YYYY-MM-DD that exists and is not in the future. */
export function isBirthday(value: string, today: Date = new Date()): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return false;
  return y >= 1900 && date.getTime() <= today.getTime();
}

export const PROFILE_PICTURE_MESSAGES = {
  missing: 'Please upload image',
  tooLarge: 'Image must not exceed 5mb!',
  failed: 'Unable to upload profile picture',
  saved: 'Profile picture uploaded!',
} as const;
/** The picture limit in bytes (docs/product/accounts.md#profile-picture), checked on the file and on the decoded upload. */
export const PROFILE_PICTURE_MAX_BYTES = 5_000_000;

/** Decoded size of a base64 string (optionally a data: URL) without decoding it. */
export function base64ByteLength(value: string): number {
  const body = value.includes(',') && value.startsWith('data:') ? value.slice(value.indexOf(',') + 1) : value;
  const clean = body.replace(/\s/g, '');
  const padding = clean.endsWith('==') ? 2 : clean.endsWith('=') ? 1 : 0;
  return Math.floor((clean.length * 3) / 4) - padding;
}

/** Success texts of the account screens (docs/product/messages.md#account), for the forms and tests. */
export const ACCOUNT_SUCCESS = {
  verified: 'Verified email!',
  forgotPassword: 'Please check your email to continue.',
  resetPassword: 'Password updated! You can now login.',
  passwordChanged: 'Password updated!',
  profileSaved: 'User information saved!',
  shippingSaved: 'Shipping Address saved!',
  billingSaved: 'Billing Address saved!',
  bankSaved: 'Bank details saved!',
  /** Our own wording (docs/product/accounts.md#email-change). */
  emailChanged: 'Email updated! We sent a verification code to your new email.',
} as const;
