// Runs GraphQL operations against the real schema on a real database, as a client would.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { loadConfig, type Config } from '../config';
import { createTableCache } from '../db/table-cache';
import { createSessionCache, USERS_CHANNEL } from '../modules/accounts/session-cache';
import { CATALOGUE_CHANNEL, catalogueChangeTable } from '../graphql/response-cache';
import { createApi, CSRF_HEADER } from '../graphql/yoga';
import type { ServiceContext } from '../graphql/context';
import { createTestDatabase, type TestDatabase } from './test-database';

export type GraphQLResponse<T = Record<string, unknown>> = {
  data?: T;
  errors?: { message: string; path?: string[]; extensions?: Record<string, unknown> }[];
};

export type TestApi = Awaited<ReturnType<typeof createTestApi>>;

export async function createTestApi(
  overrides: Partial<Config> = {},
  options: {
    database?: TestDatabase;
    /** Checkout's settings kept per process as the shop keeps them (db/table-cache.ts); off by default. */
    tableCache?: boolean;
    /**
     * Checked sessions kept per token as the shop keeps them (modules/accounts/session-cache.ts);
     * off by default. 'unheard': kept, but the users' change notifications never arrive (what a
     * slow listener looks like), so only the process's own drops count.
     */
    sessionCache?: boolean | 'unheard';
  } = {},
) {
  const database: TestDatabase = options.database ?? (await createTestDatabase());
  const config: Config = {
    ...loadConfig({ NODE_ENV: 'test', DATA_DIR: mkdtempSync(path.join(tmpdir(), 'suki-test-')) }),
    ...overrides,
  };
  const log = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
  const tableCache = options.tableCache ? createTableCache(database.db) : undefined;
  if (tableCache) {
    await database.listen(CATALOGUE_CHANNEL, (payload) => tableCache.changed(catalogueChangeTable(payload)));
    tableCache.start();
  }
  const sessionCache = options.sessionCache ? createSessionCache() : undefined;
  if (sessionCache) {
    if (options.sessionCache !== 'unheard') await database.listen(USERS_CHANNEL, (payload) => sessionCache.changed(payload));
    sessionCache.start();
  }
  const api = createApi({ db: database.db, config, log, listen: database.listen, tableCache, sessionCache });
  await api.ready();

  async function gql<T = Record<string, unknown>>(
    query: string,
    variables: Record<string, unknown> = {},
    options: { token?: string; headers?: Record<string, string> } = {},
  ): Promise<GraphQLResponse<T>> {
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      [CSRF_HEADER]: '1',
      ...options.headers,
    };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    const response = await api.fetch('http://test/graphql', {
      method: 'POST',
      headers,
      body: JSON.stringify({ query, variables }),
    });
    return (await response.json()) as GraphQLResponse<T>;
  }

  /** A service context for calling services directly in tests. */
  function serviceContext(user: ServiceContext['user'] = null): ServiceContext {
    return { db: database.db, config, log, user, requestId: 'test' };
  }

  return { api, gql, db: database.db, database, config, serviceContext, sessionCache, close: () => database.close() };
}
