// Images staff upload for banners and announcement modals: decoded from base64 (or a data: URL),
// checked to be a real picture, and cut into the WebP derivatives every stored image has
// (catalogue/media.ts), under a new key each time so cached copies of the old one never show.
import { randomBytes } from 'node:crypto';
import type { OutputInfo } from 'sharp';
import { loadSharp } from '../../lib/sharp';
import { CONTENT_IMAGE_MAX_BYTES, CONTENT_MESSAGES } from '../../../common/content/content-rules';
import type { ServiceContext } from '../../graphql/context';
import { DomainError } from '../../lib/domain-error';
import { putAll, storageOf } from '../../storage/file-storage';
import { derivativeWidths, type StoredImage } from '../catalogue/media';

/** The widest derivative kept: the home carousel's 2x width. */
const MAX_WIDTH = 1600;

export async function storeContentImage(ctx: Pick<ServiceContext, 'config' | 'db'>, kind: 'banner' | 'announcement', base64: string, field = 'base64Str'): Promise<StoredImage> {
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
  const files = await Promise.all(
    derivativeWidths(width).map(async (w) => [`${key}/${w}.webp`, await sharp(raw.data, { raw: raw.info }).resize(w).webp({ quality: 82 }).toBuffer()] as [string, Buffer]),
  );
  await putAll(storageOf(ctx), files);
  return { key, width, height };
}
