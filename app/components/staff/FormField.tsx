// A labelled back-office field that shows its error beside it (aria-invalid, aria-describedby)
// and keeps what was typed when the form comes back refused.
import type { ReactNode } from 'react';

type FieldProps = {
  name: string;
  label: string;
  /** Makes the id unique when one page has several forms with the same field. */
  idPrefix?: string;
  defaultValue?: string | number | null;
  error?: string;
  type?: string;
  required?: boolean;
  maxLength?: number;
  inputMode?: 'decimal' | 'numeric' | 'text';
  className?: string;
  hint?: string;
  form?: string;
  srOnlyLabel?: boolean;
};

export function fieldId(name: string, idPrefix = 'f') {
  return `${idPrefix}-${name.replace(/[^A-Za-z0-9_-]/g, '-')}`;
}

function describedBy(id: string, error?: string, hint?: string) {
  return [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
}

function Messages({ id, error, hint }: { id: string; error?: string; hint?: string }) {
  return (
    <>
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-gray-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </>
  );
}

export function TextField(props: FieldProps) {
  const id = fieldId(props.name, props.idPrefix);
  return (
    <div className={props.className}>
      <label htmlFor={id} className={props.srOnlyLabel ? 'sr-only' : 'block text-sm font-medium'}>
        {props.label}
      </label>
      <input
        id={id}
        name={props.name}
        form={props.form}
        type={props.type ?? 'text'}
        inputMode={props.inputMode}
        required={props.required}
        maxLength={props.maxLength}
        defaultValue={props.defaultValue ?? ''}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={describedBy(id, props.error, props.hint)}
        className={`w-full rounded border px-2 py-1 ${props.error ? 'border-red-600' : 'border-gray-400'}`}
      />
      <Messages id={id} error={props.error} hint={props.hint} />
    </div>
  );
}

export function TextArea(props: FieldProps & { rows?: number }) {
  const id = fieldId(props.name, props.idPrefix);
  return (
    <div className={props.className}>
      <label htmlFor={id} className="block text-sm font-medium">
        {props.label}
      </label>
      <textarea
        id={id}
        name={props.name}
        rows={props.rows ?? 4}
        maxLength={props.maxLength}
        defaultValue={props.defaultValue ?? ''}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={describedBy(id, props.error, props.hint)}
        className={`w-full rounded border px-2 py-1 ${props.error ? 'border-red-600' : 'border-gray-400'}`}
      />
      <Messages id={id} error={props.error} hint={props.hint} />
    </div>
  );
}

export function SelectField(props: FieldProps & { options: { value: string; label: string }[]; emptyLabel?: string; children?: ReactNode }) {
  const id = fieldId(props.name, props.idPrefix);
  return (
    <div className={props.className}>
      <label htmlFor={id} className="block text-sm font-medium">
        {props.label}
      </label>
      <select
        id={id}
        name={props.name}
        defaultValue={props.defaultValue ?? ''}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={describedBy(id, props.error, props.hint)}
        className={`w-full rounded border bg-white px-2 py-1 ${props.error ? 'border-red-600' : 'border-gray-400'}`}
      >
        {props.emptyLabel !== undefined ? <option value="">{props.emptyLabel}</option> : null}
        {props.options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <Messages id={id} error={props.error} hint={props.hint} />
    </div>
  );
}

export function CheckboxField({ name, label, defaultChecked, idPrefix }: { name: string; label: string; defaultChecked: boolean; idPrefix?: string }) {
  const id = fieldId(name, idPrefix);
  return (
    <label htmlFor={id} className="flex items-center gap-2 text-sm">
      <input id={id} type="checkbox" name={name} defaultChecked={defaultChecked} />
      {label}
    </label>
  );
}

/** The form's outcome, announced: a status when saved, an alert when refused. */
export function FormResult({ result }: { result: { ok: boolean; message: string } | null | undefined }) {
  if (!result) return null;
  return (
    <p role={result.ok ? 'status' : 'alert'} className={result.ok ? 'text-green-800' : 'text-red-700'}>
      {result.message}
    </p>
  );
}
