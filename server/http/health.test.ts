// A database that accepts connections but never answers held /healthz
// (and every page); the probe now answers 503 within a second.
import type { AddressInfo } from 'node:net';
import express from 'express';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { HEALTH_TIMEOUT_MS, healthCheck } from './health';

let close = () => {};
afterEach(() => close());

async function serve(ping: () => Promise<void>, load?: { busy(): boolean; retryAfterSeconds: number }) {
  const app = express();
  app.get('/healthz', healthCheck({ ping, driver: 'postgres' }, pino({ level: 'silent' }), load));
  const server = app.listen(0);
  await new Promise((resolve) => server.once('listening', resolve));
  close = () => server.close();
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/healthz`;
}

describe('/healthz', () => {
  it('answers 503 within a second when the database never answers', async () => {
    const url = await serve(() => new Promise<void>(() => {}));
    const started = performance.now();
    const response = await fetch(url);
    const took = performance.now() - started;
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ status: 'unavailable', database: 'postgres' });
    expect(took).toBeGreaterThanOrEqual(HEALTH_TIMEOUT_MS - 50);
    expect(took).toBeLessThan(HEALTH_TIMEOUT_MS + 500);
  });

  it('answers 200 when it does', async () => {
    const response = await fetch(await serve(async () => {}));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok', database: 'postgres' });
  });

  it('answers 503 busy, with Retry-After, while the process refuses new work (server/http/overload.ts)', async () => {
    let busy = true;
    const url = await serve(async () => {}, { busy: () => busy, retryAfterSeconds: 5 });
    const response = await fetch(url);
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('5');
    expect(await response.json()).toEqual({ status: 'busy', database: 'postgres' });
    busy = false;
    expect((await fetch(url)).status).toBe(200);
  });
});
