// One address's fields (spec 1 section 5): names, street, PSGC province and city selects,
// barangay, 4-digit postal code and a phone after a fixed +63. Values are controlled so
// 'Ship to the same address' can copy and lock them.
import type { PlacesMap } from './places.server';
import type { AddressView } from './types';

const control =
  'mt-1 block w-full rounded-md border border-gray-400 px-3 py-2 text-sm focus:border-secondary focus:outline-none disabled:bg-gray-100 disabled:text-gray-600';

type Props = {
  /** Prefix for input ids and names: 'billing' or 'shipping'. */
  prefix: string;
  value: AddressView;
  onChange: (value: AddressView) => void;
  places: PlacesMap;
  disabled?: boolean;
};

export function AddressFields({ prefix, value, onChange, places, disabled }: Props) {
  const set = (key: keyof AddressView) => (e: { target: { value: string } }) => onChange({ ...value, [key]: e.target.value });
  const text = (key: keyof AddressView, label: string, options: { required?: boolean; inputMode?: 'numeric'; maxLength?: number; autoComplete?: string } = {}) => (
    <div>
      <label htmlFor={`${prefix}-${key}`} className="block text-sm font-medium text-gray-800">
        {label}
        {options.required === false ? '' : ' *'}
      </label>
      <input
        id={`${prefix}-${key}`}
        name={`${prefix}.${key}`}
        value={value[key]}
        onChange={set(key)}
        disabled={disabled}
        inputMode={options.inputMode}
        maxLength={options.maxLength}
        autoComplete={options.autoComplete ? `section-${prefix} ${options.autoComplete}` : undefined}
        className={control}
      />
    </div>
  );
  const provinces = Object.keys(places).sort((a, b) => (a === 'Metro Manila' ? -1 : b === 'Metro Manila' ? 1 : a.localeCompare(b)));
  const cities = places[value.countryArea] ?? [];
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      {text('firstName', 'First Name', { autoComplete: 'given-name' })}
      {text('lastName', 'Last Name', { autoComplete: 'family-name' })}
      <div className="sm:col-span-2">{text('streetAddress1', 'Street Address', { autoComplete: 'address-line1' })}</div>
      <div className="sm:col-span-2">
        {text('streetAddress2', 'Apartment, suite, unit (optional)', { required: false, autoComplete: 'address-line2' })}
      </div>
      <div>
        <label htmlFor={`${prefix}-countryArea`} className="block text-sm font-medium text-gray-800">
          Province *
        </label>
        <select
          id={`${prefix}-countryArea`}
          name={`${prefix}.countryArea`}
          value={value.countryArea}
          disabled={disabled}
          onChange={(e) => onChange({ ...value, countryArea: e.target.value, city: '' })}
          className={control}
        >
          <option value="">Select province</option>
          {provinces.map((p) => (
            <option key={p} value={p}>
              {p}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${prefix}-city`} className="block text-sm font-medium text-gray-800">
          City / Municipality *
        </label>
        <select
          id={`${prefix}-city`}
          name={`${prefix}.city`}
          value={value.city}
          disabled={disabled || !value.countryArea}
          onChange={set('city')}
          className={control}
        >
          <option value="">Select city</option>
          {/* Keep a saved city selectable even if the list spells it differently. */}
          {value.city && !cities.includes(value.city) ? <option value={value.city}>{value.city}</option> : null}
          {cities.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
      </div>
      {text('cityArea', 'Barangay')}
      {text('postalCode', 'Postal Code', { inputMode: 'numeric', maxLength: 4, autoComplete: 'postal-code' })}
      <div className="sm:col-span-2">
        <label htmlFor={`${prefix}-phone`} className="block text-sm font-medium text-gray-800">
          Phone Number *
        </label>
        <div className="mt-1 flex">
          <span className="inline-flex items-center rounded-l-md border border-r-0 border-gray-400 bg-gray-100 px-3 text-sm text-gray-800">
            +63
          </span>
          <input
            id={`${prefix}-phone`}
            name={`${prefix}.phone`}
            value={value.phone}
            onChange={(e) => onChange({ ...value, phone: e.target.value.replace(/\D/g, '').slice(0, 10) })}
            disabled={disabled}
            inputMode="numeric"
            maxLength={10}
            autoComplete={`section-${prefix} tel-national`}
            className={`${control.replace('rounded-md', 'rounded-r-md')} mt-0`}
          />
        </div>
      </div>
    </div>
  );
}
