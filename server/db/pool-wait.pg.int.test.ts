// A sale's burst queues requests for the pool's connections (hardening/oversell.test.ts failed 20
// of 500 buyers at pg-pool's 5 s wait on a loaded CI machine). The wait is now as long as one
// statement may run, while a server that never answers is still given up on at the connect limit.
// PostgreSQL only (*.pg.int.test.ts: the postgres test project runs it).
import net from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { CONNECT_TIMEOUT_MS, openDatabase } from './client';

const silent: net.Socket[] = [];
const server = net.createServer((socket) => silent.push(socket));
afterAll(() => {
  silent.forEach((socket) => socket.destroy());
  server.close();
});

describe('the PostgreSQL pool', () => {
  it('lets a request wait past the connect limit for a busy connection', async () => {
    const database = await openDatabase({ url: process.env.TEST_DATABASE_URL!, poolSize: 1 });
    try {
      const seconds = (CONNECT_TIMEOUT_MS + 1_000) / 1000;
      const busy = database.db.execute(sql.raw(`select pg_sleep(${seconds})`));
      const started = Date.now();
      const waiting = (await database.db.execute(sql`select 1 as one`)) as unknown as { rows: unknown[] };
      await busy;
      expect(waiting.rows).toEqual([{ one: 1 }]);
      expect(Date.now() - started).toBeGreaterThan(CONNECT_TIMEOUT_MS);
    } finally {
      await database.close();
    }
  });

  it('still gives up on a server that accepts the connection but never answers', async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as net.AddressInfo;
    const database = await openDatabase({ url: `postgres://suki@127.0.0.1:${port}/none`, poolSize: 1 }, { onIdleError: () => {} });
    try {
      const started = Date.now();
      await expect(database.db.execute(sql`select 1`)).rejects.toThrow();
      expect(Date.now() - started).toBeLessThan(CONNECT_TIMEOUT_MS + 3_000);
    } finally {
      await database.close().catch(() => undefined);
    }
  });
});
