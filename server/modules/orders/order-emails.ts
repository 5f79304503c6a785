// The order emails, each HTML (inline styles, for mail clients) with a plain-text twin: order
// placed (with the bank details and next steps for Bank Deposit), status changed, and receipt.
// All are sent after the transaction that caused them has committed.
import { productDisplayName } from '../../../common/catalogue/pricing';
import { gatewayDisplayName } from '../../../common/checkout/gateways';
import { formatPeso } from '../../../common/money';
import { formatOrderDate, formatOrderDateTime, trackingLinkHref } from '../../../common/orders/order-display';
import { BANK_DETAILS_ROWS, bankDepositSteps, isBankDeposit, orderPlacedMessage } from '../../../common/orders/order-placed';
import { ORDER_STATUS_DISPLAY, type OrderStatus } from '../../../common/orders/order-status';
import { SHOP_NAME } from '../../../common/shop-info';
import { emailButton, emailLayout, escapeHtml, SELLER_DETAILS_SLOT } from '../notifications/email-layout';
import type { OrderAddressRow, OrderLineRow, OrderRow } from './orders.service';

export type OrderEmail = { to: string; subject: string; html: string; text: string; template: string };

const layout = (title: string, body: string) => emailLayout(title, body, { width: 600, footer: `You received this email about an order on your ${SHOP_NAME} account.${SELLER_DETAILS_SLOT}` });
const button = emailButton;

export const orderLink = (shopUrl: string, order: Pick<OrderRow, 'id'>) => `${shopUrl}/account/order-details/${order.id}`;

type Row = [label: string, amount: number];

function totalRows(order: OrderRow): Row[] {
  return [
    ['Subtotal', order.subtotal],
    ['Shipping', order.shippingPrice],
    ...(order.insurance ? ([['Shipping insurance', order.insurance]] as Row[]) : []),
    ...(order.cashOnDeliveryFee ? ([['Cash on delivery fee', order.cashOnDeliveryFee]] as Row[]) : []),
    ...(order.paypalFee ? ([['PayPal fee', order.paypalFee]] as Row[]) : []),
    ...(order.discount ? ([[order.discountName ?? 'Discount', -order.discount]] as Row[]) : []),
    ['Total', order.total],
  ];
}

/** As the product page names it, brand first: 'Samsung Galaxy A55 (Black 8GB/256GB)'. */
const lineName = (l: OrderLineRow) => `${productDisplayName(l.productName, l.brandName)} (${l.variantName})`;

