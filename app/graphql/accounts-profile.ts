// The profile panels' data and mutations (spec 2 sections 7.2 and 7.3).
import type { FieldError } from '../../common/errors';
import { operation } from '../../common/graphql-operation';
import { ADDRESS_FIELDS } from './address';

export type ProfileAddress = {
  id: string;
  firstName: string;
  lastName: string;
  companyName: string | null;
  streetAddress1: string;
  streetAddress2: string | null;
  city: string;
  cityArea: string;
  countryArea: string;
  postalCode: string;
  phone: string;
};

export type Profile = {
  id: string;
  email: string;
  firstName: string;
  middleName: string | null;
  lastName: string;
  birthday: string | null;
  sex: 'M' | 'F' | null;
  isVerified: boolean;
  dateJoined: string;
  referralCode: string | null;
  profilePicture: { url: string; alt: string | null } | null;
  defaultShippingAddress: ProfileAddress | null;
  defaultBillingAddress: ProfileAddress | null;
  bank: { code: string; name: string; accountName: string; accountNumber: string } | null;
};

export const ProfileQuery = operation<{ me: Profile | null }>(/* GraphQL */ `
  query Profile {
    me {
      id
      email
      firstName
      middleName
      lastName
      birthday
      sex
      isVerified
      dateJoined
      referralCode
      profilePicture {
        url
        alt
      }
      defaultShippingAddress {
        id
        ...AddressFields
      }
      defaultBillingAddress {
        id
        ...AddressFields
      }
      bank {
        code
        name
        accountName
        accountNumber
      }
    }
  }
  ${ADDRESS_FIELDS}
`);

type Payload = { errors: FieldError[] | null } | null;

export const AccountUpdateMutation = operation<
  { accountUpdate: Payload },
  { input: { firstName: string; middleName: string; lastName: string; birthday: string; sex: 'M' | 'F' } }
>(/* GraphQL */ `
  mutation AccountUpdate($input: AccountInput!) {
    accountUpdate(input: $input) {
      errors {
        field
        message
      }
    }
  }
`);

export type AddressWireInput = {
  firstName: string;
  lastName: string;
  companyName: string;
  streetAddress1: string;
  streetAddress2: string;
  city: string;
  cityArea: string;
  countryArea: string;
  postalCode: string;
  country: string;
  phone: string;
};

export const AccountAddressCreateMutation = operation<
  { accountAddressCreate: Payload },
  { input: AddressWireInput; type: 'SHIPPING' | 'BILLING' }
>(/* GraphQL */ `
  mutation AccountAddressCreate($input: AddressInput!, $type: AddressTypeEnum!) {
    accountAddressCreate(input: $input, type: $type) {
      errors {
        field
        message
      }
    }
  }
`);

export const AccountAddressUpdateMutation = operation<
  { accountAddressUpdate: Payload },
  { id: string; input: AddressWireInput }
>(/* GraphQL */ `
  mutation AccountAddressUpdate($id: ID!, $input: AddressInput!) {
    accountAddressUpdate(id: $id, input: $input) {
      errors {
        field
        message
      }
    }
  }
`);

export const PasswordChangeMutation = operation<
  { passwordChange: { errors: FieldError[] | null; token: string | null } | null },
  { oldPassword: string; newPassword: string }
>(/* GraphQL */ `
  mutation PasswordChange($oldPassword: String!, $newPassword: String!) {
    passwordChange(oldPassword: $oldPassword, newPassword: $newPassword) {
      token
      errors {
        field
        message
      }
    }
  }
`);

export const AccountEmailUpdateMutation = operation<
  { accountEmailUpdate: { errors: FieldError[] | null; token: string | null } | null },
  { email: string; password: string | null }
>(/* GraphQL */ `
  mutation AccountEmailUpdate($email: String!, $password: String) {
    accountEmailUpdate(email: $email, password: $password) {
      token
      errors {
        field
        message
      }
    }
  }
`);

export const BankDetailsRegisterMutation = operation<
  { bankDetailsRegister: Payload },
  { bankName: string; accountName: string; accountNumber: string }
>(/* GraphQL */ `
  mutation BankDetailsRegister($bankName: String!, $accountName: String!, $accountNumber: String!) {
    bankDetailsRegister(bankName: $bankName, accountName: $accountName, accountNumber: $accountNumber) {
      errors {
        field
        message
      }
    }
  }
`);

export const ProfilePictureUploadMutation = operation<
  { userProfilePictureUpload: Payload },
  { base64Str: string }
>(/* GraphQL */ `
  mutation ProfilePictureUpload($base64Str: String!) {
    userProfilePictureUpload(base64Str: $base64Str) {
      errors {
        field
        message
      }
    }
  }
`);

/** PSGC places for the address selects (cities filtered by province, barangays by city). */
export type Place = { name: string; code: string };

export const ProvincesQuery = operation<{ provinces: Place[] }>(/* GraphQL */ `
  query Provinces {
    provinces {
      name
      code
    }
  }
`);

export const CitiesQuery = operation<{ cities: Place[] }, { province: string }>(/* GraphQL */ `
  query Cities($province: String!) {
    cities(province: $province) {
      name
      code
    }
  }
`);

export const BarangaysQuery = operation<{ barangays: Place[] }, { province: string; city: string }>(/* GraphQL */ `
  query Barangays($province: String!, $city: String!) {
    barangays(province: $province, city: $city) {
      name
      code
    }
  }
`);
