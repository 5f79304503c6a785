// Address rules of spec 1 section 5, shared by the account and checkout address forms and the
// server. Province and city must also be PSGC places: the server checks that against the
// full list (the list is too large for the browser bundle; the forms offer it as selects).
import { z } from 'zod';

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

function field(pattern: RegExp | null, message: string) {
  return z
    .string({ error: message })
    .transform((s) => s.trim().replace(/\s+/g, ' '))
    .refine((s) => s.length > 0 && s.length <= 256, message)
    .refine((s) => !pattern || pattern.test(s), message);
}

function optionalText(pattern: RegExp | null, message: string) {
  return z
    .string()
    .optional()
    .nullable()
    .transform((s) => (s ?? '').trim().replace(/\s+/g, ' '))
    .refine((s) => s.length <= 256 && (!s || !pattern || pattern.test(s)), message);
}

/** The address input; `message` is the form's failure text (both wordings are the spec's). */
export function makeAddressSchema(message: string = ADDRESS_MESSAGES.important) {
  return z.object({
    firstName: field(NAME_STREET_PATTERN, message),
    lastName: field(NAME_STREET_PATTERN, message),
    companyName: optionalText(null, message),
    streetAddress1: field(NAME_STREET_PATTERN, message),
    streetAddress2: optionalText(NAME_STREET_PATTERN, message),
    /** Barangay. */
    cityArea: field(BARANGAY_PATTERN, message).refine((s) => /[\p{L}\d]/u.test(s), message),
    city: field(null, message),
    /** Province. */
    countryArea: field(null, message),
    postalCode: field(POSTAL_CODE_PATTERN, message),
    /** Always PH: anything else is refused rather than silently changed. */
    country: z
      .string()
      .optional()
      .nullable()
      .transform((s) => (s ?? COUNTRY.code).trim().toUpperCase())
      .refine((s) => s === COUNTRY.code, message)
      .transform(() => COUNTRY.code),
    phone: z
      .string({ error: message })
      .transform((s, ctx) => {
        const phone = normalizePhone(s);
        if (!phone) {
          ctx.addIssue({ code: 'custom', message });
          return z.NEVER;
        }
        return phone;
      }),
  });
}

export const addressSchema = makeAddressSchema();
export type AddressInput = z.input<typeof addressSchema>;
export type Address = z.output<typeof addressSchema>;

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
