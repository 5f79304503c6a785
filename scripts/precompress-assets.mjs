// Build step after `react-router build`: each text asset of build/client/assets, and each text
// file at the top of build/client (the favicon, the service worker), written next to itself as
// .br (brotli, quality 11) and .gz (gzip, level 9), once, so the shop serves them as they are
// (server/http/precompressed.ts) instead of compressing each request at brotli quality 4
// (compression()'s default): ~15-20% fewer bytes of JavaScript and CSS per visitor and no CPU per
// request (bench/README.md changes 90 and 155: a brotli encoder made for each favicon cost
// ~1.2 ms). The assets' names are hashed and the top-level files change only with a build, so a
// file never changes under a running shop.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = path.resolve(import.meta.dirname, '..');
const client = path.join(root, 'build/client');
/** What compression() would compress; images (but the icon) and fonts are compressed already. */
const TEXT = /\.(js|mjs|css|svg|json|txt|map|ico|webmanifest)$/;
/** compression()'s threshold: a smaller answer goes as is. */
const THRESHOLD = 1024;

let files = 0;
let before = 0;
let after = 0;
for (const dir of [path.join(client, 'assets'), client]) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isFile() || !TEXT.test(entry.name)) continue;
    const file = path.join(dir, entry.name);
    const body = readFileSync(file);
    if (body.length < THRESHOLD) continue;
    const br = brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    });
    const gz = gzipSync(body, { level: constants.Z_BEST_COMPRESSION });
    // A file that does not shrink is served as is.
    if (br.length < body.length) writeFileSync(`${file}.br`, br);
    if (gz.length < body.length) writeFileSync(`${file}.gz`, gz);
    files += 1;
    before += body.length;
    after += Math.min(br.length, body.length);
  }
}
console.log(`precompressed ${files} files: ${Math.round(before / 1024)} KB -> ${Math.round(after / 1024)} KB brotli`);
