// The back office's settings screen (/staff/settings): the rules its forms and the services both
// check. Percentages are typed as percent (5 = 5%); money as pesos.
import { z } from 'zod';

export const SETTINGS_MESSAGES = {
  invalidAmount: 'Please enter a valid amount.',
  displayName: 'Please enter a display name of up to 60 characters.',
  paymentWindow: 'Please enter a payment window from 5 minutes to 30 days (43,200 minutes).',
  noPaymentWindow: 'This payment method has no payment window.',
  gatewayUnknown: 'Payment method not found.',
  percentage: 'Please enter a percentage from 0 to 100.',
  holdDays: 'Please enter a number of days from 0 to 365.',
} as const;

export const PAYMENT_WINDOW_MIN_MINUTES = 5;
export const PAYMENT_WINDOW_MAX_MINUTES = 30 * 24 * 60;
/** ₱100,000,000: far above any order the shop takes. */
export const MAXIMUM_ORDER_LIMIT_PESOS = 100_000_000;

export const gatewaySettingsSchema = z.object({
  displayName: z.string().trim().min(1, SETTINGS_MESSAGES.displayName).max(60, SETTINGS_MESSAGES.displayName).optional(),
  isEnabled: z.boolean().optional(),
  /** Pesos; null: no limit beyond the gateway's own default. */
  maximumOrderAmount: z
    .number({ error: SETTINGS_MESSAGES.invalidAmount })
    .positive(SETTINGS_MESSAGES.invalidAmount)
    .max(MAXIMUM_ORDER_LIMIT_PESOS, SETTINGS_MESSAGES.invalidAmount)
    .nullable()
    .optional(),
  paymentWindowMinutes: z
    .number({ error: SETTINGS_MESSAGES.paymentWindow })
    .int(SETTINGS_MESSAGES.paymentWindow)
    .min(PAYMENT_WINDOW_MIN_MINUTES, SETTINGS_MESSAGES.paymentWindow)
    .max(PAYMENT_WINDOW_MAX_MINUTES, SETTINGS_MESSAGES.paymentWindow)
    .optional(),
});

const percent = z.number({ error: SETTINGS_MESSAGES.percentage }).min(0, SETTINGS_MESSAGES.percentage).max(100, SETTINGS_MESSAGES.percentage);

export const referralSettingsSchema = z.object({
  level1Percentage: percent.optional(),
  level2Percentage: percent.optional(),
  payoutTaxPercentage: percent.optional(),
  holdDays: z.number({ error: SETTINGS_MESSAGES.holdDays }).int(SETTINGS_MESSAGES.holdDays).min(0, SETTINGS_MESSAGES.holdDays).max(365, SETTINGS_MESSAGES.holdDays).optional(),
});

export type GatewaySettingsInput = z.input<typeof gatewaySettingsSchema>;
export type ReferralSettingsInput = z.input<typeof referralSettingsSchema>;
