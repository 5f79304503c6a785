// Presets of the back office's promo-code form (/staff/vouchers): the common kinds of promo a
// shop runs, so staff fill in a code and go. "₱100 off, used once" is the referral-style one
// of docs/product/staff.md#promo-codes.
export type VoucherPreset = {
  id: string;
  label: string;
  name: string;
  type: 'FIXED' | 'PERCENTAGE';
  /** Pesos for FIXED, percent for PERCENTAGE. */
  discountValue: number;
  minimumSpend: number;
  usageLimit: number | null;
  applyOncePerCustomer: boolean;
};

export const VOUCHER_PRESETS: readonly VoucherPreset[] = [
  { id: 'fixed-100-once', label: '₱100 off, usable once', name: '₱100 off', type: 'FIXED', discountValue: 100, minimumSpend: 0, usageLimit: 1, applyOncePerCustomer: true },
  { id: 'fixed-500-min-5000', label: '₱500 off orders of ₱5,000 or more', name: '₱500 off ₱5,000', type: 'FIXED', discountValue: 500, minimumSpend: 5000, usageLimit: null, applyOncePerCustomer: true },
  { id: 'percent-10-100-uses', label: '10% off, first 100 uses', name: '10% off', type: 'PERCENTAGE', discountValue: 10, minimumSpend: 0, usageLimit: 100, applyOncePerCustomer: true },
  { id: 'percent-5-unlimited', label: '5% off for everyone', name: '5% off', type: 'PERCENTAGE', discountValue: 5, minimumSpend: 0, usageLimit: null, applyOncePerCustomer: false },
];

export const VOUCHER_CODE_PATTERN = /^[A-Z0-9-]{3,32}$/;
