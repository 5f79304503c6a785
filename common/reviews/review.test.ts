import { describe, expect, it } from 'vitest';
import { validate } from '../validation/issues';
import { REVIEW_MESSAGES, REVIEW_NOTE_MAX, reviewInputSchema } from './review';

describe('review input (dialog, order action and server)', () => {
  it('needs a rating of at least 1, from a form string or a number', () => {
    for (const rating of [undefined, '', '0', 0, 0.5, 'abc', Number.NaN, -1]) {
      expect(validate(reviewInputSchema, { rating })).toEqual({ ok: false, errors: [{ field: 'rating', message: REVIEW_MESSAGES.ratingMin }] });
    }
    expect(validate(reviewInputSchema, { rating: '4' })).toEqual({ ok: true, data: { rating: 4, note: '' } });
    expect(validate(reviewInputSchema, { rating: 4.5, note: null })).toEqual({ ok: true, data: { rating: 4.5, note: '' } });
  });

  it('refuses more than 5 stars and an overlong note; trims the note', () => {
    expect(validate(reviewInputSchema, { rating: 6 })).toMatchObject({ ok: false, errors: [{ field: 'rating', message: REVIEW_MESSAGES.ratingMax }] });
    expect(validate(reviewInputSchema, { rating: 5, note: 'x'.repeat(REVIEW_NOTE_MAX + 1) })).toMatchObject({
      ok: false,
      errors: [{ field: 'note', message: REVIEW_MESSAGES.noteTooLong }],
    });
    expect(validate(reviewInputSchema, { rating: 1, note: '  Okay  ' })).toEqual({ ok: true, data: { rating: 1, note: 'Okay' } });
  });
});
