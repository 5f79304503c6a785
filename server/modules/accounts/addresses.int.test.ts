// Address rules of docs/product/accounts.md#addresses against the real PSGC data, and the place queries.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../../testing/test-api';
import { hashPassword } from './passwords';
import { users } from './accounts.tables';
import { signSessionToken } from './session';
import { findCity, listBarangays, listCities, listProvinces } from './ph-places';

let t: TestApi;
let token: string;
beforeAll(async () => {
  t = await createTestApi();
  const [user] = await t.db
    .insert(users)
    .values({ email: 'addr@example.com', passwordHash: await hashPassword('suki-secret-123'), firstName: 'Ana', lastName: 'Cruz' })
    .returning();
  token = await signSessionToken(user, t.config.jwtSecret);
});
afterAll(async () => {
  await t?.close();
});

const valid = {
  firstName: 'Juan',
  lastName: 'Dela Cruz',
  companyName: '',
  streetAddress1: "Blk 5 Lot 12, St. Peter's Ave.",
  streetAddress2: '',
  cityArea: 'Lahug',
  city: 'Cebu City',
  countryArea: 'Cebu',
  postalCode: '6000',
  country: 'PH',
  phone: '+639171234567',
};

const CREATE = `mutation($input: AddressInput!, $type: AddressTypeEnum) {
  accountAddressCreate(input: $input, type: $type) {
    address { id firstName streetAddress1 city cityArea countryArea postalCode phone country { code country } isDefaultShippingAddress isDefaultBillingAddress }
    user { defaultBillingAddress { id } }
    errors { field message }
  }
}`;
type Payload = { accountAddressCreate: { address: Record<string, unknown> | null; errors: { field: string; message: string }[] } };

describe('PSGC places', () => {
  it('has every province, Metro Manila, and all 1,642 cities and municipalities, filtered by province', () => {
    const provinces = listProvinces();
    expect(provinces.map((p) => p.name)).toEqual(expect.arrayContaining(['Metro Manila', 'Cebu', 'Benguet', 'Davao del Sur', 'Sulu']));
    expect(provinces.length).toBeGreaterThanOrEqual(82);
    const total = provinces.reduce((n, p) => n + listCities(p.name).length, 0);
    expect(total).toBe(1642);
    expect(listCities('Metro Manila').map((c) => c.name)).toEqual(expect.arrayContaining(['Quezon City', 'Makati City', 'Manila City', 'Pateros']));
    // Independent cities join the province they lie in.
    expect(listCities('cebu').filter((c) => c.isCity).map((c) => c.name)).toEqual(
      expect.arrayContaining(['Cebu City', 'Lapu-Lapu City', 'Mandaue City']),
    );
    expect(findCity('Benguet', 'Baguio City')).not.toBeNull();
    expect(findCity('Cebu', 'Makati City')).toBeNull();
  });

  it('suggests the barangays of a city as the PSGC list spells them', () => {
    expect(listBarangays('Manila City', 'Metro Manila').length).toBe(897);
    const cebu = listBarangays(findCity('Cebu', 'Cebu City')!.key);
    expect(cebu.map((b) => b.name)).toContain('Lahug');
    expect(listBarangays('Quezon City', 'Metro Manila').map((b) => b.name)).toContain('Bagong Pag-asa');
    expect(listBarangays('Tumauini', 'Isabela').map((b) => b.name)).toContain('Sto. Niño');
  });

  it('serves provinces, cities(province) and barangays(city) over GraphQL', async () => {
    const result = await t.gql<{ provinces: { name: string }[]; cities: { name: string; code: string }[]; barangays: { name: string; officialName: string }[] }>(
      `{ provinces { name code region } cities(province: "Metro Manila") { name code province isCity } barangays(province: "Metro Manila", city: "Makati City") { name officialName code } }`,
    );
    expect(result.data?.provinces.length).toBe(listProvinces().length);
    expect(result.data?.cities.find((c) => c.name === 'Makati City')?.code).toBe('1380300000');
    expect(result.data?.barangays.map((b) => b.name)).toEqual(expect.arrayContaining(['Poblacion', 'Bel-Air']));
    // The list offered "Bagong Pag asa", which is no barangay's name.
    const qc = await t.gql<{ barangays: { name: string; officialName: string }[] }>(
      `{ barangays(province: "Metro Manila", city: "Quezon City") { name officialName } }`,
    );
    expect(qc.data?.barangays).toContainEqual({ name: 'Bagong Pag-asa', officialName: 'Bagong Pag-asa' });
    expect(qc.data?.barangays.map((b) => b.name)).not.toContain('Bagong Pag asa');
  });
});

