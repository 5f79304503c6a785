import { mkdtempSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import compression from 'compression';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressed } from './precompressed';

const SCRIPT = `export const greeting = ${JSON.stringify('hello '.repeat(500))};\n`;
const STYLE = `body { color: red; }\n`.repeat(100);
let base: string;
let close: () => void;

beforeAll(async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'suki-assets-'));
  writeFileSync(path.join(dir, 'entry-abc.js'), SCRIPT);
  writeFileSync(path.join(dir, 'entry-abc.js.br'), brotliCompressSync(SCRIPT));
  writeFileSync(path.join(dir, 'entry-abc.js.gz'), gzipSync(SCRIPT));
  // Only a brotli copy: gzip clients get compression()'s answer.
  writeFileSync(path.join(dir, 'root-abc.css'), STYLE);
  writeFileSync(path.join(dir, 'root-abc.css.br'), brotliCompressSync(STYLE));
  writeFileSync(path.join(dir, 'logo-abc.png'), Buffer.alloc(2000, 1));
  const app = express();
  // The shop's order (server/http/app.ts): compression() first, then the assets.
  app.use(compression());
  app.use('/assets', precompressed(dir), express.static(dir, { immutable: true, maxAge: '1y' }));
  const server = app.listen(0);
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
afterAll(() => close());

type Raw = { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer };

/** The answer's bytes as sent (fetch would decode them). */
function get(pathname: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    request(`${base}${pathname}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    })
      .on('error', reject)
      .end();
  });
}

describe('precompressed assets', () => {
  it('serves the .br file to a brotli client, with the script type, immutable caching and Vary', async () => {
    const identity = await get('/assets/entry-abc.js');
    const answer = await get('/assets/entry-abc.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['content-type']).toBe(identity.headers['content-type']);
    expect(answer.headers['content-type']).toMatch(/^text\/javascript/);
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(answer.headers.vary).toMatch(/Accept-Encoding/i);
    expect(brotliDecompressSync(answer.body).toString()).toBe(SCRIPT);
    // Each encoding is its own representation: its own validator.
    expect(answer.headers.etag).toBeTruthy();
    expect(answer.headers.etag).not.toBe(identity.headers.etag);
    const again = await get('/assets/entry-abc.js', { 'accept-encoding': 'br', 'if-none-match': String(answer.headers.etag) });
    expect(again.status).toBe(304);
  });

  it('serves the .gz file to a gzip-only client and the file itself without Accept-Encoding', async () => {
    const gzip = await get('/assets/entry-abc.js', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(SCRIPT);
    const plain = await get('/assets/entry-abc.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/Accept-Encoding/i);
    expect(plain.body.toString()).toBe(SCRIPT);
  });

  it('falls back to compression() when the encoding has no file, and leaves other files alone', async () => {
    const css = await get('/assets/root-abc.css', { 'accept-encoding': 'gzip' });
    expect(css.headers['content-encoding']).toBe('gzip');
    expect(css.headers['content-type']).toMatch(/^text\/css/);
    expect(gunzipSync(css.body).toString()).toBe(STYLE);
    const png = await get('/assets/logo-abc.png', { 'accept-encoding': 'br' });
    expect(png.headers['content-encoding']).toBeUndefined();
    expect(png.headers['content-type']).toBe('image/png');
    expect((await get('/assets/missing-abc.js', { 'accept-encoding': 'br' })).status).toBe(404);
  });
});
