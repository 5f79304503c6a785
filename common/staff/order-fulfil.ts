// The fulfil form of the back office and orderFulfill on the server: one schema for both.
import { z } from 'zod';
import { trackingLinkHref } from '../orders/order-display';

export const FULFIL_MESSAGES = {
  trackingNumber: 'Please enter the tracking number.',
  trackingNumberTooLong: 'The tracking number must be at most 100 characters.',
  trackingLink: 'Please enter a valid tracking link, such as www.lbcexpress.com/track or https://www.lbcexpress.com/track.',
  noteTooLong: 'The note must be at most 500 characters.',
} as const;

export const fulfilSchema = z.object({
  trackingNumber: z
    .string({ error: FULFIL_MESSAGES.trackingNumber })
    .trim()
    .min(1, FULFIL_MESSAGES.trackingNumber)
    .max(100, FULFIL_MESSAGES.trackingNumberTooLong),
  trackingLink: z
    .string()
    .trim()
    .max(500, FULFIL_MESSAGES.trackingLink)
    .nullish()
    .transform((v) => v || null)
    // Kept as typed: couriers hand links out without a scheme (www.lbcexpress.com/...), and the
    // screens and emails add https:// when they show one (trackingLinkHref).
    .refine((v) => v === null || isTrackingLink(v), FULFIL_MESSAGES.trackingLink),
});

/**
 * A link a customer can follow: http(s), or no scheme at all (https:// is then assumed), to a
 * host with a dot in it, without spaces. javascript:, mailto: and the like are refused.
 */
export function isTrackingLink(value: string): boolean {
  const href = trackingLinkHref(value);
  if (!href || /\s/.test(href)) return false;
  try {
    const { hostname } = new URL(href);
    return /^[^.]+(\.[^.]+)+$/.test(hostname);
  } catch {
    return false;
  }
}

/** A staff note on reject, unforeseen circumstance or deny: optional, up to 500 characters. */
export const staffNoteSchema = z
  .string()
  .trim()
  .max(500, FULFIL_MESSAGES.noteTooLong)
  .nullish()
  .transform((v) => v || null);
