// /media/*: generated and uploaded images from DATA_DIR/media. Names change when content does
// (keys carry a version), so browsers and CDNs may keep them for a year without asking again.
import path from 'node:path';
import express, { type Router } from 'express';

export function mediaDir(dataDir: string): string {
  return path.join(dataDir, 'media');
}

export function createMediaRouter(dataDir: string): Router {
  const router = express.Router();
  router.use(
    express.static(mediaDir(dataDir), {
      immutable: true,
      maxAge: '1y',
      index: false,
      redirect: false,
      dotfiles: 'deny',
      fallthrough: true,
    }),
  );
  // A missing image is a plain 404, not the storefront's HTML page.
  router.use((_req, res) => {
    res.status(404).type('text/plain').send('Not found');
  });
  return router;
}
