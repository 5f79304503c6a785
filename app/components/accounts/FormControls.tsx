// Small labelled form controls shared by the accounts dialogs and profile panels.
import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes } from 'react';

const control =
  'mt-1 block w-full rounded-md border border-gray-400 px-3 py-2 text-sm focus:border-secondary focus:outline-none disabled:bg-gray-100 disabled:text-gray-600';

type FieldProps = InputHTMLAttributes<HTMLInputElement> & { label: string; name: string; hint?: ReactNode };

export function TextField({ label, name, hint, id, className, ...rest }: FieldProps) {
  const inputId = id ?? name;
  return (
    <div className={className}>
      <label htmlFor={inputId} className="block text-sm font-medium text-gray-800">
        {label}
      </label>
      <input id={inputId} name={name} className={control} {...rest} />
      {hint ? <p className="mt-1 text-xs text-gray-700">{hint}</p> : null}
    </div>
  );
}

type SelectProps = SelectHTMLAttributes<HTMLSelectElement> & {
  label: string;
  name: string;
  options: readonly { value: string; label: string }[];
  placeholder?: string;
};

export function SelectField({ label, name, id, options, placeholder, className, ...rest }: SelectProps) {
  const selectId = id ?? name;
  return (
    <div className={className}>
      <label htmlFor={selectId} className="block text-sm font-medium text-gray-800">
        {label}
      </label>
      <select id={selectId} name={name} className={control} {...rest}>
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
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
