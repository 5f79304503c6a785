// An over-long input is refused with a field error before any work.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../testing/test-api';
import { createCustomer, type Customer } from '../modules/checkout/checkout.fixtures';
import { users } from '../modules/accounts/accounts.tables';
import { seedCatalogue } from '../seed/catalogue/catalogue.seed';
import { DEFAULT_MAX_LIST_LENGTH, MAX_FLOAT_MAGNITUDE, STRING_LIMITS } from './input-limits';

let api: TestApi;
let customer: Customer;

beforeAll(async () => {
  api = await createTestApi();
  await seedCatalogue(api.db, { products: 20 });
  customer = await createCustomer(api);
});
afterAll(() => api.close());

const refusal = (field: string, maxLength: number, key = 'maxLength') =>
  expect.objectContaining({ extensions: { code: 'BAD_USER_INPUT', field, [key]: maxLength } });

describe('input limits', () => {
  it('refuses a 1 MB search, as a literal or a variable, before searching', async () => {
    const huge = 'a'.repeat(1_000_000);
    const asVariable = await api.gql(`query ($q: String) { products(first: 5, query: $q) { totalCount } }`, { q: huge });
    expect(asVariable.data).toBeUndefined();
    expect(asVariable.errors).toEqual([refusal('query', STRING_LIMITS.query!)]);
    expect(asVariable.errors![0]!.message).toBe('query must be at most 200 characters.');

    const asLiteral = await api.gql(`{ products(first: 5, query: "${'b'.repeat(300_000)}") { totalCount } }`);
    expect(asLiteral.errors).toEqual([refusal('query', 200)]);
  });

  it('still searches at the bound', async () => {
    const result = await api.gql(`query ($q: String) { products(first: 5, query: $q) { totalCount } }`, {
      q: 'samsung '.repeat(25),
    });
    expect(result.errors).toBeUndefined();
  });

  it('refuses a 1 MB first name inside an input object and stores nothing', async () => {
    const result = await api.gql(
      `mutation ($input: AccountInput!) { accountUpdate(input: $input) { errors { field message } } }`,
      { input: { firstName: 'J'.repeat(1_000_000), lastName: 'Cruz', middleName: 'M', bday: '1990-01-01', sex: 'M' } },
      { token: customer.token },
    );
    expect(result.errors).toEqual([refusal('firstName', 100)]);
    const [row] = await api.db.select({ firstName: users.firstName }).from(users).where(eq(users.id, customer.user.id));
    expect(row!.firstName).toBe('Juan');
  });

  it('refuses the default bound on an unnamed string, a NUL byte, and an over-long list', async () => {
    const slug = await api.gql(`query ($s: String) { category(slug: $s) { id } }`, { s: 'x'.repeat(201) });
    expect(slug.errors).toEqual([refusal('slug', 200)]);

    const promo = await api.gql(`query ($p: String!) { cities(province: $p) { name } }`, { p: 'x'.repeat(300) });
    expect(promo.errors).toEqual([refusal('province', 255)]);

    const nul = await api.gql(`query ($q: String) { products(first: 5, query: $q) { totalCount } }`, { q: 'sam\u0000sung' });
    expect(nul.errors).toEqual([refusal('query', 200)]);
    expect(nul.errors![0]!.message).toBe('query must not contain a NUL character.');

    const ids = Array.from({ length: DEFAULT_MAX_LIST_LENGTH + 1 }, (_, i) => `UHJvZHVjdDo${i}`);
    const list = await api.gql(`query ($ids: [ID!]!) { nodes(ids: $ids) { id } }`, { ids });
    expect(list.errors).toEqual([refusal('ids', DEFAULT_MAX_LIST_LENGTH, 'maxItems')]);
  });

  it('refuses a price or weight no shop has, instead of overflowing a column', async () => {
    for (const value of [-1e308, 1e300, 1e10]) {
      const result = await api.gql(`query ($min: Float) { products(first: 1, minimumPrice: $min) { totalCount } }`, { min: value });
      expect(result.errors).toEqual([refusal('minimumPrice', MAX_FLOAT_MAGNITUDE, 'maxMagnitude')]);
    }
    const inRange = await api.gql(`query ($min: Float) { products(first: 1, minimumPrice: $min) { totalCount } }`, { min: -5 });
    expect(inRange.errors).toBeUndefined();
  });
});
