/** The rulebook's error shape: every mutation returns a list of these for expected failures. */
export type FieldError = { field: string | null; message: string };

/** A FieldError as schema.graphql types it (the `Error` type's message is nullable there, though the API always sets it). */
export type ApiFieldError = { field: string | null; message: string | null };

/** The rulebook's generic texts for failures that are not the user's fault. */
export const NETWORK_ERROR_TEXT = 'Sorry! Something went wrong. Please try again later!';
export const NOT_FOUND_TEXT = 'The page you are trying to find does not exist.';
