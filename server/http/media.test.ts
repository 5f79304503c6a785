import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMediaRouter } from './media';

let base: string;
let close: () => void;

beforeAll(async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'suki-media-'));
  mkdirSync(path.join(dataDir, 'media/v1/p/phone'), { recursive: true });
  writeFileSync(path.join(dataDir, 'media/v1/p/phone/255.webp'), 'RIFF....WEBP');
  const app = express();
  app.use('/media', createMediaRouter(dataDir));
  const server = app.listen(0);
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
afterAll(() => close());

describe('/media', () => {
  it('serves images with a year-long immutable cache', async () => {
    const response = await fetch(`${base}/media/v1/p/phone/255.webp`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/webp');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('answers a plain 404 for a missing image and refuses to leave the media folder', async () => {
    const missing = await fetch(`${base}/media/v1/p/nothing/255.webp`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toBe('Not found');
    const escape = await fetch(`${base}/media/..%2f..%2fetc/passwd`);
    expect([403, 404]).toContain(escape.status);
  });
});