function linesHtml(order: OrderRow, lines: OrderLineRow[]): string {
  const items = lines
    .map(
      (l) =>
        `<tr><td style="padding:6px 0">${escapeHtml(lineName(l))}</td><td style="padding:6px 8px">× ${l.quantity}</td><td align="right" style="padding:6px 0">${formatPeso(l.unitPrice * l.quantity)}</td></tr>`,
    )
    .join('\n');
  const totals = totalRows(order)
    .map(
      ([label, amount]) =>
        `<tr><td colspan="2" style="padding:4px 0${label === 'Total' ? ';font-weight:bold' : ''}">${escapeHtml(label)}</td><td align="right" style="padding:4px 0${label === 'Total' ? ';font-weight:bold' : ''}">${formatPeso(amount)}</td></tr>`,
    )
    .join('\n');
  return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-collapse:collapse;margin:16px 0">
${items}
<tr><td colspan="3" style="border-top:1px solid #ddd"></td></tr>
${totals}
</table>`;
}

function linesText(order: OrderRow, lines: OrderLineRow[]): string[] {
  return [
    ...lines.map((l) => `${lineName(l)} x ${l.quantity}: ${formatPeso(l.unitPrice * l.quantity)}`),
    '',
    ...totalRows(order).map(([label, amount]) => `${label}: ${formatPeso(amount)}`),
  ];
}

function bankDepositHtml(order: OrderRow): string {
  const rows = BANK_DETAILS_ROWS.map(
    ([label, value]) => `<tr><td style="padding:4px 12px 4px 0;color:#555">${escapeHtml(label)}</td><td style="padding:4px 0;font-weight:bold">${escapeHtml(value)}</td></tr>`,
  ).join('\n');
  const steps = bankDepositSteps(formatPeso(order.total), order.referenceKey)
    .map((s) => `<li style="margin:4px 0">${escapeHtml(s)}</li>`)
    .join('\n');
  return `<h2 style="font-size:17px;margin:24px 0 8px">Bank deposit details</h2>
<table role="presentation" cellpadding="0" cellspacing="0" data-bank-details>${rows}</table>
<h2 style="font-size:17px;margin:24px 0 8px">What to do next</h2>
<ol style="padding-left:20px;margin:0">${steps}</ol>`;
}

function bankDepositText(order: OrderRow): string[] {
  return [
    '',
    'Bank deposit details',
    ...BANK_DETAILS_ROWS.map(([label, value]) => `${label}: ${value}`),
    '',
    'What to do next',
    ...bankDepositSteps(formatPeso(order.total), order.referenceKey).map((s, i) => `${i + 1}. ${s}`),
  ];
}

/** Order placed: the lines and totals; for Bank Deposit, where to pay and what to do next. */
export function orderConfirmationEmail(order: OrderRow, lines: OrderLineRow[], shopUrl: string): OrderEmail {
  const link = orderLink(shopUrl, order);
  const gateway = order.gateway ?? '';
  const message = orderPlacedMessage(gateway);
  const bank = isBankDeposit(gateway);
  const html = layout(
    `Order ${order.referenceKey}`,
    `<p>${escapeHtml(message)}</p>
<p>Order# <strong>${escapeHtml(order.referenceKey)}</strong> · ${escapeHtml(formatOrderDate(order.createdAt))} · Payment: ${escapeHtml(gatewayDisplayName(gateway))}</p>
${linesHtml(order, lines)}
${bank ? bankDepositHtml(order) : ''}
${button(link, 'View your order')}`,
  );
  const text = [
    message,
    `Order# ${order.referenceKey}`,
    `Payment: ${gatewayDisplayName(gateway)}`,
    '',
    ...linesText(order, lines),
    ...(bank ? bankDepositText(order) : []),
    '',
    `View your order: ${link}`,
  ].join('\n');
  return { to: order.userEmail, subject: `${SHOP_NAME} order ${order.referenceKey}`, html, text, template: 'order_confirmation' };
}

/** A status change: the new status, the note (cancel reason, tracking) and the order's link. */
export function orderStatusEmail(
  order: OrderRow,
  change: { from: OrderStatus; to: OrderStatus; note: string | null },
  shopUrl: string,
): OrderEmail {
  const link = orderLink(shopUrl, order);
  const status = ORDER_STATUS_DISPLAY[change.to];
  const intro = `The status of your order ${order.referenceKey} is now: ${status}.`;
  const tracking = change.to === 'FULFILLED' && order.trackingNumber ? `Tracking number: ${order.trackingNumber}` : null;
  // The link as the courier gave it may lack its scheme: the email shows it with https:// added.
  const trackingHref = change.to === 'FULFILLED' ? trackingLinkHref(order.trackingLink) : null;
  const html = layout(
    `Order ${order.referenceKey}: ${status}`,
    `<p>${escapeHtml(intro)}</p>
<p style="color:#555">Before: ${escapeHtml(ORDER_STATUS_DISPLAY[change.from])}</p>
${change.note ? `<p>${escapeHtml(change.note)}</p>` : ''}
${tracking ? `<p>${escapeHtml(tracking)}</p>` : ''}
${trackingHref ? `<p>Track your parcel: <a href="${escapeHtml(trackingHref)}">${escapeHtml(trackingHref)}</a></p>` : ''}
${button(link, 'View your order')}`,
  );
  const text = [
    intro,
    `Before: ${ORDER_STATUS_DISPLAY[change.from]}`,
    ...(change.note ? ['', change.note] : []),
    ...(tracking ? ['', tracking] : []),
    ...(trackingHref ? [`Track your parcel: ${trackingHref}`] : []),
    '',
    `View your order: ${link}`,
  ].join('\n');
  return {
    to: order.userEmail,
    subject: `${SHOP_NAME} order ${order.referenceKey}: ${status}`,
    html,
    text,
    template: 'order_status',
  };
}

const addressLines = (a: OrderAddressRow | null): string[] =>
  a
    ? [
        `${a.firstName} ${a.lastName}`.trim(),
        a.companyName ?? '',
        a.streetAddress1,
        a.streetAddress2 ?? '',
        [a.cityArea, a.city].filter(Boolean).join(', '),
        [a.countryArea, a.postalCode].filter(Boolean).join(' '),
        a.phone ?? '',
      ].filter((l) => l.trim())
    : [];