describe('address rules', () => {
  it('saves a valid address in its PSGC spelling with +63 phone and country PH, as the chosen default', async () => {
    const result = await t.gql<Payload>(
      CREATE,
      { input: { ...valid, city: 'cebu city', countryArea: 'CEBU', phone: '9171234567', country: undefined }, type: 'BILLING' },
      { token },
    );
    expect(result.data?.accountAddressCreate).toMatchObject({
      address: {
        city: 'Cebu City',
        countryArea: 'Cebu',
        phone: '+639171234567',
        country: { code: 'PH', country: 'Philippines' },
        isDefaultBillingAddress: true,
        isDefaultShippingAddress: false,
      },
      errors: [],
    });
  });

  it.each([
    ['firstName', ''],
    ['firstName', 'Juan<script>'],
    ['lastName', '   '],
    ['streetAddress1', '#5 Rizal St'],
    ['streetAddress1', 'Unit 5/B'],
    ['phone', '+63917123456'],
    ['phone', '+6391712345678'],
    ['phone', '+1 917 123 4567'],
    // What the 10-character field made of 09171234567: refused, never stored as +630917123456.
    ['phone', '0917123456'],
    ['phone', '+630917123456'],
    ['postalCode', '600'],
    ['postalCode', '60001'],
    ['postalCode', 'ABCD'],
    ['cityArea', ''],
    ['cityArea', '__'],
    ['cityArea', '.-'],
    ['country', 'US'],
  ])('refuses %s = %j with the rulebook message', async (field, value) => {
    const result = await t.gql<Payload>(CREATE, { input: { ...valid, [field]: value } }, { token });
    expect(result.data?.accountAddressCreate).toEqual({ address: null, user: null, errors: [{ field, message: 'Please enter the important fields' }] });
  });

  it('refuses a province or city outside the PSGC lists, and a city of another province', async () => {
    for (const [field, input] of [
      ['countryArea', { ...valid, countryArea: 'Atlantis' }],
      ['city', { ...valid, city: 'Springfield' }],
      ['city', { ...valid, city: 'Makati City' }],
    ] as const) {
      const result = await t.gql<Payload>(CREATE, { input }, { token });
      expect(result.data?.accountAddressCreate.errors).toEqual([{ field, message: 'Please enter the important fields' }]);
    }
  });

  it('accepts a barangay typed freely under the rule (not only the PSGC suggestions)', async () => {
    const result = await t.gql<Payload>(CREATE, { input: { ...valid, cityArea: 'Sitio Bagong_Silang 2' } }, { token });
    expect(result.data?.accountAddressCreate.errors).toEqual([]);
  });

  it.each([
    ['09171234567', '+639171234567'],
    ['0917 123 4567', '+639171234567'],
    ['+63 917-123-4567', '+639171234567'],
    ['63 9181112222', '+639181112222'],
    ['918-111-2222', '+639181112222'],
  ])('saves the phone %j as %s', async (phone, stored) => {
    const result = await t.gql<Payload>(CREATE, { input: { ...valid, phone } }, { token });
    expect(result.data?.accountAddressCreate).toMatchObject({ address: { phone: stored }, errors: [] });
  });

  it.each([
    ['Quezon City', 'Metro Manila', 'Bagong Pag-asa', 'Bagong Pag-asa'],
    ['Tumauini', 'Isabela', 'Sto. Niño', 'Sto. Niño'],
    ['Tumauini', 'Isabela', 'sto.  niño', 'Sto. Niño'],
    ['Cebu City', 'Cebu', 'lahug', 'Lahug'],
  ])('accepts the PSGC barangay of %s (%s) typed %j, saved as %j', async (city, countryArea, cityArea, saved) => {
    const result = await t.gql<Payload>(CREATE, { input: { ...valid, city, countryArea, cityArea } }, { token });
    expect(result.data?.accountAddressCreate).toMatchObject({ address: { cityArea: saved }, errors: [] });
  });

  it('refuses hyphens and periods in a barangay that is not the city\'s in the PSGC list', async () => {
    for (const cityArea of ['Bagong Pag-asa', 'Sto. Niño', 'Poblacion (Pob.)']) {
      const result = await t.gql<Payload>(CREATE, { input: { ...valid, cityArea } }, { token });
      expect(result.data?.accountAddressCreate.errors).toEqual([{ field: 'cityArea', message: 'Please enter the important fields' }]);
    }
  });

  it('requires a session', async () => {
    const result = await t.gql<Payload>(CREATE, { input: valid });
    expect(result.data?.accountAddressCreate.errors).toEqual([{ field: null, message: 'Please signup/login to continue.' }]);
  });
});
