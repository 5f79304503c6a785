// The frame every email of the shop shares: inline styles (mail clients ignore style sheets),
// the shop's name on top, a footer saying why the email came. Templates fill the body.
import type { SellerDetails } from '../../../common/compliance/seller-details';
import { sellerDetailsLines } from '../../../common/compliance/seller-lines';
import { SHOP_NAME } from '../../../common/shop-info';

export const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function emailLayout(title: string, body: string, options: { width: number; footer: string }): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:0;background:#f6f6f6;font-family:Arial,Helvetica,sans-serif;color:#222">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">
<table role="presentation" width="${options.width}" cellpadding="0" cellspacing="0" style="max-width:${options.width}px;background:#fff;border-radius:8px">
<tr><td style="padding:20px 28px;border-bottom:3px solid #f97316;font-size:22px;font-weight:bold;color:#c2410c">${SHOP_NAME}</td></tr>
<tr><td style="padding:28px;font-size:15px;line-height:1.5">${body}</td></tr>
<tr><td style="padding:16px 28px;font-size:12px;color:#666;border-top:1px solid #eee">
${options.footer}
</td></tr></table></td></tr></table></body></html>`;
}

export const emailButton = (href: string, label: string) =>
  `<p style="margin:24px 0"><a href="${escapeHtml(href)}" style="background:#ea580c;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:bold">${escapeHtml(label)}</a></p>`;

/**
 * Where an email's footer names the seller (every order email: the Internet Transactions Act has
 * the seller's registered name, address, contact and registration shown). sendEmail fills it
 * with the details as stored when the email is recorded, read through the sender's database.
 */
export const SELLER_DETAILS_SLOT = '<!--suki:seller-details-->';

export function sellerDetailsHtml(seller: SellerDetails): string {
  const lines = sellerDetailsLines(seller);
  return lines.length ? `<p style="margin:8px 0 0" data-seller-details>${lines.map(escapeHtml).join('<br>')}</p>` : '';
}
