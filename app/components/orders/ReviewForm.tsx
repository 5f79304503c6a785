// The review dialog's form (five stars, an optional note), loaded when the dialog opens
// (ReviewButton.tsx). It checks the same rules as the order action first, keeping the rulebook's
// first message in its alert and marking each invalid field with what it needs.
import { useState, type FormEvent } from 'react';
import type { useFetcher } from 'react-router';
import { REVIEW_NOTE_MAX, REVIEW_RATING_MAX, REVIEW_RATING_MIN, reviewInputSchema } from '../../../common/reviews/review';
import { validate } from '../../../common/validation/issues';
import type { OrderLineData } from '../../graphql/orders';
import { FieldError, FormMessage, invalidProps } from '../accounts/FormControls';
import { markFields } from '../accounts/useIntentForm';
import type { OrderActionResult } from './order-messages';

const ORDER_ACTION_PATH = '/account/orders';
const STARS = Array.from({ length: REVIEW_RATING_MAX - REVIEW_RATING_MIN + 1 }, (_, i) => REVIEW_RATING_MIN + i);

/** What each marked field needs (the dialog's alert keeps the rulebook's message). */
const REVIEW_FIELD_HINTS: Record<string, string> = {
  rating: `Choose ${REVIEW_RATING_MIN} to ${REVIEW_RATING_MAX} stars`,
  note: `Up to ${REVIEW_NOTE_MAX} characters`,
};

const secondary = 'rounded-md border border-gray-400 px-3 py-1.5 text-sm font-medium hover:bg-gray-50 disabled:opacity-60';

export default function ReviewForm({
  fetcher,
  orderId,
  productId,
  product,
  review,
  submitLabel,
  busy,
  serverError,
  onClose,
}: {
  fetcher: ReturnType<typeof useFetcher<OrderActionResult>>;
  orderId: string;
  productId: string;
  product: string;
  review: OrderLineData['viewerReview'];
  submitLabel: string;
  busy: boolean;
  serverError: string | null;
  onClose: () => void;
}) {
  const [rating, setRating] = useState(() => (review ? Math.min(REVIEW_RATING_MAX, Math.max(REVIEW_RATING_MIN, Math.round(review.rating))) : 0));
  const [error, setError] = useState<string | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});

  const submit = (event: FormEvent<HTMLFormElement>) => {
    const check = validate(reviewInputSchema, Object.fromEntries(new FormData(event.currentTarget)));
    if (!check.ok) {
      // Nothing is posted: the chosen stars and the typed note stay.
      event.preventDefault();
      setError(check.errors[0]!.message);
      setFields(markFields(check.errors, REVIEW_FIELD_HINTS));
      return;
    }
    setError(null);
    setFields({});
  };
  const message = error ?? serverError;
  const ratingId = `review-rating-${productId}`;
  const noteId = `review-note-${productId}`;

  return (
    <fetcher.Form method="post" action={ORDER_ACTION_PATH} onSubmit={submit} noValidate className="space-y-4">
      <input type="hidden" name="intent" value="review" />
      <input type="hidden" name="orderId" value={orderId} />
      <input type="hidden" name="productId" value={productId} />
      {review ? <input type="hidden" name="reviewId" value={review.id} /> : null}
      <p className="font-semibold">{product}</p>
      <fieldset aria-describedby={fields.rating ? `${ratingId}-error` : undefined}>
        <legend className="text-sm font-medium text-gray-800">Rating</legend>
        <div className="mt-1 flex gap-1">
          {STARS.map((star) => (
            <label key={star} className="cursor-pointer">
              <input
                type="radio"
                name="rating"
                value={star}
                checked={rating === star}
                onChange={() => {
                  setRating(star);
                  setFields(({ rating: _fixed, ...rest }) => rest);
                }}
                className="peer sr-only"
                {...invalidProps(ratingId, fields.rating)}
              />
              <span className="sr-only">{star === 1 ? '1 star' : `${star} stars`}</span>
              <svg
                width="32"
                height="32"
                viewBox="0 0 24 24"
                aria-hidden="true"
                className="rounded peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-secondary"
              >
                <path
                  fill={star <= rating ? '#b45309' : '#d1d5db'}
                  d="M12 2.5l2.9 6.2 6.8.7-5.1 4.6 1.5 6.7L12 17.3l-5.9 3.4 1.5-6.7-5.1-4.6 6.8-.7z"
                />
              </svg>
            </label>
          ))}
        </div>
        <FieldError id={`${ratingId}-error`} message={fields.rating} />
      </fieldset>
      <div>
        <label htmlFor={noteId} className="block text-sm font-medium text-gray-800">
          Note (optional)
        </label>
        <textarea
          id={noteId}
          name="note"
          rows={4}
          maxLength={REVIEW_NOTE_MAX}
          defaultValue={review?.note ?? ''}
          className={`mt-1 block w-full rounded-md border px-3 py-2 text-sm focus:border-secondary focus:outline-none ${fields.note ? 'border-red-700' : 'border-gray-400'}`}
          {...invalidProps(noteId, fields.note)}
        />
        <FieldError id={`${noteId}-error`} message={fields.note} />
      </div>
      <FormMessage message={message ? { text: message, ok: false } : null} />
      <div className="flex justify-end gap-2">
        <button type="button" className={secondary} onClick={onClose}>
          Close
        </button>
        <button type="submit" className="btn-primary" disabled={busy}>
          {busy ? 'Sending…' : submitLabel}
        </button>
      </div>
    </fetcher.Form>
  );
}
