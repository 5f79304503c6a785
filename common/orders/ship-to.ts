// The ship-to address as a courier needs it: who, the street, the barangay and city,
// the province and postal code, and a phone number to call, in the order a Philippine parcel
// label is written.
import { formatPhone, normalizePhone } from '../validation/address';

export type ShipToAddress = {
  firstName: string;
  lastName: string;
  companyName?: string | null;
  streetAddress1: string;
  streetAddress2?: string | null;
  /** Barangay. */
  cityArea?: string | null;
  city: string;
  /** Province. */
  countryArea: string;
  postalCode: string;
  phone?: string | null;
};

const join = (parts: readonly (string | null | undefined)[], separator: string) =>
  parts.map((p) => p?.trim()).filter(Boolean).join(separator);

/** The label's lines: name, company, street, street 2, "barangay, city", "province postal code". */
export function shipToLines(a: ShipToAddress): string[] {
  return [
    join([a.firstName, a.lastName], ' '),
    a.companyName?.trim() ?? '',
    a.streetAddress1.trim(),
    a.streetAddress2?.trim() ?? '',
    join([a.cityArea, a.city], ', '),
    join([a.countryArea, a.postalCode], ' '),
  ].filter(Boolean);
}

/** The address on one line, without the name: "12 Mabini St, Unit 3, Bagong Pag-asa, Quezon City, Metro Manila 1105". */
export function shipToLine(a: ShipToAddress): string {
  return join([a.companyName, a.streetAddress1, a.streetAddress2, a.cityArea, a.city, join([a.countryArea, a.postalCode], ' ')], ', ');
}

/** The phone as people read it ("+63 917 555 0142") and its tel: link (null when it is no good number). */
export function shipToPhone(phone: string | null | undefined): { text: string; href: string | null } | null {
  if (!phone?.trim()) return null;
  const normalised = normalizePhone(phone);
  return { text: formatPhone(phone), href: normalised ? `tel:${normalised}` : null };
}
