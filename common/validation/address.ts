// Address rules of spec 1 section 5, shared by the account and checkout address forms and the
// server: messages, patterns, the phone rule and the field hints, without zod so the address
// forms' pages do not load it (issue 14); the schema built from them is address-schema.ts.
// Province and city must also be PSGC places: the server checks that against the full list
// (the list is too large for the browser bundle; the forms offer it as selects).
import type { Address } from './address-schema';

export const ADDRESS_MESSAGES = {
  /** The address forms' failure text (checkout and account). */
  important: 'Please enter the important fields',
  /** The same failure worded as in the billing/shipping modals. */
  importantDetails: 'Please enter important details',
  /** Used by the server when the province or city is not in the PSGC list. */
  place: 'Please enter the important fields',
} as const;

export const ADDRESS_TYPES = ['SHIPPING', 'BILLING'] as const;
export type AddressType = (typeof ADDRESS_TYPES)[number];

export const COUNTRY = { code: 'PH', country: 'Philippines' } as const;
export const PHONE_PREFIX = '+63';

/** Names and street: letters, digits, whitespace and . , ' - (letters include ñ and other accents). */
export const NAME_STREET_PATTERN = /^[\p{L}\p{M}\d\s.,'-]+$/u;
/** Barangay (cityArea): letters, digits, space, underscore, with at least one letter or digit. */
export const BARANGAY_PATTERN = /^[\p{L}\p{M}\d _]+$/u;
export const POSTAL_CODE_PATTERN = /^\d{4}$/;

/** +63 then exactly 10 digits. Accepts the 10 digits alone or with the +63 (or 0) prefix. */
export function normalizePhone(value: string): string | null {
  const compact = value.replace(/[\s-]/g, '');
  const digits = compact.startsWith(PHONE_PREFIX)
    ? compact.slice(PHONE_PREFIX.length)
    : compact.startsWith('0') && compact.length === 11
      ? compact.slice(1)
      : compact;
  return /^\d{10}$/.test(digits) ? `${PHONE_PREFIX}${digits}` : null;
}

/** Makes a PSGC barangay name fit the barangay rule (e.g. "Poblacion (Pob.)" -> "Poblacion Pob"). */
export function toBarangayValue(name: string): string {
  return name
    .replace(/[^\p{L}\p{M}\d _]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** 'Same as Shipping': both addresses equal, ignoring id, country and default flags (spec 1 4). */
export function sameAddress(a: Partial<Address>, b: Partial<Address>): boolean {
  const keys = [
    'firstName',
    'lastName',
    'companyName',
    'streetAddress1',
    'streetAddress2',
    'cityArea',
    'city',
    'countryArea',
    'postalCode',
    'phone',
  ] as const;
  return keys.every((k) => (a[k] ?? '') === (b[k] ?? ''));
}

/**
 * What each address field needs, shown beside a field that fails (the form's alert keeps the
 * spec's 'Please enter the important fields').
 */
export const ADDRESS_FIELD_HINTS: Record<string, string> = {
  firstName: "Required: letters, numbers, spaces and . , ' -",
  lastName: "Required: letters, numbers, spaces and . , ' -",
  streetAddress1: "Required: letters, numbers, spaces and . , ' -",
  streetAddress2: "Letters, numbers, spaces and . , ' - only",
  cityArea: 'Required: letters, numbers, spaces and _',
  city: 'Choose a city',
  countryArea: 'Choose a province',
  postalCode: 'Enter the 4-digit postal code',
  phone: 'Enter the 10 digits after +63',
};

/** Each failing field of an address check, with the hint of what it needs. */
export function addressFieldErrors(errors: readonly { field: string | null }[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of errors) if (e.field && !(e.field in out)) out[e.field] = ADDRESS_FIELD_HINTS[e.field] ?? ADDRESS_MESSAGES.important;
  return out;
}
