// The privacy rights' words and states (docs/decisions/054-privacy-rights.md), shared by the
// profile page, the back office and the API.
export const PRIVACY_REQUEST_KINDS = ['EXPORT', 'ERASURE'] as const;
export type PrivacyRequestKind = (typeof PRIVACY_REQUEST_KINDS)[number];
export const PRIVACY_REQUEST_STATUSES = ['COMPLETED', 'REFUSED'] as const;
export type PrivacyRequestStatus = (typeof PRIVACY_REQUEST_STATUSES)[number];

export const PRIVACY_MESSAGES = {
  passwordRequired: 'Please enter your password.',
  wrongPassword: 'The password is incorrect.',
  noPassword: 'Please set a password first (Forgot Password on the login dialog), then delete your account with it.',
  openOrders: 'You have orders that are not finished yet. You can delete your account once they are fulfilled, cancelled or rejected.',
  openPayouts: 'You have a payout that is not finished yet. You can delete your account once it is paid or rejected.',
  staffAccount: 'A staff account cannot be deleted from the profile page. Please ask a staff member with Manage Staff to remove it.',
  deleted: 'Your account has been deleted.',
} as const;

/** The file name a customer's data export downloads as. */
export const personalDataFileName = (userId: number, at: Date) => `suki-personal-data-${userId}-${at.toISOString().slice(0, 10)}.json`;
