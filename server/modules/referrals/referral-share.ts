// Share tools for verified commissioners (docs/product/referrals.md#sharing): a QR code of the share link, and a
// printable PDF card with the Commissioner Key, the QR code and the link.
import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import QRCode from 'qrcode';
import type { ServiceContext } from '../../graphql/context';
import { getUser } from '../accounts/accounts.service';
import { referralDiscount, referralRegistrationLink } from './referrals.service';

/** A PNG data URL of the QR code for a link. */
export function qrDataUrl(link: string): Promise<string> {
  return QRCode.toDataURL(link, { errorCorrectionLevel: 'M', margin: 1, width: 320 });
}

/** me.referralQrCode: the share link as a QR image; null for visitors and unverified users. */
export async function referralQrCode(ctx: ServiceContext): Promise<{ url: string; alt: string } | null> {
  const link = await referralRegistrationLink(ctx);
  return link ? { url: await qrDataUrl(link), alt: 'QR code of your Commissioner link' } : null;
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
