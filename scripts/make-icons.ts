// `npx tsx scripts/make-icons.ts`: the shop's app icons, drawn from public/favicon.svg by sharp,
// written into public/ (committed; run again when the logo changes). favicon.ico holds 16, 32
// and 48 px PNG images (the ICO format allows PNG entries; every current browser reads them).
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const publicDir = path.resolve(import.meta.dirname, '../public');
const svg = readFileSync(path.join(publicDir, 'favicon.svg'));
const png = (size: number, padding = 0) =>
  sharp(svg, { density: 384 })
    .resize(size - 2 * padding, size - 2 * padding)
    .extend({ top: padding, bottom: padding, left: padding, right: padding, background: '#f7931e' })
    .png({ compressionLevel: 9 })
    .toBuffer();

function ico(images: { size: number; data: Buffer }[]): Buffer {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2); // 1 = icon
  header.writeUInt16LE(images.length, 4);
  const entries: Buffer[] = [];
  let offset = 6 + 16 * images.length;
  for (const { size, data } of images) {
    const entry = Buffer.alloc(16);
    entry.writeUInt8(size >= 256 ? 0 : size, 0);
    entry.writeUInt8(size >= 256 ? 0 : size, 1);
    entry.writeUInt16LE(1, 4); // colour planes
    entry.writeUInt16LE(32, 6); // bits per pixel
    entry.writeUInt32LE(data.length, 8);
    entry.writeUInt32LE(offset, 12);
    entries.push(entry);
    offset += data.length;
  }
  return Buffer.concat([header, ...entries, ...images.map((i) => i.data)]);
}

const write = (name: string, data: Buffer) => writeFileSync(path.join(publicDir, name), data);
write('favicon.ico', ico(await Promise.all([16, 32, 48].map(async (size) => ({ size, data: await png(size) })))));
write('apple-touch-icon.png', await png(180));
write('icon-192.png', await png(192));
write('icon-512.png', await png(512));
// Maskable: the logo inside the safe zone (80%), the rest filled with the brand colour.
write('icon-maskable-512.png', await png(512, 52));
console.log('icons written to public/');
