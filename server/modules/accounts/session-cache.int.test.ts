// The per-process session cache (session-cache.ts, ADR 031): a kept session saves the user read,
// and any committed change to the user's row, from this process or another, is seen on the next
// request (migration 0022's notification). Runs on PGlite and on PostgreSQL.
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApi, type TestApi } from '../../testing/test-api';
import { databaseUrl, testDriver } from '../../testing/test-database';
import { createCustomer, type Customer } from '../checkout/checkout.fixtures';
import { users } from './accounts.tables';
import { signSessionToken } from './session';

let api: TestApi;

beforeAll(async () => {
  api = await createTestApi({}, { sessionCache: true });
});
afterAll(async () => api?.close());

const ME = '{ me { email firstName isStaff } }';
type Me = { me: { email: string; firstName: string; isStaff: boolean } | null };

/** `me` for this token, and the statements the request ran. */
async function me(customer: Customer): Promise<{ me: Me['me']; statements: number }> {
  const before = api.database.statementCount();
  const answer = await api.gql<Me>(ME, {}, { token: customer.token });
  expect(answer.errors).toBeUndefined();
  return { me: answer.data!.me, statements: api.database.statementCount() - before };
}

/**
 * A write as another replica would make it: its own connection on PostgreSQL. It returns once
 * this process has heard the change: the notification travels on the listener's own connection
 * and may arrive after the writer's commit has returned (and a kept session needs no statement,
 * so a request sent at once would beat it). What the cache promises is the next request after
 * the notification, which is what these tests check.
 */
async function elsewhere(statement: string): Promise<void> {
  const heard = api.sessionCache!.changesHeard();
  if (testDriver() !== 'postgres') {
    await api.db.execute(sql.raw(statement));
  } else {
    const client = new pg.Client({ connectionString: databaseUrl(api.database.name) });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  }
  await vi.waitFor(() => expect(api.sessionCache!.changesHeard()).toBeGreaterThan(heard), { timeout: 10_000, interval: 5 });
}

describe('session cache', () => {
  it('checks a token once, then answers from the kept session', async () => {
    const customer = await createCustomer(api);
    expect((await me(customer)).statements).toBe(1);
    const again = await me(customer);
    expect(again.me?.email).toBe(customer.user.email);
    expect(again.statements).toBe(0);
  });

  it('refuses a revoked session on the next request (token version moved elsewhere)', async () => {
    const customer = await createCustomer(api);
    await me(customer);
    expect((await me(customer)).statements).toBe(0);
    await elsewhere(`UPDATE users SET token_version = token_version + 1 WHERE id = ${customer.user.id}`);
    expect((await me(customer)).me).toBeNull();
  });

  it('refuses a deactivated user on the next request, and keeps no refusal', async () => {
    const customer = await createCustomer(api);
    await me(customer);
    await elsewhere(`UPDATE users SET is_active = false WHERE id = ${customer.user.id}`);
    expect((await me(customer)).me).toBeNull();
    await elsewhere(`UPDATE users SET is_active = true WHERE id = ${customer.user.id}`);
    expect((await me(customer)).me?.email).toBe(customer.user.email);
  });

  it('sees a role or name change on the next request, and drops only that user', async () => {
    const customer = await createCustomer(api);
    const other = await createCustomer(api);
    await me(customer);
    await me(other);
    await elsewhere(`UPDATE users SET is_staff = true, first_name = 'Maria' WHERE id = ${customer.user.id}`);
    const after = await me(customer);
    expect(after.me).toMatchObject({ firstName: 'Maria', isStaff: true });
    expect(after.statements).toBe(1);
    expect((await me(other)).statements).toBe(0);
  });

  it('refuses a deleted user, and every session after a truncate-like change', async () => {
    const customer = await createCustomer(api);
    await me(customer);
    await elsewhere(`DELETE FROM users WHERE id = ${customer.user.id}`);
    expect((await me(customer)).me).toBeNull();
    const kept = await createCustomer(api);
    await me(kept);
    api.sessionCache!.changed('');
    expect((await me(kept)).statements).toBe(1);
  });
});

// On PostgreSQL the notification comes back on the listener's own connection: a browser can get a
// mutation's answer and send its next request before it arrives. This process's own writes must
// not wait for it, so these run with the notifications never heard.
describe('session cache, writes made by this process', () => {
  let own: TestApi;
  beforeAll(async () => {
    own = await createTestApi({}, { sessionCache: 'unheard' });
  });
  afterAll(async () => own?.close());

  const meOf = async (token: string) =>
    (await own.gql<{ me: { firstName: string; defaultShippingAddress: { id: string } | null } | null }>(
      '{ me { firstName defaultShippingAddress { id } } }',
      {},
      { token },
    )).data!.me;

  it('ends the other sessions at once after a password change', async () => {
    const customer = await createCustomer(own);
    const other = await signSessionToken((await own.db.select().from(users).where(eq(users.id, customer.user.id)))[0]!, own.config.jwtSecret);
    expect(await meOf(other)).not.toBeNull();
    expect(own.sessionCache!.size()).toBeGreaterThan(0);
    const changed = await own.gql<{ passwordChange: { token: string | null; errors: unknown[] } }>(
      'mutation { passwordChange(oldPassword: "", newPassword: "fresh-secret-71") { token errors { field message } } }',
      {},
      { token: customer.token },
    );
    expect(changed.data?.passwordChange.errors).toEqual([]);
    expect(await meOf(other)).toBeNull();
    expect(await meOf(customer.token)).toBeNull();
    expect(await meOf(changed.data!.passwordChange.token!)).not.toBeNull();
  });

  it('shows a new name and a new default address on the next request', async () => {
    const customer = await createCustomer(own);
    expect(await meOf(customer.token)).toMatchObject({ firstName: 'Juan', defaultShippingAddress: null });
    const updated = await own.gql('mutation { accountUpdate(input: { firstName: "Maria", middleName: "Santos", lastName: "Cruz", birthday: "1990-05-17" }) { errors { field message } } }', {}, { token: customer.token });
    expect(updated.data).toEqual({ accountUpdate: { errors: [] } });
    expect((await meOf(customer.token))?.firstName).toBe('Maria');
    const created = await own.gql<{ accountAddressCreate: { address: { id: string } } }>(
      `mutation($input: AddressInput!) { accountAddressCreate(input: $input, type: SHIPPING) { address { id } errors { message } } }`,
      {
        input: {
          firstName: 'Maria', lastName: 'Cruz', streetAddress1: '1 Rizal St', cityArea: 'Poblacion', city: 'Makati City',
          countryArea: 'Metro Manila', postalCode: '1210', phone: '9171234567',
        },
      },
      { token: customer.token },
    );
    expect((await meOf(customer.token))?.defaultShippingAddress?.id).toBe(created.data!.accountAddressCreate.address.id);
  });
});
