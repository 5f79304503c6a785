// The Address fields (schema type Address) the profile and the checkout both read, as a
// fragment: a document spreads `...AddressFields` and appends ADDRESS_FIELDS.
export const ADDRESS_FIELDS = /* GraphQL */ `
  fragment AddressFields on Address {
    firstName
    lastName
    companyName
    streetAddress1
    streetAddress2
    city
    cityArea
    countryArea
    postalCode
    phone
  }
`;

/** An address as the screens show it: the schema's nullable names and lines made strings. */
export type ScreenAddress = {
  firstName: string;
  lastName: string;
  companyName: string | null;
  streetAddress1: string;
  streetAddress2: string | null;
  city: string;
  cityArea: string | null;
  countryArea: string;
  postalCode: string;
  phone: string | null;
};

type GqlAddressFields = { [K in keyof ScreenAddress]?: string | null };

/** The one mapping of an AddressFields answer to ScreenAddress (profile and orders both use it). */
export function toScreenAddress(a: GqlAddressFields): ScreenAddress {
  return {
    firstName: a.firstName ?? '',
    lastName: a.lastName ?? '',
    companyName: a.companyName ?? null,
    streetAddress1: a.streetAddress1 ?? '',
    streetAddress2: a.streetAddress2 ?? null,
    city: a.city ?? '',
    cityArea: a.cityArea ?? null,
    countryArea: a.countryArea ?? '',
    postalCode: a.postalCode ?? '',
    phone: a.phone ?? null,
  };
}
