/** The Address fields (schema type Address) the profile and the checkout both read. */
export const ADDRESS_FIELDS = /* GraphQL */ `
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
`;
