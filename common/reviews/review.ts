// The review dialog's rules and texts (docs/product/catalogue.md#reviews),
// one schema for the dialog, the order action and the server.
import { z } from 'zod';
import { REVIEW_NOTE_MAX_LENGTH } from '../validation/limits';

export const REVIEW_RATING_MIN = 1;
export const REVIEW_RATING_MAX = 5;
export const REVIEW_NOTE_MAX = REVIEW_NOTE_MAX_LENGTH;

export const REVIEW_MESSAGES = {
  ratingMin: 'Your rating should be at least 1.',
  failed: 'Unable to leave a review',
  failedLater: 'Unable to leave a review. Please try again later.',
  added: 'Thank you for your review!',
  updated: 'Review Updated! Thank you for your review!',
  // The API's own bounds: the dialog's five stars and maxLength never reach them.
  ratingMax: `Your rating should be at most ${REVIEW_RATING_MAX}.`,
  noteTooLong: `The note must be at most ${REVIEW_NOTE_MAX} characters.`,
} as const;

/** 'Write a Review' opens the dialog empty; 'Update Review' opens it with the saved review. */
export const REVIEW_DIALOG_TITLES = { write: 'Write a Review', update: 'Update Review' } as const;

export const reviewInputSchema = z.object({
  // A float in the rulebook's Review type; a missing or unparsable rating is "less than 1".
  rating: z.preprocess(
    (value) => {
      const n = value === '' || value === null || value === undefined ? 0 : Number(value);
      return Number.isFinite(n) ? n : 0;
    },
    z
      .number()
      .refine((n) => n >= REVIEW_RATING_MIN, REVIEW_MESSAGES.ratingMin)
      .refine((n) => n <= REVIEW_RATING_MAX, REVIEW_MESSAGES.ratingMax),
  ),
  note: z
    .string()
    .nullish()
    .transform((n) => n?.trim() ?? '')
    .refine((n) => n.length <= REVIEW_NOTE_MAX, REVIEW_MESSAGES.noteTooLong),
});
export type ReviewInput = z.infer<typeof reviewInputSchema>;
