// Small labelled form controls shared by the accounts dialogs and profile panels.
import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes } from 'react';

const control =
  'mt-1 block w-full rounded-md border border-gray-400 px-3 py-2 text-sm focus:border-secondary focus:outline-none disabled:bg-gray-100 disabled:text-gray-600';

const invalidControl = ' border-red-700!';

/**
 * A field's own error message, tied to its control with aria-describedby (the form still shows
 * the rulebook's first message in its alert).
 */
export function FieldError({ id, message }: { id: string; message?: string | null }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1 text-xs font-medium text-red-700" data-field-error>
      {message}
    </p>
  );
}

/** aria props marking a control invalid and pointing at its message (and hint). */
export function invalidProps(controlId: string, error: string | null | undefined, hintId?: string) {
  const describedBy = [error ? `${controlId}-error` : null, hintId].filter(Boolean).join(' ');
  return {
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy || undefined,
  } as const;
}

type FieldProps = InputHTMLAttributes<HTMLInputElement> & { label: string; name: string; hint?: ReactNode; error?: string | null };

export function TextField({ label, name, hint, id, className, error, ...rest }: FieldProps) {
  const inputId = id ?? name;
  const hintId = hint ? `${inputId}-hint` : undefined;
  return (
    <div className={className}>
      <label htmlFor={inputId} className="block text-sm font-medium text-gray-800">
        {label}
      </label>
      <input id={inputId} name={name} className={control + (error ? invalidControl : '')} {...invalidProps(inputId, error, hintId)} {...rest} />
      <FieldError id={`${inputId}-error`} message={error} />
      {hint ? (
        <p id={hintId} className="mt-1 text-xs text-gray-700">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

type SelectProps = SelectHTMLAttributes<HTMLSelectElement> & {
  label: string;
  name: string;
  options: readonly { value: string; label: string }[];
  placeholder?: string;
  error?: string | null;
};

export function SelectField({ label, name, id, options, placeholder, className, error, ...rest }: SelectProps) {
  const selectId = id ?? name;
  return (
    <div className={className}>
      <label htmlFor={selectId} className="block text-sm font-medium text-gray-800">
        {label}
      </label>
      <select id={selectId} name={name} className={control + (error ? invalidControl : '')} {...invalidProps(selectId, error)} {...rest}>
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <FieldError id={`${selectId}-error`} message={error} />
    </div>
  );
}

/** A message area: red for failures, green for successes; announced to screen readers. */
export function FormMessage({ message }: { message: { text: string; ok: boolean } | null | undefined }) {
  if (!message) return null;
  return (
    <p
      role={message.ok ? 'status' : 'alert'}
      className={`mt-3 rounded-md px-3 py-2 text-sm ${message.ok ? 'bg-green-50 text-green-800' : 'bg-red-50 text-red-800'}`}
    >
      {message.text}
    </p>
  );
}
