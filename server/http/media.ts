// /media/*: generated and uploaded images from the configured storage (server/storage). Names
// change when content does (keys carry a version), so browsers and CDNs may keep them for a
// year without asking again. Proofs of billing are not here: they are private and served at
// /proofs/* to their owner and staff only (server/modules/orders/proof-of-billing.http.ts).
import express, { type Router } from 'express';
import type { FileStorage } from '../storage/file-storage';
import { isKey, mediaDirOf } from '../storage/file-storage';
import type { MediaCache } from '../storage/media-cache';

/** DATA_DIR/media: the data dir driver's folder (and where the seed's art goes on that driver). */
export function mediaDir(dataDir: string): string {
  return mediaDirOf(dataDir);
}

export const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The stored key a /media path names, or null for anything that is not one (or is private). */
export function publicMediaKey(urlPath: string): string | null {
  let key: string;
  try {
    key = decodeURIComponent(urlPath.replace(/^\//, ''));
  } catch {
    return null;
  }
  if (!isKey(key) || key.startsWith('proofs/')) return null;
  return key;
}

export function createMediaRouter(deps: { storage: () => FileStorage; cache: MediaCache }): Router {
  const router = express.Router();
  router.use(async (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const key = publicMediaKey(req.path);
    // Express 5 passes a rejected promise (the storage failing) on as an error.
    const file = key ? await deps.cache.read(deps.storage(), key) : null;
    if (!file) return next();
    res.set({ 'content-type': file.contentType, 'cache-control': IMMUTABLE, etag: file.etag });
    if (req.get('if-none-match') === file.etag) {
      res.status(304).end();
      return;
    }
    res.set('content-length', String(file.bytes.length));
    if (req.method === 'HEAD') res.end();
    else res.end(file.bytes);
  });
  // A missing image is a plain 404, not the storefront's HTML page.
  router.use((_req, res) => {
    res.status(404).type('text/plain').send('Not found');
  });
  return router;
}
