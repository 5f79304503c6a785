// A database that is down at start is retried with backoff and reported
// in one line naming DATABASE_URL and the cause; one that never answers is given up on.
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { CONNECT_TIMEOUT_MS, openDatabase, type DatabaseHandle } from './client';
import { DatabaseUnreachableError, redactedDatabaseUrl, waitForDatabase } from './wait-for-database';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

/** A TCP server that accepts connections and never says a word, like a hung PostgreSQL. */
async function silentServer(): Promise<number> {
  const sockets: Socket[] = [];
  const server: Server = createServer((socket) => void sockets.push(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => server.close(resolve));
  });
  return (server.address() as AddressInfo).port;
}

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function open(url: string): Promise<DatabaseHandle> {
  const handle = await openDatabase({ url, statementTimeoutMs: 1000 }, { onIdleError: () => {} });
  cleanups.push(() => handle.close());
  return handle;
}

describe('waiting for the database at start', () => {
  it('retries a refused connection, then fails in one line naming DATABASE_URL and the cause', async () => {
    const url = `postgres://suki:hunter2@127.0.0.1:${await closedPort()}/shop`;
    const retries: string[] = [];
    const failure = await waitForDatabase(await open(url), { url, waitSeconds: 2, onRetry: (line) => retries.push(line) }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(DatabaseUnreachableError);
    const message = (failure as Error).message;
    expect(message).toMatch(/^Could not reach the database at DATABASE_URL \(postgres:\/\/suki:\*\*\*@127\.0\.0\.1:\d+\/shop\) within 2 s: .*ECONNREFUSED/);
    expect(message).not.toContain('\n');
    expect(message).not.toContain('hunter2');
    expect(retries.length).toBeGreaterThanOrEqual(2);
    expect(retries[0]).toMatch(/not answering: .*ECONNREFUSED.*Retrying \(attempt 1/);
  });

  it('gives up on a server that accepts the connection but never answers', async () => {
    const url = `postgres://suki@127.0.0.1:${await silentServer()}/shop`;
    const handle = await open(url);
    const started = performance.now();
    await expect(handle.ping()).rejects.toThrow(/timeout/i);
    expect(performance.now() - started).toBeLessThan(CONNECT_TIMEOUT_MS + 1500);
  }, 15_000);

  it('keeps the password out of the URL it names', () => {
    expect(redactedDatabaseUrl('postgres://a:b@h:5432/d')).toBe('postgres://a:***@h:5432/d');
    expect(redactedDatabaseUrl('postgres://h/d')).toBe('postgres://h/d');
  });
});
