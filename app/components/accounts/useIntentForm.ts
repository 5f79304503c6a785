// One form of the account screens: checks the values with the same zod schema the route
// action uses (showing the first message, in the rulebook's order, and marking every invalid
// field), then posts them with an intent. The schema is loaded on the first submit
// (app/lib/form-schemas.ts), so zod is not part of the page's first load.
import { useState, type FormEvent } from 'react';
import { useFetcher } from 'react-router';
import { fieldMessages, validate } from '../../../common/validation/issues';
import type { ApiFieldError } from '../../../common/errors';
import type { SchemaLoader } from '../../lib/form-schemas';

/** Where the profile forms post: the /account index route's action. */
export const PROFILE_ACTION = '/account?index';

/**
 * What the account actions answer: the text to show and whether it is a success; on a
 * refusal, each invalid field's own message (`fields`), so the form can mark it.
 */
export type IntentResult = { intent: string; ok: boolean; message: string; fields?: Record<string, string> };

/**
 * Each invalid field's message; `hints` replace a message the rulebook shares between fields
 * ("Please fill in the important details.") with what that field needs.
 */
export function markFields(errors: readonly ApiFieldError[] | null | undefined, hints: Record<string, string> = {}): Record<string, string> {
  return withHints(fieldMessages(errors), hints);
}

function withHints(marks: Record<string, string>, hints: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(marks).map(([field, message]) => [field, hints[field] ?? message]));
}

export function useIntentForm(loadSchema: SchemaLoader, intent: string, hints: Record<string, string> = {}) {
  const fetcher = useFetcher<IntentResult>({ key: `account-${intent}` });
  const [clientError, setClientError] = useState<string | null>(null);
  const [clientFields, setClientFields] = useState<Record<string, string> | null>(null);
  // While the schema loads (first submit only), the form counts as busy: no second post.
  const [checking, setChecking] = useState(false);

  const check = async (form: HTMLFormElement) => {
    const values = new FormData(form);
    // Rules that did not load (a dropped connection) leave the check to the action's same rules.
    const schema = await loadSchema().catch(() => null);
    setChecking(false);
    const result = schema ? validate(schema, Object.fromEntries(values)) : null;
    if (result && !result.ok) {
      // Nothing is posted: the typed values stay in the (uncontrolled) fields.
      setClientError(result.errors[0]?.message ?? null);
      setClientFields(markFields(result.errors, hints));
      return;
    }
    setClientError(null);
    setClientFields(null);
    await fetcher.submit(values, { method: 'post', action: form.getAttribute('action') ?? undefined });
  };

  // Without JavaScript the form posts natively and only the action checks it.
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (checking || fetcher.state !== 'idle') return;
    setChecking(true);
    void check(event.currentTarget);
  };

  const busy = checking || fetcher.state !== 'idle';
  const answer = !busy && fetcher.data?.intent === intent ? fetcher.data : null;
  const message = clientError
    ? { text: clientError, ok: false }
    : answer
      ? { text: answer.message, ok: answer.ok }
      : null;
  // The form's alert keeps the rulebook's first message; each invalid field also shows its own.
  const fields = clientFields ?? (answer && !answer.ok ? withHints(answer.fields ?? {}, hints) : {});
  return { fetcher, onSubmit, busy, message, fields, saved: answer?.ok === true, setClientError };
}
