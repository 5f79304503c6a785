// The storage contract, run against every driver: the data dir, PostgreSQL (this project's
// database: PGlite or a PostgreSQL server) and S3 (s3rver on loopback). What a driver must do
// is written once here; a new driver adds itself to DRIVERS.
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type S3Settings } from '../config';
import { createMediaRouter } from '../http/media';
import { createMediaCache } from './media-cache';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';
import { createDataDirStorage } from './datadir-storage';
import { storageOf, type FileStorage, type StorageDriver } from './file-storage';
import { createPostgresStorage } from './postgres-storage';
import { moveFiles } from './move-files';
import { createS3Storage } from './s3-storage';
import { startS3TestServer } from './s3-test-server';

let database: TestDatabase;
let stopS3: () => Promise<void>;
let s3Settings: S3Settings;
const storages = new Map<StorageDriver, FileStorage>();

beforeAll(async () => {
  database = await createTestDatabase();
  const s3 = await startS3TestServer();
  stopS3 = s3.stop;
  s3Settings = s3.settings;
  storages.set('datadir', createDataDirStorage(path.join(mkdtempSync(path.join(tmpdir(), 'suki-storage-')), 'media')));
  storages.set('postgres', createPostgresStorage(database.db));
  storages.set('s3', createS3Storage(s3.settings));
});
afterAll(async () => {
  await stopS3?.();
  await database?.close();
});

const DRIVERS: StorageDriver[] = ['datadir', 'postgres', 's3'];

async function allKeys(storage: FileStorage): Promise<string[]> {
  const keys: string[] = [];
  for await (const key of storage.keys()) keys.push(key);
  return keys.sort();
}

describe.each(DRIVERS)('the %s driver', (driver) => {
  const storage = () => storages.get(driver)!;

  it('gives back the bytes it was given, typed by the file name, and null for a missing file', async () => {
    const bytes = randomBytes(300_000); // every byte value, and more than one network packet
    await storage().put('contract/p1-ab/1600.webp', bytes);
    const file = await storage().get('contract/p1-ab/1600.webp');
    expect(file?.contentType).toBe('image/webp');
    expect(file?.bytes.equals(bytes)).toBe(true);
    expect((await storage().get('avatars/none.png'))).toBeNull();
    expect(storage().driver).toBe(driver);
  });

  it('replaces a file written again and forgets a deleted one (deleting a missing file is no error)', async () => {
    await storage().put('avatars/7-one.png', Buffer.from('first'));
    await storage().put('avatars/7-one.png', Buffer.from('second'));
    expect((await storage().get('avatars/7-one.png'))?.bytes.toString()).toBe('second');
    expect((await storage().get('avatars/7-one.png'))?.contentType).toBe('image/png');
    await storage().delete('avatars/7-one.png');
    expect(await storage().get('avatars/7-one.png')).toBeNull();
    await expect(storage().delete('avatars/7-one.png')).resolves.toBeUndefined();
  });

  it("deletes an image's folder of derivatives and nothing else (not a folder whose name it starts)", async () => {
    for (const key of ['uploads/p1_x/255.webp', 'uploads/p1_x/510.webp', 'uploads/p1_xy/255.webp', 'uploads/p1-x/255.webp']) {
      await storage().put(key, Buffer.from(key));
    }
    await storage().deleteFolder('uploads/p1_x');
    expect(await storage().get('uploads/p1_x/255.webp')).toBeNull();
    expect(await storage().get('uploads/p1_x/510.webp')).toBeNull();
    expect((await storage().get('uploads/p1_xy/255.webp'))?.bytes.toString()).toBe('uploads/p1_xy/255.webp');
    expect((await storage().get('uploads/p1-x/255.webp'))?.bytes.toString()).toBe('uploads/p1-x/255.webp');
  });

  it('lists every key it holds', async () => {
    const keys = await allKeys(storage());
    expect(keys).toEqual(expect.arrayContaining(['contract/p1-ab/1600.webp', 'uploads/p1_xy/255.webp', 'uploads/p1-x/255.webp']));
    expect(keys).not.toContain('avatars/7-one.png');
    expect(keys).not.toContain('uploads/p1_x/255.webp');
  });

  it('refuses a key that is not a plain relative path', async () => {
    for (const key of ['../secret', '/etc/passwd', 'a//b.png', 'a/../../b.png', '', 'a\\b.png', 'media/.hidden']) {
      await expect(storage().put(key, Buffer.from('x'))).rejects.toThrow(/not a storage key/);
      await expect(storage().get(key)).rejects.toThrow(/not a storage key/);
    }
  });
});

describe('moving files between drivers (npm run media:move)', () => {
  it('copies every file datadir -> postgres -> s3, and a second run copies nothing', async () => {
    const source = createDataDirStorage(path.join(mkdtempSync(path.join(tmpdir(), 'suki-move-')), 'media'));
    const files = new Map([
      ['v1/p/phone/255.webp', randomBytes(2000)],
      ['uploads/p3-aa/510.webp', randomBytes(5000)],
      ['avatars/9-bb.png', randomBytes(700)],
      ['proofs/4-cc.webp', randomBytes(900)],
    ]);
    for (const [key, bytes] of files) await source.put(key, bytes);
    const postgres = createPostgresStorage(database.db);
    await postgres.put('avatars/9-bb.png', files.get('avatars/9-bb.png')!); // a move that stopped half-way

    const first = await moveFiles(source, postgres);
    expect(first).toEqual({ copied: 3, alreadyThere: 1, bytesCopied: 2000 + 5000 + 900 });
    expect(await moveFiles(source, postgres)).toMatchObject({ copied: 0, alreadyThere: 4 });

    const s3 = storages.get('s3')!;
    const onward = await moveFiles(postgres, s3);
    expect(onward.copied).toBeGreaterThanOrEqual(4); // the contract's own files too
    expect((await moveFiles(postgres, s3)).copied).toBe(0);
    for (const [key, bytes] of files) expect((await s3.get(key))?.bytes.equals(bytes)).toBe(true);
  });
});

describe('the configured driver', () => {
  it('is the one STORAGE_DRIVER names, and /media serves from it (S3 here) with the year-long header', async () => {
    const base = loadConfig({ NODE_ENV: 'test', DATA_DIR: mkdtempSync(path.join(tmpdir(), 'suki-config-')) });
    const configured = (driver: StorageDriver) => ({ ...base, storage: { driver, s3: driver === 's3' ? s3Settings : null } });
    for (const driver of DRIVERS) expect(storageOf({ config: configured(driver), db: database.db }).driver).toBe(driver);

    const config = configured('s3');
    await storageOf({ config, db: database.db }).put('v3/p/served/255.webp', Buffer.from('RIFF-from-the-bucket'));
    const app = express();
    app.use('/media', createMediaRouter({ storage: () => storageOf({ config, db: database.db }), cache: createMediaCache(1_000_000) }));
    const server = app.listen(0);
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/media/v3/p/served/255.webp`);
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(response.headers.get('content-type')).toBe('image/webp');
      expect(await response.text()).toBe('RIFF-from-the-bucket');
    } finally {
      server.close();
    }
  });
});