/** The receipt of a fulfilled order (Resend Receipt). */
export function orderReceiptEmail(
  order: OrderRow,
  lines: OrderLineRow[],
  billing: OrderAddressRow | null,
  paymentLabel: string,
  shopUrl: string,
): OrderEmail {
  const link = orderLink(shopUrl, order);
  const facts: [string, string][] = [
    ['Order#', order.referenceKey],
    ['Placed on', formatOrderDate(order.createdAt)],
    ['Payment method', gatewayDisplayName(order.gateway ?? '')],
    ['Payment status', paymentLabel],
  ];
  const billedTo = addressLines(billing);
  const html = layout(
    `Receipt for order ${order.referenceKey}`,
    `<h1 style="font-size:20px;margin:0 0 12px">Receipt</h1>
<table role="presentation" cellpadding="0" cellspacing="0">${facts
      .map(([k, v]) => `<tr><td style="padding:2px 12px 2px 0;color:#555">${escapeHtml(k)}</td><td>${escapeHtml(v)}</td></tr>`)
      .join('')}</table>
${billedTo.length ? `<p style="margin-top:16px"><strong>Billed to</strong><br>${billedTo.map(escapeHtml).join('<br>')}</p>` : ''}
${linesHtml(order, lines)}
${button(link, 'View your order')}`,
  );
  const text = [
    `Receipt for order ${order.referenceKey}`,
    ...facts.map(([k, v]) => `${k}: ${v}`),
    ...(billedTo.length ? ['', 'Billed to', ...billedTo] : []),
    '',
    ...linesText(order, lines),
    '',
    `View your order: ${link}`,
  ].join('\n');
  return {
    to: order.userEmail,
    subject: `${SHOP_NAME} receipt for order ${order.referenceKey}`,
    html,
    text,
    template: 'order_receipt',
  };
}

/**
 * A pre-order's held PayPal payment could not be captured when staff confirmed the order (ADR
 * 040): its authorisation lapsed and PayPal would not renew it, or PayPal declined it. Nothing was
 * charged; the customer pays again from the order's Pay Now.
 */
export function heldPaymentNotCapturedEmail(
  // What payments knows of the order (it asks for this email through a port, ADR 046).
  order: Pick<OrderRow, 'id' | 'referenceKey' | 'userEmail'>,
  held: { outcome: 'expired' | 'declined'; amount: number; gateway: string },
  shopUrl: string,
): OrderEmail {
  const link = orderLink(shopUrl, order);
  const why =
    held.outcome === 'expired'
      ? `Your ${held.gateway} authorisation of ${formatPeso(held.amount)} expired before we could confirm your order ${order.referenceKey}, and PayPal would not renew it.`
      : `${held.gateway} declined the payment of ${formatPeso(held.amount)} for your order ${order.referenceKey} when we confirmed it.`;
  const next = 'Nothing was charged. Your order is confirmed: please pay for it again with the Pay Now button on your order page.';
  const html = layout(
    `Order ${order.referenceKey}: please pay again`,
    `<p>${escapeHtml(why)}</p>
<p>${escapeHtml(next)}</p>
${button(link, 'Pay for your order')}`,
  );
  const text = [why, next, '', `Pay for your order: ${link}`].join('\n');
  return {
    to: order.userEmail,
    subject: `${SHOP_NAME} order ${order.referenceKey}: please pay again`,
    html,
    text,
    template: 'held_payment_not_captured',
  };
}

/** A span of minutes in words: '45 minutes', '1 hour', '48 hours'. */
/**
 * Staff refused the deposit slip of a confirmed Bank Deposit order: why, and how to send
 * another (the order's Upload Deposit Slip button shows again).
 */
export function proofOfBillingRefusedEmail(order: OrderRow, reason: string | null, shopUrl: string): OrderEmail {
  const link = orderLink(shopUrl, order);
  const why = `We could not accept the deposit slip you sent for order ${order.referenceKey}${reason ? `: ${reason}` : '.'}`;
  const next = `Your order is confirmed. Please deposit ${formatPeso(order.total)} if you have not yet, then upload a clear photo of your deposit slip again with the Upload Deposit Slip button on your order page.`;
  const html = layout(
    `Order ${order.referenceKey}: please upload your deposit slip again`,
    `<p>${escapeHtml(why)}</p>
<p>${escapeHtml(next)}</p>
${button(link, 'Upload your deposit slip')}`,
  );
  const text = [why, next, '', `Upload your deposit slip: ${link}`].join('\n');
  return {
    to: order.userEmail,
    subject: `${SHOP_NAME} order ${order.referenceKey}: please upload your deposit slip again`,
    html,
    text,
    template: 'proof_of_billing_refused',
  };
}

