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
