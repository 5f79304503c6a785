// One form of the account screens: checks the values with the same zod schema the route
// action uses (showing the first message, in the spec's order), then posts them with an intent.
import { useState, type FormEvent } from 'react';
import { useFetcher } from 'react-router';
import type { z } from 'zod';
import { validate } from '../../../common/validation/issues';

/** Where the profile forms post: the /account index route's action. */
export const PROFILE_ACTION = '/account?index';

/** What the account actions answer: the text to show and whether it is a success. */
export type IntentResult = { intent: string; ok: boolean; message: string };

export function useIntentForm(schema: z.ZodType, intent: string) {
  const fetcher = useFetcher<IntentResult>({ key: `account-${intent}` });
  const [clientError, setClientError] = useState<string | null>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const result = validate(schema, Object.fromEntries(new FormData(event.currentTarget)));
    if (!result.ok) {
      event.preventDefault();
      setClientError(result.errors[0]?.message ?? null);
    } else {
      setClientError(null);
    }
  };

  const busy = fetcher.state !== 'idle';
  const answer = !busy && fetcher.data?.intent === intent ? fetcher.data : null;
  const message = clientError
    ? { text: clientError, ok: false }
    : answer
      ? { text: answer.message, ok: answer.ok }
      : null;
  return { fetcher, onSubmit, busy, message, saved: answer?.ok === true, setClientError };
}