export function describeMinutes(minutes: number): string {
  if (minutes % 60 !== 0) return `${minutes} minute${minutes === 1 ? '' : 's'}`;
  const hours = minutes / 60;
  return `${hours} hour${hours === 1 ? '' : 's'}`;
}

/** The reminder of an unpaid order whose payment window is about to lapse (payment-expiry.service.ts). */
export function paymentReminderEmail(order: OrderRow, dueAt: Date, shopUrl: string): OrderEmail {
  const link = orderLink(shopUrl, order);
  const due = formatOrderDateTime(dueAt);
  const intro = `We have not received the payment of ${formatPeso(order.total)} for your order ${order.referenceKey} yet.`;
  const warning = `Please pay by ${due} (Philippine time). After that, the order is cancelled and its items are released to other shoppers.`;
  const html = layout(
    `Order ${order.referenceKey}: waiting for payment`,
    `<p>${escapeHtml(intro)}</p>
<p>${escapeHtml(warning)}</p>
<p>Payment: ${escapeHtml(gatewayDisplayName(order.gateway ?? ''))}</p>
${button(link, 'Pay for your order')}`,
  );
  const text = [intro, warning, `Payment: ${gatewayDisplayName(order.gateway ?? '')}`, '', `Pay for your order: ${link}`].join('\n');
  return {
    to: order.userEmail,
    subject: `${SHOP_NAME} order ${order.referenceKey}: please complete your payment`,
    html,
    text,
    template: 'payment_reminder',
  };
}

/**
 * Money given back on an order: staff's refund (in whole or in part, with their reason), or the
 * payment that arrived after the order had expired and was refunded by itself.
 */
export function paymentRefundedEmail(
  // What payments knows of the order (it asks for this email through a port, ADR 046).
  order: Pick<OrderRow, 'id' | 'referenceKey' | 'userEmail' | 'gateway' | 'total' | 'paypalFee'>,
  refund: { amount: number; reason: string; cause: 'staff' | 'expired'; pending: boolean },
  shopUrl: string,
): OrderEmail {
  const link = orderLink(shopUrl, order);
  const amount = formatPeso(refund.amount);
  const intro =
    refund.cause === 'expired'
      ? `Your payment of ${amount} for order ${order.referenceKey} arrived after the order had expired and was cancelled, so we have refunded it.`
      : `We have refunded ${amount} of your payment for order ${order.referenceKey}.`;
  const timing = refund.pending
    ? 'The payment provider is still processing the refund; it can take a few days to reach your account.'
    : 'Depending on your bank or wallet, it can take a few days to appear in your account.';
  const reason = refund.cause === 'staff' && refund.reason ? `Reason: ${refund.reason}` : null;
  // A full refund gives the PayPal fee back with the rest (docs/product/cart-and-checkout.md#paypal-fee, ADR 040).
  const fee = order.paypalFee > 0 && refund.amount >= order.total ? `This includes the PayPal fee of ${formatPeso(order.paypalFee)}.` : null;
  const html = layout(
    `Order ${order.referenceKey}: payment refunded`,
    `<p>${escapeHtml(intro)}</p>
${fee ? `<p>${escapeHtml(fee)}</p>` : ''}
${reason ? `<p>${escapeHtml(reason)}</p>` : ''}
<p>${escapeHtml(timing)}</p>
<p>Payment: ${escapeHtml(gatewayDisplayName(order.gateway ?? ''))}</p>
${button(link, 'View your order')}`,
  );
  const text = [intro, ...(fee ? [fee] : []), ...(reason ? [reason] : []), timing, `Payment: ${gatewayDisplayName(order.gateway ?? '')}`, '', `View your order: ${link}`].join('\n');
  return {
    to: order.userEmail,
    subject: `${SHOP_NAME} order ${order.referenceKey}: ${amount} refunded`,
    html,
    text,
    template: refund.cause === 'expired' ? 'late_payment_refunded' : 'payment_refunded',
  };
}
