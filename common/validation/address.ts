// Address rules of docs/product/accounts.md#addresses, shared by the account and checkout address forms and the
// server: messages, patterns, the phone rule and the field hints, without zod so the address
// forms' pages do not load it; the schema built from them is address-schema.ts.
// Province and city must also be PSGC places, and a barangay outside the rulebook's pattern one of
// the city's PSGC barangays: the server checks that against the full list (the list is too
// large for the browser bundle; the forms offer it as selects and suggestions).
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

/**
 * The PSGC code of the National Capital Region (Metro Manila). The shop's place list files NCR
 * as the province "Metro Manila" under this code; tires are delivered only there.
 */
export const NCR_REGION_CODE = '1300000000';
export const PHONE_PREFIX = '+63';

/** Names and street: letters, digits, whitespace and . , ' - (letters include ñ and other accents). */
export const NAME_STREET_PATTERN = /^[\p{L}\p{M}\d\s.,'-]+$/u;
/**
 * Barangay (cityArea) typed by hand: the rulebook's rule, letters, digits, space, underscore, with at
 * least one letter or digit.
 */
export const BARANGAY_PATTERN = /^[\p{L}\p{M}\d _]+$/u;
/**
 * The characters of the PSGC list's barangay names ("Bagong Pag-asa", "Sto. Niño", "Osmeña, Sr.",
 * "Saint Francis (Gasak)", "Kitang 2 & Luz", "Simuay/Seashore", "Fuentes*"). A name outside
 * BARANGAY_PATTERN passes the form only with these, and the server keeps it only when it is one
 * of the city's PSGC barangays (docs/decisions/037-phone-numbers-and-place-names.md).
 */
export const PSGC_BARANGAY_PATTERN = /^[\p{L}\p{M}\d _.,'&()/*-]+$/u;
export const POSTAL_CODE_PATTERN = /^\d{4}$/;

/**
 * A Philippine mobile number as people write it, to +63 and its 10 digits, or null. Accepted:
 * `0917 123 4567`, `+63 917-123-4567`, `63 9171234567`, `917 123 4567` (also `+63 0917...`),
 * with spaces, dashes, dots or brackets between the digits. The 10 digits begin with 9: every
 * 10-digit Philippine number is a mobile one (landlines have 9 digits after +63), and a leading
 * 0 is the trunk prefix, never part of the number: "+630917123456" is a number cut short.
 */
export function normalizePhone(value: string): string | null {
  const compact = value.replace(/[\s.()-]/g, '');
  const match = /^(?:\+?63)?0?(9\d{9})$/.exec(compact);
  return match ? `${PHONE_PREFIX}${match[1]}` : null;
}

/** The phone field's text after the fixed +63: the 10 digits when the number is good, else as typed. */
export function nationalPhone(value: string): string {
  return normalizePhone(value)?.slice(PHONE_PREFIX.length) ?? value;
}

/** A stored number as people read it, "+63 917 123 4567" (anything else as it is). */
export function formatPhone(value: string): string {
  const phone = normalizePhone(value);
  return phone ? `${PHONE_PREFIX} ${phone.slice(3, 6)} ${phone.slice(6, 9)} ${phone.slice(9)}` : value;
}

/** 'Same as Shipping': both addresses equal, ignoring id, country and default flags (docs/product/accounts.md#addresses). */
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
 * rulebook's 'Please enter the important fields').
 */
export const ADDRESS_FIELD_HINTS: Record<string, string> = {
  firstName: "Required: letters, numbers, spaces and . , ' -",
  lastName: "Required: letters, numbers, spaces and . , ' -",
  streetAddress1: "Required: letters, numbers, spaces and . , ' -",
  streetAddress2: "Letters, numbers, spaces and . , ' - only",
  cityArea: 'Required: a barangay from the list, or letters, numbers, spaces and _',
  city: 'Choose a city',
  countryArea: 'Choose a province',
  postalCode: 'Enter the 4-digit postal code',
  phone: 'Enter a mobile number, e.g. 0917 123 4567',
};

/** Each failing field of an address check, with the hint of what it needs. */
export function addressFieldErrors(errors: readonly { field: string | null }[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of errors) if (e.field && !(e.field in out)) out[e.field] = ADDRESS_FIELD_HINTS[e.field] ?? ADDRESS_MESSAGES.important;
  return out;
}
