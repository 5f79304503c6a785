// A database outage is said at once: with PostgreSQL behind a loopback proxy that the test cuts
// (connections held open and never answered, as in a network partition), the probe finds it
// down within seconds; then a page that needs the database answers 503 "We'll be right back"
// at once instead of after the pool's 15 s, the API a clear error, /healthz 503; and once the
// proxy passes again the shop serves by itself. PostgreSQL only (*.pg.int.test.ts).
import { createServer, type Server } from 'node:http';
import net from 'node:net';
import express from 'express';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { capturedLogger } from '../testing/captured-logger';
import { createDatabaseWatch, OUTAGE_MESSAGE, postgresProbe, type DatabaseWatch } from './database-watch';
import { createFront } from './front';
import { healthCheck } from './health';

/** A TCP proxy to PostgreSQL that passes, or holds every connection open and answers nothing. */
function cuttableProxy(target: { host: string; port: number }) {
  let cut = false;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => undefined);
    if (cut) return; // held open, never answered
    const upstream = net.connect(target.port, target.host);
    sockets.add(upstream);
    upstream.on('close', () => sockets.delete(upstream));
    upstream.on('error', () => client.destroy());
    client.pipe(upstream).pipe(client);
  });
  return {
    server,
    cut() {
      cut = true;
      // The pool's open connections stop answering too: drop the link to PostgreSQL.
      for (const socket of sockets) socket.destroy();
    },
    restore() {
      cut = false;
    },
    close() {
      for (const socket of sockets) socket.destroy();
      server.close();
    },
  };
}

const adminUrl = new URL(process.env.TEST_DATABASE_URL!);
const proxy = cuttableProxy({ host: adminUrl.hostname, port: Number(adminUrl.port || 5432) });
const { log } = capturedLogger();
let shop: Server;
let pool: pg.Pool;
let watch: DatabaseWatch;
let base: string;

beforeAll(async () => {
  await new Promise<void>((resolve) => proxy.server.listen(0, '127.0.0.1', resolve));
  const viaProxy = new URL(adminUrl);
  viaProxy.hostname = '127.0.0.1';
  viaProxy.port = String((proxy.server.address() as net.AddressInfo).port);
  // The shop's pool waits as long as server/db/client.ts lets a request wait for a connection.
  pool = new pg.Pool({ connectionString: viaProxy.toString(), max: 2, connectionTimeoutMillis: 15_000 });
  pool.on('error', () => undefined);
  watch = createDatabaseWatch(postgresProbe(viaProxy.toString(), 500), log, { intervalMs: 200, downIntervalMs: 200, timeoutMs: 500, failuresToTrip: 2 });
  watch.start();

  const app = express();
  app.get('/healthz', healthCheck({ driver: 'postgres', ping: async () => void (await pool.query('select 1')) }, log, undefined, watch));
  app.get('/product/:id', async (_req, res) => {
    const { rows } = await pool.query<{ one: number }>('select 1 as one');
    res.send(`product page ${rows[0]!.one}`);
  });
  shop = createServer(createFront({ metrics: { record: () => undefined }, log, outage: watch, exempt: (p) => p === '/healthz' }, app));
  await new Promise<void>((resolve) => shop.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(shop.address() as net.AddressInfo).port}`;
});

afterAll(async () => {
  watch?.stop();
  proxy.close();
  shop?.closeAllConnections();
  shop?.close();
  await pool?.end().catch(() => undefined);
});

async function ask(path: string, init: RequestInit = {}) {
  const started = performance.now();
  const response = await fetch(`${base}${path}`, init);
  return { response, body: await response.text(), ms: performance.now() - started };
}

async function until(condition: () => boolean, ms: number) {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('a database outage', () => {
  it('serves while PostgreSQL answers', async () => {
    const { response, body } = await ask('/product/1');
    expect(response.status).toBe(200);
    expect(body).toBe('product page 1');
    expect(watch.isDown()).toBe(false);
  });

  it('is found within seconds and said at once: a page, the API and the health check', async () => {
    proxy.cut();
    const cutAt = Date.now();
    await until(() => watch.isDown(), 5_000);
    expect(Date.now() - cutAt).toBeLessThan(3_000);

    const page = await ask('/product/1');
    expect(page.response.status).toBe(503);
    expect(page.response.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(page.response.headers.get('cache-control')).toBe('no-store');
    expect(page.body).toContain("We'll be right back");
    expect(page.ms).toBeLessThan(1_000);

    const api = await ask('/graphql', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"query":"{ shop { name } }"}' });
    expect(api.response.status).toBe(503);
    expect(JSON.parse(api.body)).toEqual({ errors: [{ message: OUTAGE_MESSAGE, extensions: { code: 'SERVICE_UNAVAILABLE' } }] });

    const health = await ask('/healthz');
    expect(health.response.status).toBe(503);
    expect(JSON.parse(health.body)).toEqual({ status: 'unavailable', database: 'postgres' });
    expect(health.ms).toBeLessThan(1_000);
  });

  it('recovers by itself once PostgreSQL answers again', async () => {
    proxy.restore();
    await until(() => !watch.isDown(), 5_000);
    const { response, body } = await ask('/product/1');
    expect(response.status).toBe(200);
    expect(body).toBe('product page 1');
    expect((await ask('/healthz')).response.status).toBe(200);
  });
});

