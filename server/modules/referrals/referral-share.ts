// Share tools for verified commissioners (docs/product/referrals.md#sharing): a QR code of the share link, and a
// printable PDF card with the Commissioner Key, the QR code and the link.
import { LRUCache } from 'lru-cache';
import QRCode from 'qrcode';
import type { ServiceContext } from '../../graphql/context';
import { getUser } from '../accounts/accounts.service';
import { referralDiscount, referralRegistrationLink, type OwnRow } from './referrals.service';

/**
 * QR images already drawn, by link: drawing one costs 50-160 ms of the process's one thread
 * (measured under load), and the account page shows its owner's on every visit. The image
 * depends on the link alone. Bounded by bytes (QR_CACHE_MB; a 320-pixel PNG is about 2,900
 * characters), made with the first caller's budget: one per process, as the configuration is.
 */
let drawn: LRUCache<string, Promise<string>> | null = null;
const QR_CHARACTERS = 3_000;

function drawnImages(maxBytes: number): LRUCache<string, Promise<string>> {
  drawn ??= new LRUCache<string, Promise<string>>({ maxSize: Math.max(1, maxBytes), sizeCalculation: (_image, link) => 2 * (QR_CHARACTERS + link.length) });
  return drawn;
}

/** A PNG data URL of the QR code for a link; kept within `maxBytes` of drawn images (0: none kept). */
export function qrDataUrl(link: string, maxBytes: number): Promise<string> {
  const image = () => QRCode.toDataURL(link, { errorCorrectionLevel: 'M', margin: 1, width: 320 });
  if (maxBytes <= 0) return image();
  const images = drawnImages(maxBytes);
  const known = images.get(link);
  if (known) return known;
  const drawing = image();
  images.set(link, drawing);
  // A failure is not kept: the next visit draws again.
  drawing.catch(() => images.delete(link));
  return drawing;
}

/** me.referralQrCode: the share link as a QR image; null for visitors and unverified users. */
export async function referralQrCode(ctx: ServiceContext, own?: OwnRow | null): Promise<{ url: string; alt: string } | null> {
  const link = await referralRegistrationLink(ctx, own);
  return link ? { url: await qrDataUrl(link, ctx.config.memory.qrCacheBytes), alt: 'QR code of your Commissioner link' } : null;
}

/** Keeps a line inside the card: pdf-lib's standard fonts have no glyph for ₱, so PHP is written. */
const pdfText = (s: string) => s.replace(/₱/g, 'PHP ').replace(/[^\x20-\x7E]/g, '');

/**
 * The Commissioner card (A6 portrait) as PDF bytes: the shop, the user's name, their Commissioner
 * Key, the QR code and the link. Null for visitors and unverified users (who cannot share).
 */
export async function referralCardPdf(ctx: ServiceContext): Promise<Uint8Array | null> {
  const link = await referralRegistrationLink(ctx);
  const user = ctx.user ? await getUser(ctx.db, ctx.user.id) : null;
  if (!link || !user) return null;

  // Loaded on the first card asked for: pdf-lib is ~4 MB of heap in every process otherwise
  // (docs/operations/memory-and-overload.md).
  const { PDFDocument, rgb, StandardFonts } = await import('pdf-lib');
  const pdf = await PDFDocument.create();
  pdf.setTitle('Suki Commissioner card');
  pdf.setAuthor('Suki');
  const page = pdf.addPage([298, 420]);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const orange = rgb(0.93, 0.45, 0.1);
  const { width } = page.getSize();
  const centred = (text: string, y: number, size: number, font = regular, color = rgb(0.1, 0.1, 0.1)) => {
    const t = pdfText(text);
    page.drawText(t, { x: (width - font.widthOfTextAtSize(t, size)) / 2, y, size, font, color });
  };

  page.drawRectangle({ x: 0, y: 380, width, height: 40, color: orange });
  centred('Suki', 393, 20, bold, rgb(1, 1, 1));
  const name = `${user.firstName} ${user.lastName}`.trim();
  centred(name ? `${name}'s Commissioner Key` : 'Commissioner Key', 352, 12);
  centred(user.referralCode, 322, 24, bold, orange);

  const png = await QRCode.toBuffer(link, { errorCorrectionLevel: 'M', margin: 1, width: 360 });
  const qr = await pdf.embedPng(png);
  page.drawImage(qr, { x: (width - 170) / 2, y: 135, width: 170, height: 170 });

  centred(referralDiscount(), 110, 10);
  centred('Sign up with this link:', 90, 9);
  // Long links are split so they stay on the card.
  const shown = pdfText(link);
  const perLine = 48;
  for (let i = 0, y = 74; i < shown.length && y > 20; i += perLine, y -= 12) centred(shown.slice(i, i + perLine), y, 8);
  return pdf.save();
}
