// The demo accounts: the README's logins work and the customer's data passes the shop's rules.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../../testing/test-api';
import { validateAddress } from './addresses.service';
import { DEMO_CUSTOMER, DEMO_STAFF, seedAccounts, type AccountsSeed } from './accounts.seed';

let t: TestApi;
let seed: AccountsSeed;
beforeAll(async () => {
  t = await createTestApi();
  seed = await seedAccounts(t.db);
});
afterAll(async () => {
  await t?.close();
});

const LOGIN = `mutation($e: String!, $p: String!) { tokenCreate(email: $e, password: $p) { token user { isVerified isStaff } errors { message } } }`;

describe('demo accounts', () => {
  it('lets the verified customer sign in and see addresses, parent and voucher', async () => {
    const login = await t.gql<{ tokenCreate: { token: string; user: { isVerified: boolean; isStaff: boolean } } }>(LOGIN, {
      e: DEMO_CUSTOMER.email,
      p: DEMO_CUSTOMER.password,
    });
    expect(login.data?.tokenCreate.user).toEqual({ isVerified: true, isStaff: false });
    const me = await t.gql<{
      me: {
        defaultShippingAddress: Record<string, string>;
        defaultBillingAddress: Record<string, string>;
        parent: { firstName: string };
        voucher: { used: boolean };
      };
    }>(
      `{ me { parent { firstName } voucher { used }
        defaultShippingAddress { firstName lastName streetAddress1 streetAddress2 city cityArea countryArea postalCode phone }
        defaultBillingAddress { firstName lastName streetAddress1 streetAddress2 city cityArea countryArea postalCode phone } } }`,
      {},
      { token: login.data!.tokenCreate.token },
    );
    expect(me.data?.me.parent.firstName).toBe('Teresa');
    expect(me.data?.me.voucher.used).toBe(false);
    for (const address of [me.data!.me.defaultShippingAddress, me.data!.me.defaultBillingAddress]) {
      expect(() => validateAddress(address)).not.toThrow();
    }
  });

  it('has a staff superuser and 26 reviewers for the catalogue seed', async () => {
    const login = await t.gql<{ tokenCreate: { user: { isStaff: boolean } } }>(LOGIN, { e: DEMO_STAFF.email, p: DEMO_STAFF.password });
    expect(login.data?.tokenCreate.user.isStaff).toBe(true);
    expect(seed.reviewerIds).toHaveLength(26);
    expect(new Set([...seed.reviewerIds, seed.customerId, seed.staffId, seed.commissionerId]).size).toBe(29);
  });
});
