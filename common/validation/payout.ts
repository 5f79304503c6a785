// Payout requests (docs/product/referrals.md#payouts: type BANK or GCASH, default BANK; GCASH needs a phone
// number, typed as people write it and kept as +63 then 10 digits: address.ts's normalizePhone) and the programme's constants (docs/product/limits.md, docs/product/referrals.md#payouts),
// without zod; the request's schema is payout-schema.ts.

/** Minimum points for a request (1 point = ₱1.00). */
export const PAYOUT_MINIMUM_POINTS = 500;
/** The transaction fee of every payout, in centavos (₱25). */
export const PAYOUT_FEE_CENTAVOS = 2_500;

/** A payout request's status in words, for the commissioner's history and the back office alike. */
export const PAYOUT_STATUS_LABELS: Readonly<Record<'PENDING' | 'PROCESSING' | 'PAID' | 'REJECTED', string>> = {
  PENDING: 'Pending',
  PROCESSING: 'Processing',
  PAID: 'Paid',
  REJECTED: 'Rejected',
};

export const PAYOUT_MESSAGES = {
  minimum: 'In order to Request Payout, you must have at least 500 points.',
  sent: 'Payout request sent!',
  failed: 'Something went wrong!',
  // Our own texts for these two (docs/product/referrals.md#payouts); they say what to fix.
  phone: 'Please enter your GCash number, e.g. 0917 123 4567.',
  bankDetails: 'Please save your bank details first.',
  empty: 'No Payout Requested!',
} as const;
