// The account emails (and the watchlist's back-in-stock alert): HTML (inline styles, for mail
// clients) and a plain-text twin of each.
import { SHOP_NAME } from '../../../common/shop-info';
import { emailButton, emailLayout, escapeHtml } from './email-layout';
import type { EmailMessage } from './notifications.service';

const layout = (title: string, body: string) => emailLayout(title, body, { width: 560, footer: `You received this email because of an action on your ${SHOP_NAME} account. If it was not you, you can ignore it.` });
const button = emailButton;

export function verificationEmail(input: { to: string; firstName: string; code: string; link: string; hours: number }): EmailMessage {
  const name = input.firstName || 'there';
  return {
    to: input.to,
    template: 'verify_email',
    subject: `Your ${SHOP_NAME} verification code: ${input.code}`,
    html: layout(
      'Verify your email',
      `<p>Hi ${escapeHtml(name)},</p>
<p>Please verify your email address. Your verification code is:</p>
<p style="font-size:28px;font-weight:bold;letter-spacing:6px;margin:16px 0" data-confirmation-key>${escapeHtml(input.code)}</p>
<p>Enter it on the verification page, or open this link:</p>
${button(input.link, 'Verify Email Address')}
<p style="font-size:13px;color:#555">Or copy this address into your browser:<br><a href="${escapeHtml(input.link)}">${escapeHtml(input.link)}</a></p>
<p style="font-size:13px;color:#555">The code and the link work once and expire in ${input.hours} hours.</p>`,
    ),
    text: `Hi ${name},

Please verify your email address. Your verification code is: ${input.code}

Or open this link: ${input.link}

The code and the link work once and expire in ${input.hours} hours.
`,
  };
}

export function resetPasswordEmail(input: { to: string; firstName: string; link: string; minutes: number }): EmailMessage {
  const name = input.firstName || 'there';
  return {
    to: input.to,
    template: 'reset_password',
    subject: `Reset your ${SHOP_NAME} password`,
    html: layout(
      'Reset your password',
      `<p>Hi ${escapeHtml(name)},</p>
<p>We received a request to reset your password. Choose a new one here:</p>
${button(input.link, 'Reset Password')}
<p style="font-size:13px;color:#555">Or copy this address into your browser:<br><a href="${escapeHtml(input.link)}">${escapeHtml(input.link)}</a></p>
<p style="font-size:13px;color:#555">The link works once and expires in ${input.minutes} minutes. If you did not ask for it, your password stays as it is.</p>`,
    ),
    text: `Hi ${name},

We received a request to reset your password. Choose a new one here:
${input.link}

The link works once and expires in ${input.minutes} minutes. If you did not ask for it, your password stays as it is.
`,
  };
}

/** A new staff member's invitation: the reset-password link, worded as "set your password". */
export function staffInvitationEmail(input: { to: string; firstName: string; link: string; minutes: number }): EmailMessage {
  const name = input.firstName || 'there';
  return {
    to: input.to,
    template: 'staff_invitation',
    subject: `You're invited to the ${SHOP_NAME} back office`,
    html: layout(
      'Welcome to the team',
      `<p>Hi ${escapeHtml(name)},</p>
<p>You have been invited to the ${SHOP_NAME} back office. Set your password to sign in:</p>
${button(input.link, 'Set Password')}
<p style="font-size:13px;color:#555">Or copy this address into your browser:<br><a href="${escapeHtml(input.link)}">${escapeHtml(input.link)}</a></p>
<p style="font-size:13px;color:#555">The link works once and expires in ${input.minutes} minutes. If it has expired, ask for a new invitation.</p>`,
    ),
    text: `Hi ${name},

You have been invited to the ${SHOP_NAME} back office. Set your password to sign in:
${input.link}

The link works once and expires in ${input.minutes} minutes. If it has expired, ask for a new invitation.
`,
  };
}

export function welcomeEmail(input: { to: string; firstName: string; shopUrl: string; referralCode: string }): EmailMessage {
  const name = input.firstName || 'there';
  return {
    to: input.to,
    template: 'welcome',
    subject: `Welcome to ${SHOP_NAME}!`,
    html: layout(
      `Welcome to ${SHOP_NAME}`,
      `<p>Hi ${escapeHtml(name)},</p>
<p>Your email is verified and your account is ready. Happy shopping!</p>
${button(input.shopUrl, 'Start Shopping')}
<p>Your Commissioner Key is <strong>${escapeHtml(input.referralCode)}</strong>. Share it: friends who sign up with it get ₱100 off their first purchase, and you earn points on their orders.</p>`,
    ),
    text: `Hi ${name},

Your email is verified and your account is ready. Happy shopping: ${input.shopUrl}

Your Commissioner Key is ${input.referralCode}. Share it: friends who sign up with it get PHP 100 off their first purchase, and you earn points on their orders.
`,
  };
}

/** A product on the customer's watchlist has stock again (sent once per return to stock). */
export function backInStockEmail(input: {
  to: string;
  firstName: string;
  productName: string;
  productUrl: string;
  watchlistUrl: string;
}): EmailMessage {
  const name = input.firstName || 'there';
  return {
    to: input.to,
    template: 'back_in_stock',
    // The product name is shop data, but the subject line is a header: no line breaks in it.
    subject: `Back in stock: ${input.productName.replace(/[\r\n]+/g, ' ')}`,
    html: layout(
      'Back in stock',
      `<p>Hi ${escapeHtml(name)},</p>
<p>Good news: <strong>${escapeHtml(input.productName)}</strong>, on your watchlist, is back in stock.</p>
${button(input.productUrl, 'View Product')}
<p style="font-size:13px;color:#555">Stock can run out again, so do not wait too long. You receive this email because the product is on your watchlist; remove it from <a href="${escapeHtml(input.watchlistUrl)}">your watchlist</a> to stop these emails.</p>`,
    ),
    text: `Hi ${name},

Good news: ${input.productName}, on your watchlist, is back in stock.

View Product: ${input.productUrl}

Stock can run out again, so do not wait too long. You receive this email because the product is on your watchlist; remove it from your watchlist to stop these emails: ${input.watchlistUrl}
`,
  };
}
