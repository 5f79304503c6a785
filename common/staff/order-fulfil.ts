// The fulfil form of the back office and orderFulfill on the server: one schema for both.
import { z } from 'zod';

export const FULFIL_MESSAGES = {
  trackingNumber: 'Please enter the tracking number.',
  trackingNumberTooLong: 'The tracking number must be at most 100 characters.',
  trackingLink: 'Please enter a valid tracking link (https://...).',
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
    .refine((v) => v === null || /^https?:\/\/[^\s]+\.[^\s]+$/i.test(v), FULFIL_MESSAGES.trackingLink),
});

/** A staff note on reject, unforeseen circumstance or deny: optional, up to 500 characters. */
export const staffNoteSchema = z
  .string()
  .trim()
  .max(500, FULFIL_MESSAGES.noteTooLong)
  .nullish()
  .transform((v) => v || null);
