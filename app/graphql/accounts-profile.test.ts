import { describe, expect, it } from 'vitest';
import { toPlaces, toProfile } from './accounts-profile';

describe('profile mapping', () => {
  it('gives the nullable profile fields their fallbacks and keeps the ones the screens show as absent', () => {
    const profile = toProfile({
      id: 'U1',
      email: 'a@b.co',
      firstName: 'Juan',
      middleName: null,
      lastName: null,
      birthday: null,
      sex: 'M',
      isVerified: null,
      dateJoined: null,
      referralCode: null,
      profilePicture: null,
      defaultShippingAddress: {
        id: 'A1',
        firstName: 'Juan',
        lastName: 'Cruz',
        companyName: null,
        streetAddress1: '1 Rizal St.',
        streetAddress2: null,
        city: 'Makati City',
        cityArea: null,
        countryArea: 'Metro Manila',
        postalCode: '1203',
        phone: null,
      },
      defaultBillingAddress: null,
      bank: { code: 'BDO', name: null, accountName: 'Juan Cruz', accountNumber: null },
    });
    expect(profile).toMatchObject({ email: 'a@b.co', lastName: '', middleName: null, isVerified: false, dateJoined: '', profilePicture: null });
    expect(profile.defaultShippingAddress).toMatchObject({ id: 'A1', companyName: null, cityArea: '', phone: '' });
    expect(profile.defaultBillingAddress).toBeNull();
    expect(profile.bank).toEqual({ code: 'BDO', name: '', accountName: 'Juan Cruz', accountNumber: '' });
  });

  it('gives an empty PSGC list when the API sends none', () => {
    expect(toPlaces(null)).toEqual([]);
    expect(toPlaces([{ name: 'Abra', code: null }])).toEqual([{ name: 'Abra', code: '' }]);
  });
});
