// Reviewer names come from the accounts service's public profiles (names only), batched per request.
import { encodeGlobalID } from '@pothos/plugin-relay';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../../testing/test-api';
import { getPublicProfiles } from '../accounts/accounts.service';
import { createTestProduct } from '../catalogue/catalogue.fixtures';
import { createCustomer, type Customer } from '../checkout/checkout.fixtures';
import { reviews } from './reviews.tables';

let api: TestApi;
let juan: Customer;
let productId: number;

beforeAll(async () => {
  api = await createTestApi();
  juan = await createCustomer(api);
  productId = (await createTestProduct(api.db, { basePrice: 1000_00, variants: [{}] })).product.id;
  await api.db.insert(reviews).values([
    { productId, userId: juan.user.id, rating: 5, note: 'Legit!', createdAt: new Date('2026-01-05T02:00:00Z') },
    // An account deleted since: the review stays, its author shows as Anonymous (null user).
    { productId, userId: 999_999, rating: 3, note: 'Okay', createdAt: new Date('2026-01-04T02:00:00Z') },
  ]);
});
afterAll(() => api.close());

describe('reviewers', () => {
  it('gives names only, and nothing for unknown users', async () => {
    const profiles = await getPublicProfiles({ db: api.db }, [juan.user.id, juan.user.id, 999_999]);
    expect([...profiles.values()]).toEqual([{ id: juan.user.id, firstName: 'Juan', lastName: 'Dela Cruz' }]);
    expect((await getPublicProfiles({ db: api.db }, [])).size).toBe(0);
  });

  it('shows each review\'s author through the public profile', async () => {
    const r = await api.gql<{ product: { reviews: { edges: { node: { note: string; user: { firstName: string; lastName: string } | null } }[] } } }>(
      `query ($id: ID!) { product(id: $id) { reviews(first: 10) { edges { node { note user { firstName lastName } } } } } }`,
      { id: encodeGlobalID('Product', productId) },
    );
    expect(r.errors).toBeUndefined();
    expect(r.data!.product.reviews.edges.map((e) => e.node)).toEqual([
      { note: 'Legit!', user: { firstName: 'Juan', lastName: 'Dela Cruz' } },
      { note: 'Okay', user: null },
    ]);
  });
});
