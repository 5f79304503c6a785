// The per-process session cache (session-cache.ts, ADR 031): a kept session saves the user read,
// and any committed change to the user's row, from this process or another, is seen on the next
// request (migration 0022's notification). Runs on PGlite and on PostgreSQL.
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../../testing/test-api';
import { databaseUrl, testDriver } from '../../testing/test-database';
import { createCustomer, type Customer } from '../checkout/checkout.fixtures';

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

/** A write as another replica would make it: its own connection on PostgreSQL. */
async function elsewhere(statement: string): Promise<void> {
  if (testDriver() !== 'postgres') {
    await api.db.execute(sql.raw(statement));
    return;
  }
  const client = new pg.Client({ connectionString: databaseUrl(api.database.name) });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
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
