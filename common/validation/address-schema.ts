// The address input's zod schema (docs/product/accounts.md#addresses), built from the rules in address.ts; the
// account and checkout forms load it when they are submitted, the server runs it on every address.
import { z } from 'zod';
import { ADDRESS_MESSAGES, BARANGAY_PATTERN, COUNTRY, NAME_STREET_PATTERN, normalizePhone, POSTAL_CODE_PATTERN, PSGC_BARANGAY_PATTERN } from './address';

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

/** The address input; `message` is the form's failure text (both wordings are the rulebook's). */
export function makeAddressSchema(message: string = ADDRESS_MESSAGES.important) {
  return z.object({
    firstName: field(NAME_STREET_PATTERN, message),
    lastName: field(NAME_STREET_PATTERN, message),
    companyName: optionalText(null, message),
    streetAddress1: field(NAME_STREET_PATTERN, message),
    streetAddress2: optionalText(NAME_STREET_PATTERN, message),
    /**
     * Barangay: the rulebook's pattern, or a name spelt as in the PSGC list (hyphens, periods, ñ...),
     * which the server keeps only when it is one of the city's barangays.
     */
    cityArea: field(null, message)
      .refine((s) => BARANGAY_PATTERN.test(s) || PSGC_BARANGAY_PATTERN.test(s), message)
      .refine((s) => /[\p{L}\d]/u.test(s), message),
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
