// Every stored file (product images, banners, avatars, proofs of billing, the generated art)
// goes through this one interface; the driver decides where the bytes live
// (docs/decisions/048-file-storage-drivers.md). Keys are relative paths such as
// `uploads/p12-ab12/255.webp` or `proofs/7-9f...c3.webp`, the same under every driver.
import path from 'node:path';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { createDataDirStorage } from './datadir-storage';
import { createPostgresStorage } from './postgres-storage';
import { createS3Storage } from './s3-storage';

export type StorageDriver = Config['storage']['driver'];
export const STORAGE_DRIVERS: readonly StorageDriver[] = ['datadir', 'postgres', 's3'];

export type StoredFile = { bytes: Buffer; contentType: string };

export interface FileStorage {
  readonly driver: StorageDriver;
  /** Writes (or replaces) the file at `key`. */
  put(key: string, bytes: Buffer): Promise<void>;
  /** The file, or null when there is none. */
  get(key: string): Promise<StoredFile | null>;
  /** Removes the file; a missing one is no error. */
  delete(key: string): Promise<void>;
  /** Removes every file whose key starts with `prefix/` (an image's set of derivatives). */
  deleteFolder(prefix: string): Promise<void>;
  /** Every key, in no particular order (moving files between drivers). */
  keys(): AsyncIterable<string>;
}

const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,199}$/;

/** Throws unless `key` is a relative path of plain segments (no `..`, no leading `/`). */
export function assertKey(key: string): string {
  const parts = key.split('/');
  if (key.length > 512 || parts.length > 8 || !parts.every((p) => SEGMENT.test(p) && p !== '.' && p !== '..')) {
    throw new Error(`not a storage key: ${JSON.stringify(key.slice(0, 80))}`);
  }
  return key;
}

export function isKey(key: string): boolean {
  try {
    assertKey(key);
    return true;
  } catch {
    return false;
  }
}

const CONTENT_TYPES: Record<string, string> = {
  '.webp': 'image/webp',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.svg': 'image/svg+xml',
  '.avif': 'image/avif',
};

/** A file's type from its name: every stored file is named by what it holds. */
export function contentTypeOf(key: string): string {
  return CONTENT_TYPES[path.extname(key).toLowerCase()] ?? 'application/octet-stream';
}

export function mediaDirOf(dataDir: string): string {
  return path.join(dataDir, 'media');
}

const shared = new WeakMap<Config, FileStorage>();

/**
 * The configured storage. The PostgreSQL driver works through the caller's database handle
 * (inside its transaction, if it is one); the others are made once per configuration.
 */
export function storageOf(ctx: { config: Config; db: Database }): FileStorage {
  const { config } = ctx;
  if (config.storage.driver === 'postgres') return createPostgresStorage(ctx.db);
  let storage = shared.get(config);
  if (!storage) {
    storage = config.storage.driver === 's3' && config.storage.s3 ? createS3Storage(config.storage.s3) : createDataDirStorage(mediaDirOf(config.dataDir));
    shared.set(config, storage);
  }
  return storage;
}

/** Writes many files with a few at a time in flight (an image's derivatives, a move). */
export async function putAll(storage: FileStorage, files: Iterable<[key: string, bytes: Buffer]>, concurrency = 4): Promise<void> {
  const queue = [...files];
  const workers = Array.from({ length: Math.min(concurrency, queue.length) }, async () => {
    for (let next = queue.shift(); next; next = queue.shift()) await storage.put(next[0], next[1]);
  });
  await Promise.all(workers);
}
