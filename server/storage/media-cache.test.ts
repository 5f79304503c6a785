import { describe, expect, it } from 'vitest';
import type { FileStorage } from './file-storage';
import { createMediaCache } from './media-cache';

/** A storage that counts its reads and holds files of the given sizes. */
function countingStorage(sizes: Record<string, number>) {
  const reads: string[] = [];
  const storage = {
    driver: 'datadir',
    get: async (key: string) => {
      reads.push(key);
      await new Promise((resolve) => setTimeout(resolve, 5));
      return key in sizes ? { bytes: Buffer.alloc(sizes[key]!, 1), contentType: 'image/webp' } : null;
    },
  } as unknown as FileStorage;
  return { storage, reads };
}

describe('the media cache', () => {
  it('reads a file from storage once: later and concurrent requests are served from memory', async () => {
    const { storage, reads } = countingStorage({ 'a/255.webp': 1000 });
    const cache = createMediaCache(100_000);
    const files = await Promise.all([1, 2, 3].map(() => cache.read(storage, 'a/255.webp')));
    expect(files.every((f) => f?.bytes.length === 1000)).toBe(true);
    expect(files[0]!.etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    await cache.read(storage, 'a/255.webp');
    expect(reads).toEqual(['a/255.webp']);
    expect(cache.counts.hits).toBe(1);
  });

  it('stays within its budget in bytes, keeps no file over an eighth of it, and keeps nothing at 0', async () => {
    const sizes = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`f/${i}.webp`, 1000]));
    const { storage, reads } = countingStorage({ ...sizes, 'big/1600.webp': 2000 });
    const cache = createMediaCache(10_000);
    for (const key of Object.keys(sizes)) await cache.read(storage, key);
    expect(cache.size()).toBeLessThanOrEqual(10_000);
    expect(cache.size()).toBeGreaterThan(5_000);
    await cache.read(storage, 'big/1600.webp');
    await cache.read(storage, 'big/1600.webp');
    expect(reads.filter((k) => k === 'big/1600.webp')).toHaveLength(2);
    expect(await cache.read(storage, 'missing.webp')).toBeNull();

    const off = createMediaCache(0);
    await off.read(storage, 'f/1.webp');
    expect(off.size()).toBe(0);
  });
});
