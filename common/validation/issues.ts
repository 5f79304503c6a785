// Turns a zod result into the rulebook's {field, message} list, keeping the order the rules ran in.
import type { z } from 'zod';
import type { ApiFieldError, FieldError } from '../errors';

export function toFieldErrors(error: z.ZodError): FieldError[] {
  const seen = new Set<string>();
  const list: FieldError[] = [];
  for (const issue of error.issues) {
    const field = issue.path.length ? issue.path.map(String).join('.') : null;
    // One message per field: the first rule that failed for it.
    const key = `${field}`;
    if (seen.has(key)) continue;
    seen.add(key);
    list.push({ field, message: issue.message });
  }
  return list;
}

/** The first error the storefront shows (docs/product/messages.md#error-shape: "the first message is shown"). */
export function firstError(error: z.ZodError): FieldError {
  return toFieldErrors(error)[0] ?? { field: null, message: 'Something went wrong.' };
}

/** Parses or returns the ordered errors; callers never need to touch zod's error shape. */
export function validate<S extends z.ZodType>(
  schema: S,
  input: unknown,
): { ok: true; data: z.output<S> } | { ok: false; errors: FieldError[] } {
  const result = schema.safeParse(input);
  return result.success ? { ok: true, data: result.data } : { ok: false, errors: toFieldErrors(result.error) };
}

/**
 * Each field's own message (the first for it), for marking fields beside the form's first
 * message: `{ email: 'Please enter your email address.' }`. Errors without a field are left out.
 */
export function fieldMessages(errors: readonly ApiFieldError[] | null | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of errors ?? []) if (e.field && e.message != null && !(e.field in out)) out[e.field] = e.message;
  return out;
}
