// Images staff upload for banners and announcement modals: decoded from base64 (or a data: URL),
// checked to be a real picture, and cut into the WebP derivatives every stored image has
// (catalogue/media.ts), under a new key each time so cached copies of the old one never show.
import { randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { OutputInfo } from 'sharp';
import { loadSharp } from '../../lib/sharp';
import { CONTENT_IMAGE_MAX_BYTES, CONTENT_MESSAGES } from '../../../common/content/content-rules';
import type { Config } from '../../config';
import { mediaDir } from '../../http/media';
import { DomainError } from '../../lib/domain-error';
import { derivativeWidths, type StoredImage } from '../catalogue/media';

/** The widest derivative kept: the home carousel's 2x width. */
const MAX_WIDTH = 1600;

export async function storeContentImage(config: Pick<Config, 'dataDir'>, kind: 'banner' | 'announcement', base64: string, field = 'base64Str'): Promise<StoredImage> {
  const body = base64.startsWith('data:') ? base64.slice(base64.indexOf(',') + 1) : base64;
  const bytes = Buffer.from(body.trim(), 'base64');
  if (bytes.length === 0 || bytes.length > CONTENT_IMAGE_MAX_BYTES) throw new DomainError(CONTENT_MESSAGES.image, field);
  let raw: { data: Buffer; info: OutputInfo };
  const sharp = await loadSharp();
  try {
    raw = await sharp(bytes, { limitInputPixels: 50_000_000 })
      .rotate()
      .resize({ width: MAX_WIDTH, withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw new DomainError(CONTENT_MESSAGES.image, field);
  }
  const { width, height } = raw.info;
  const key = `content/${kind}-${Date.now().toString(36)}-${randomBytes(4).toString('hex')}`;
  const dir = path.join(mediaDir(config.dataDir), key);
  await mkdir(dir, { recursive: true });
  await Promise.all(
    derivativeWidths(width).map((w) =>
      sharp(raw.data, { raw: raw.info })
        .resize(w)
        .webp({ quality: 82 })
        .toFile(path.join(dir, `${w}.webp`)),
    ),
  );
  return { key, width, height };
}
