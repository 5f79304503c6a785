// One form of the account screens: checks the values with the same zod schema the route
// action uses (showing the first message, in the spec's order, and marking every invalid
// field), then posts them with an intent.
import { useState, type FormEvent } from 'react';
import { useFetcher } from 'react-router';
import type { z } from 'zod';
import { fieldMessages, validate } from '../../../common/validation/issues';
import type { ApiFieldError } from '../../../common/errors';

/** Where the profile forms post: the /account index route's action. */
export const PROFILE_ACTION = '/account?index';

/**
 * What the account actions answer: the text to show and whether it is a success; on a
 * refusal, each invalid field's own message (`fields`), so the form can mark it.
 */
export type IntentResult = { intent: string; ok: boolean; message: string; fields?: Record<string, string> };

/**
 * Each invalid field's message; `hints` replace a message the spec shares between fields
 * ("Please fill in the important details.") with what that field needs.
 */
export function markFields(errors: readonly ApiFieldError[] | null | undefined, hints: Record<string, string> = {}): Record<string, string> {
  return withHints(fieldMessages(errors), hints);
}

function withHints(marks: Record<string, string>, hints: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(marks).map(([field, message]) => [field, hints[field] ?? message]));
}

export function useIntentForm(schema: z.ZodType, intent: string, hints: Record<string, string> = {}) {
  const fetcher = useFetcher<IntentResult>({ key: `account-${intent}` });
  const [clientError, setClientError] = useState<string | null>(null);
  const [clientFields, setClientFields] = useState<Record<string, string> | null>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const result = validate(schema, Object.fromEntries(new FormData(event.currentTarget)));
    if (!result.ok) {
      // Nothing is posted: the typed values stay in the (uncontrolled) fields.
      event.preventDefault();
      setClientError(result.errors[0]?.message ?? null);
      setClientFields(markFields(result.errors, hints));
    } else {
      setClientError(null);
      setClientFields(null);
    }
  };

  const busy = fetcher.state !== 'idle';
  const answer = !busy && fetcher.data?.intent === intent ? fetcher.data : null;
  const message = clientError
    ? { text: clientError, ok: false }
    : answer
      ? { text: answer.message, ok: answer.ok }
      : null;
  // The form's alert keeps the spec's first message; each invalid field also shows its own.
  const fields = clientFields ?? (answer && !answer.ok ? withHints(answer.fields ?? {}, hints) : {});
  return { fetcher, onSubmit, busy, message, fields, saved: answer?.ok === true, setClientError };
}
