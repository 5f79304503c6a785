// What this replica served from storage, kept in memory by key and bounded by bytes
// (MEDIA_CACHE_MB; docs/operations/memory-and-overload.md). A key never changes content (a new
// image gets a new key), so an entry needs no invalidation; a deleted file may be served from
// here until it is pushed out, which only its old, no longer linked, address can ask for.
import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { FileStorage, StoredFile } from './file-storage';

export type CachedFile = StoredFile & { etag: string };

/** Files larger than this share of the budget are served but not kept. */
const LARGEST_SHARE = 1 / 8;

export function createMediaCache(maxBytes: number) {
  const cache =
    maxBytes > 0
      ? new LRUCache<string, CachedFile>({ maxSize: maxBytes, sizeCalculation: (file) => Math.max(1, file.bytes.length + file.etag.length) })
      : undefined;
  const counts = { hits: 0, misses: 0 };
  // Concurrent misses of one key (a new product on a busy listing) share one read of the driver.
  const reading = new Map<string, Promise<CachedFile | null>>();
  async function load(storage: FileStorage, key: string): Promise<CachedFile | null> {
    const file = await storage.get(key);
    if (!file) return null;
    const entry = { ...file, etag: etagOf(file.bytes) };
    if (cache && file.bytes.length <= maxBytes * LARGEST_SHARE) cache.set(key, entry);
    return entry;
  }
  return {
    counts,
    /** The file from memory, else from storage (and kept); null when storage has none. */
    read(storage: FileStorage, key: string): Promise<CachedFile | null> {
      const kept = cache?.get(key);
      if (kept) {
        counts.hits++;
        return Promise.resolve(kept);
      }
      counts.misses++;
      let flight = reading.get(key);
      if (!flight) {
        flight = load(storage, key).finally(() => reading.delete(key));
        reading.set(key, flight);
      }
      return flight;
    },
    /** Bytes held now. */
    size: () => cache?.calculatedSize ?? 0,
  };
}

export type MediaCache = ReturnType<typeof createMediaCache>;

export function etagOf(bytes: Buffer): string {
  return `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"`;
}
