// One address's fields (docs/product/accounts.md#addresses): names, street, PSGC province and city selects,
// barangay (with the PSGC list as suggestions, spelt as the list spells them), 4-digit postal
// code and a phone after a fixed +63, typed any way people write it (0917..., +63 917...). The lists come from the accounts screens' /places resource route, so checkout and the
// account pages offer the same places. Values are controlled so 'Ship to the same address'
// can copy and lock them.
import { useEffect } from 'react';
import { useFetcher } from 'react-router';
import type { PlacesData } from '../../routes/places';
import { nationalPhone } from '../../../common/validation/address';
import { FieldError, invalidProps } from '../accounts/FormControls';
import type { AddressView } from './types';

const control =
  'mt-1 block w-full rounded-md border border-gray-400 px-3 py-2 text-sm focus:border-secondary focus:outline-none disabled:bg-gray-100 disabled:text-gray-600';

type Props = {
  /** Prefix for input ids: 'billing' or 'shipping'. */
  prefix: string;
  value: AddressView;
  onChange: (value: AddressView) => void;
  /** Province names (PSGC, plus Metro Manila). */
  provinces: readonly string[];
  disabled?: boolean;
  /** Each invalid field's own message: the field is marked and the message tied to it. */
  errors?: Record<string, string>;
};

const citiesUrl = (province: string) => `/places?province=${encodeURIComponent(province)}`;
const barangaysUrl = (province: string, city: string) =>
  `/places?province=${encodeURIComponent(province)}&city=${encodeURIComponent(city)}`;

export function AddressFields({ prefix, value, onChange, provinces, disabled, errors = {} }: Props) {
  const mark = (key: string) => ({
    ...invalidProps(`${prefix}-${key}`, errors[key]),
    className: errors[key] ? `${control} border-red-700!` : control,
  });
  const message = (key: string) => <FieldError id={`${prefix}-${key}-error`} message={errors[key]} />;
  const cities = useFetcher<PlacesData>({ key: `checkout-cities-${prefix}` });
  const barangays = useFetcher<PlacesData>({ key: `checkout-barangays-${prefix}` });
  const { countryArea, city } = value;

  // The prefilled (or copied) province and city need their lists; later choices load them too.
  useEffect(() => {
    if (countryArea && !disabled) void cities.load(citiesUrl(countryArea));
    // Only a change of province matters; the fetcher object changes on every load.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [countryArea, disabled]);
  useEffect(() => {
    if (countryArea && city && !disabled) void barangays.load(barangaysUrl(countryArea, city));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [countryArea, city, disabled]);

  const set = (key: keyof AddressView) => (e: { target: { value: string } }) => onChange({ ...value, [key]: e.target.value });
  const text = (
    key: keyof AddressView,
    label: string,
    options: { optional?: boolean; inputMode?: 'numeric'; maxLength?: number; autoComplete?: string; list?: string } = {},
  ) => (
    <div>
      <label htmlFor={`${prefix}-${key}`} className="block text-sm font-medium text-gray-800">
        {label}
        {options.optional ? ' (optional)' : ''}
      </label>
      <input
        id={`${prefix}-${key}`}
        value={value[key]}
        onChange={set(key)}
        disabled={disabled}
        inputMode={options.inputMode}
        maxLength={options.maxLength}
        list={options.list}
        autoComplete={options.autoComplete ? `section-${prefix} ${options.autoComplete}` : 'off'}
        {...mark(key)}
      />
      {message(key)}
    </div>
  );

  const loadedCities = cities.data?.places.map((p) => p.name) ?? [];
  // Keep the saved city selectable before (or without) its list.
  const cityOptions = city && !loadedCities.includes(city) ? [city, ...loadedCities] : loadedCities;
  const provinceOptions = countryArea && !provinces.includes(countryArea) ? [countryArea, ...provinces] : provinces;

  return (
    <div className="grid gap-3 sm:grid-cols-2">
      {text('firstName', 'First Name', { autoComplete: 'given-name' })}
      {text('lastName', 'Last Name', { autoComplete: 'family-name' })}
      <div className="sm:col-span-2">{text('streetAddress1', 'Street Address', { autoComplete: 'address-line1' })}</div>
      <div className="sm:col-span-2">
        {text('streetAddress2', 'Street Address 2', { optional: true, autoComplete: 'address-line2' })}
      </div>
      <div>
        <label htmlFor={`${prefix}-countryArea`} className="block text-sm font-medium text-gray-800">
          Province
        </label>
        <select
          id={`${prefix}-countryArea`}
          value={countryArea}
          disabled={disabled}
          onChange={(e) => onChange({ ...value, countryArea: e.target.value, city: '', cityArea: '' })}
          {...mark('countryArea')}
        >
          <option value="">Select a province</option>
          {provinceOptions.map((p) => (
            <option key={p} value={p}>
              {p}
            </option>
          ))}
        </select>
        {message('countryArea')}
      </div>
      <div>
        <label htmlFor={`${prefix}-city`} className="block text-sm font-medium text-gray-800">
          City
        </label>
        <select
          id={`${prefix}-city`}
          value={city}
          disabled={disabled || !countryArea}
          onChange={(e) => onChange({ ...value, city: e.target.value, cityArea: '' })}
          {...mark('city')}
        >
          <option value="">{cities.state === 'loading' ? 'Loading…' : 'Select a city'}</option>
          {cityOptions.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
        {message('city')}
      </div>
      {text('cityArea', 'Barangay', { list: `${prefix}-barangays` })}
      <datalist id={`${prefix}-barangays`}>
        {(barangays.data?.places ?? []).map((b) => (
          <option key={b.code} value={b.name} />
        ))}
      </datalist>
      {text('postalCode', 'Postal Code', { inputMode: 'numeric', maxLength: 4, autoComplete: 'postal-code' })}
      <div className="sm:col-span-2">
        <label htmlFor={`${prefix}-phone`} className="block text-sm font-medium text-gray-800">
          Phone
        </label>
        <div className="mt-1 flex">
          <span className="inline-flex items-center rounded-l-md border border-r-0 border-gray-400 bg-gray-100 px-3 text-sm text-gray-800">
            +63
          </span>
          <input
            id={`${prefix}-phone`}
            type="tel"
            value={value.phone}
            onChange={(e) => onChange({ ...value, phone: e.target.value })}
            onBlur={(e) => onChange({ ...value, phone: nationalPhone(e.target.value.trim()) })}
            disabled={disabled}
            inputMode="tel"
            placeholder="917 123 4567"
            autoComplete={`section-${prefix} tel-national`}
            {...invalidProps(`${prefix}-phone`, errors.phone)}
            className={`block w-full rounded-r-md border px-3 py-2 text-sm focus:border-secondary focus:outline-none disabled:bg-gray-100 disabled:text-gray-600 ${errors.phone ? 'border-red-700' : 'border-gray-400'}`}
          />
        </div>
        {message('phone')}
      </div>
    </div>
  );
}
