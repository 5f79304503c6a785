// Input bounds the browser forms and the API share (server/graphql/input-limits.ts enforces
// them on every request; forms use them as maxLength so a shopper never meets the refusal).

/** Free-text search (header box, /shop?query=): the longest product name is under 100. */
export const SEARCH_MAX_LENGTH = 200;
/** Order cancellation note (docs/product/limits.md#input-limits). */
export const CANCEL_NOTE_MAX_LENGTH = 500;
/** Review note. */
export const REVIEW_NOTE_MAX_LENGTH = 2000;
