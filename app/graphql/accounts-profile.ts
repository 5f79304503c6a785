// The profile panels' data and mutations (docs/product/accounts.md#profile).
import { operation } from '../../common/graphql-operation';
import type * as G from './generated';
import { ADDRESS_FIELDS, toScreenAddress, type ScreenAddress } from './address';

// The screens' view of the profile. The schema (Saleor-shaped) declares these fields nullable;
// the API fills them for a signed-in user, and toProfile gives the fallbacks in one place.
/** A saved address: the screens' address with its id, and a city area and phone always given. */
export type ProfileAddress = Omit<ScreenAddress, 'cityArea' | 'phone'> & { id: string; cityArea: string; phone: string };

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

export const ProfileQuery = operation<G.ProfileQuery, G.ProfileQueryVariables>(/* GraphQL */ `
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

type GqlProfile = NonNullable<G.ProfileQuery['me']>;

/** A saved address as the account screens edit it (the add-to-cart address dialog too). */
export function toProfileAddress(a: (G.AddressFieldsFragment & { id?: string | null }) | null | undefined): ProfileAddress | null {
  if (!a) return null;
  const address = toScreenAddress(a);
  return { ...address, id: a.id ?? '', cityArea: address.cityArea ?? '', phone: address.phone ?? '' };
}

export function toProfile(me: GqlProfile): Profile {
  const picture = me.profilePicture;
  const bank = me.bank;
  return {
    id: me.id,
    email: me.email ?? '',
    firstName: me.firstName ?? '',
    middleName: me.middleName,
    lastName: me.lastName ?? '',
    birthday: me.birthday,
    sex: me.sex,
    isVerified: me.isVerified ?? false,
    dateJoined: me.dateJoined ?? '',
    referralCode: me.referralCode,
    profilePicture: picture ? { url: picture.url ?? '', alt: picture.alt } : null,
    defaultShippingAddress: toProfileAddress(me.defaultShippingAddress),
    defaultBillingAddress: toProfileAddress(me.defaultBillingAddress),
    bank: bank
      ? { code: bank.code ?? '', name: bank.name ?? '', accountName: bank.accountName ?? '', accountNumber: bank.accountNumber ?? '' }
      : null,
  };
}

export const AccountUpdateMutation = operation<G.AccountUpdateMutation, G.AccountUpdateMutationVariables>(/* GraphQL */ `
  mutation AccountUpdate($input: AccountInput!) {
    accountUpdate(input: $input) {
      errors {
        field
        message
      }
    }
  }
`);

export const AccountAddressCreateMutation = operation<G.AccountAddressCreateMutation, G.AccountAddressCreateMutationVariables>(/* GraphQL */ `
  mutation AccountAddressCreate($input: AddressInput!, $type: AddressTypeEnum!) {
    accountAddressCreate(input: $input, type: $type) {
      errors {
        field
        message
      }
    }
  }
`);

export const AccountAddressUpdateMutation = operation<G.AccountAddressUpdateMutation, G.AccountAddressUpdateMutationVariables>(/* GraphQL */ `
  mutation AccountAddressUpdate($id: ID!, $input: AddressInput!) {
    accountAddressUpdate(id: $id, input: $input) {
      errors {
        field
        message
      }
    }
  }
`);

export const PasswordChangeMutation = operation<G.PasswordChangeMutation, G.PasswordChangeMutationVariables>(/* GraphQL */ `
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

export const AccountEmailUpdateMutation = operation<G.AccountEmailUpdateMutation, G.AccountEmailUpdateMutationVariables>(/* GraphQL */ `
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

export const BankDetailsRegisterMutation = operation<G.BankDetailsRegisterMutation, G.BankDetailsRegisterMutationVariables>(/* GraphQL */ `
  mutation BankDetailsRegister($bankName: String!, $accountName: String!, $accountNumber: String!) {
    bankDetailsRegister(bankName: $bankName, accountName: $accountName, accountNumber: $accountNumber) {
      errors {
        field
        message
      }
    }
  }
`);

export const ProfilePictureUploadMutation = operation<G.ProfilePictureUploadMutation, G.ProfilePictureUploadMutationVariables>(/* GraphQL */ `
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

/** The PSGC lists as the selects take them (the schema allows null names; the API never sends one). */
export function toPlaces(list: readonly { name: string | null; code: string | null }[] | null | undefined): Place[] {
  return (list ?? []).map((p) => ({ name: p.name ?? '', code: p.code ?? '' }));
}

export const ProvincesQuery = operation<G.ProvincesQuery, G.ProvincesQueryVariables>(/* GraphQL */ `
  query Provinces {
    provinces {
      name
      code
    }
  }
`);

export const CitiesQuery = operation<G.CitiesQuery, G.CitiesQueryVariables>(/* GraphQL */ `
  query Cities($province: String!) {
    cities(province: $province) {
      name
      code
    }
  }
`);

export const BarangaysQuery = operation<G.BarangaysQuery, G.BarangaysQueryVariables>(/* GraphQL */ `
  query Barangays($province: String!, $city: String!) {
    barangays(province: $province, city: $city) {
      name
      code
    }
  }
`);
