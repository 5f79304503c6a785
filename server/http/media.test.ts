import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDataDirStorage } from '../storage/datadir-storage';
import { createMediaCache } from '../storage/media-cache';
import { Registry } from 'prom-client';
import { createMediaRouter } from './media';
import { registerMediaCacheMetrics } from './metrics';

let base: string;
let close: () => void;
const cache = createMediaCache(1_000_000);

beforeAll(async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'suki-media-'));
  mkdirSync(path.join(dataDir, 'media/v1/p/phone'), { recursive: true });
  writeFileSync(path.join(dataDir, 'media/v1/p/phone/255.webp'), 'RIFF....WEBP');
  mkdirSync(path.join(dataDir, 'media/proofs'), { recursive: true });
  writeFileSync(path.join(dataDir, 'media/proofs/1-00.webp'), 'RIFF....WEBP');
  const storage = createDataDirStorage(path.join(dataDir, 'media'));
  const app = express();
  app.use('/media', createMediaRouter({ storage: () => storage, cache }));
  const server = app.listen(0);
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
afterAll(() => close());

describe('/media', () => {
  it('serves images with a year-long immutable cache and an ETag, from memory the second time', async () => {
    const response = await fetch(`${base}/media/v1/p/phone/255.webp`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/webp');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await response.text()).toBe('RIFF....WEBP');
    const hits = cache.counts.hits;
    const again = await fetch(`${base}/media/v1/p/phone/255.webp`, { headers: { 'if-none-match': response.headers.get('etag')! } });
    expect(again.status).toBe(304);
    expect(cache.counts.hits).toBe(hits + 1);
  });

  it('answers a plain 404 for a missing image, a proof of billing, and a path out of the media folder', async () => {
    const missing = await fetch(`${base}/media/v1/p/nothing/255.webp`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toBe('Not found');
    expect((await fetch(`${base}/media/proofs/1-00.webp`)).status).toBe(404);
    const escape = await fetch(`${base}/media/..%2f..%2fetc/passwd`);
    expect([403, 404]).toContain(escape.status);
  });
});

describe('/metrics for /media', () => {
  it('counts hits and misses of the memory cache and the bytes it keeps', async () => {
    const registry = new Registry();
    registerMediaCacheMetrics(registry, cache.counts, cache.size);
    const text = await registry.metrics();
    expect(text).toContain(`suki_media_cache_total{result="hit"} ${cache.counts.hits}`);
    expect(text).toContain(`suki_media_cache_total{result="miss"} ${cache.counts.misses}`);
    expect(cache.size()).toBeGreaterThan(0);
    expect(text).toContain(`suki_media_cache_bytes ${cache.size()}`);
  });
});
