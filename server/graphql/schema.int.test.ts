import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../testing/test-api';
import { printContract } from './schema';
import { CSRF_HEADER } from './yoga';
import { hashPassword } from '../modules/accounts/passwords';
import { users } from '../modules/accounts/accounts.tables';
import { signSessionToken } from '../modules/accounts/session';

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(async () => {
  await t?.close();
});

describe('the GraphQL contract', () => {
  it('schema.graphql is printed from the code (run `npm run schema:print`)', () => {
    const committed = readFileSync(new URL('../../schema.graphql', import.meta.url), 'utf8');
    expect(committed).toBe(printContract());
  });
});

describe('the GraphQL endpoint', () => {
  it('answers a query', async () => {
    expect(await t.gql('{ me { id } }')).toEqual({ data: { me: null } });
  });

  it('resolves the current user from a bearer token and from the token cookie', async () => {
    const [user] = await t.db
      .insert(users)
      .values({ email: 'ana@example.com', passwordHash: await hashPassword('secret1'), firstName: 'Ana' })
      .returning();
    const token = await signSessionToken(user, t.config.jwtSecret);
    const viaBearer = await t.gql<{ me: { email: string } }>('{ me { email firstName } }', {}, { token });
    expect(viaBearer.data?.me).toEqual({ email: 'ana@example.com', firstName: 'Ana' });
    const viaCookie = await t.gql('{ me { email } }', {}, { headers: { cookie: `token=${token}` } });
    expect(viaCookie.data?.me).toEqual({ email: 'ana@example.com' });
    const forged = await t.gql('{ me { email } }', {}, { token: `${token}x` });
    expect(forged.data?.me).toBeNull();
  });

  it('returns expected failures as {field message} errors of the mutation', async () => {
    const result = await t.gql(
      'mutation { tokenCreate(email: "nobody@example.com", password: "x") { token errors { field message } } }',
    );
    expect(result).toEqual({
      data: {
        tokenCreate: { token: null, errors: [{ field: 'email', message: 'Please, enter valid credentials' }] },
      },
    });
  });

  it('refuses simple cross-site requests (CSRF prevention)', async () => {
    const response = await t.api.fetch('http://test/graphql?query=%7Bme%7Bid%7D%7D', { method: 'GET' });
    expect(response.status).toBe(403);
    const withHeader = await t.api.fetch('http://test/graphql?query=%7Bme%7Bid%7D%7D', {
      method: 'GET',
      headers: { [CSRF_HEADER]: '1' },
    });
    expect(withHeader.status).toBe(200);
  });

  it('limits depth and aliases', async () => {
    const aliases = Array.from({ length: 30 }, (_, i) => `a${i}: me { id }`).join(' ');
    const result = await t.gql(`{ ${aliases} }`);
    expect(result.errors?.[0]?.message).toMatch(/alias/i);
  });
});
