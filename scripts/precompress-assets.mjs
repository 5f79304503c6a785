// Build step after `react-router build`: each text asset of build/client/assets written next to
// itself as .br (brotli, quality 11) and .gz (gzip, level 9), once, so the shop serves them as
// they are (server/http/precompressed.ts) instead of compressing each request at brotli
// quality 4 (compression()'s default): ~15-20% fewer bytes of JavaScript and CSS per visitor
// and no CPU per asset request (bench/README.md change 90). The names are hashed, so
// a file never changes under a running shop.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = path.resolve(import.meta.dirname, '..');
const assets = path.join(root, 'build/client/assets');
/** What compression() would compress; images and fonts are compressed already. */
const TEXT = /\.(js|mjs|css|svg|json|txt|map)$/;
/** compression()'s threshold: a smaller answer goes as is. */
const THRESHOLD = 1024;

let files = 0;
let before = 0;
let after = 0;
for (const name of readdirSync(assets)) {
  if (!TEXT.test(name)) continue;
  const file = path.join(assets, name);
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
console.log(`precompressed ${files} assets: ${Math.round(before / 1024)} KB -> ${Math.round(after / 1024)} KB brotli`);
