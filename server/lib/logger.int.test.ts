// A failed database query, as each driver really raises it, is logged
// without its parameters (an email and a password hash here).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { users } from '../modules/accounts/accounts.tables';
import { capturedLogger } from '../testing/captured-logger';
import { createTestApi, type TestApi } from '../testing/test-api';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

it('logs a unique-violation without the email or the hash it tried to write', async () => {
  const email = 'leak-check@example.com';
  const hash = 'scrypt$16384$8$1$bm90LWEtcmVhbC1zYWx0$bm90LWEtcmVhbC1oYXNo';
  await api.db.insert(users).values({ email, firstName: 'Ana', lastName: 'Reyes', passwordHash: hash });
  const error = await api.db
    .insert(users)
    .values({ email, firstName: 'Ana', lastName: 'Reyes', passwordHash: hash })
    .then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(Error);
  // The raw error does carry them: this is what must not reach a log line.
  expect(String((error as Error).message)).toContain(email);

  const { log, text } = capturedLogger();
  log.error({ err: error }, 'unexpected error in resolver');
  expect(text()).toContain('Failed query');
  expect(text()).not.toContain(email);
  expect(text()).not.toContain(hash);
});
