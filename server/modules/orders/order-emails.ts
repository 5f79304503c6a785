// The order confirmation email (HTML with a plain-text twin), sent after the order commits.
import { formatPeso } from '../../../common/money';
import { SHOP_NAME } from '../../../common/shop-info';
import type { OrderLineRow, OrderRow } from './orders.service';

export type OrderEmail = { to: string; subject: string; html: string; text: string; template: string };

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function orderConfirmationEmail(order: OrderRow, lines: OrderLineRow[], shopUrl: string): OrderEmail {
  const link = `${shopUrl}/account/order-details/${order.id}`;
  const rows = lines.map((l) => ({
    name: `${l.productName} (${l.variantName})`,
    quantity: l.quantity,
    total: formatPeso(l.unitPrice * l.quantity),
  }));
  const totals: [string, number][] = [
    ['Subtotal', order.subtotal],
    ['Shipping', order.shippingPrice],
    ...(order.insurance ? ([['Shipping insurance', order.insurance]] as [string, number][]) : []),
    ...(order.cashOnDeliveryFee ? ([['Cash on delivery fee', order.cashOnDeliveryFee]] as [string, number][]) : []),
    ...(order.discount ? ([[order.discountName ?? 'Discount', -order.discount]] as [string, number][]) : []),
    ['Total', order.total],
  ];
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Order ${escapeHtml(order.referenceKey)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#222">
<h1 style="color:#c2410c">${SHOP_NAME}</h1>
<p>Your order has been placed! Please wait for your order to be confirmed.</p>
<p>Order# <strong>${escapeHtml(order.referenceKey)}</strong> · Payment: ${escapeHtml(order.gateway ?? '')}</p>
<table cellpadding="6" style="border-collapse:collapse">
${rows.map((r) => `<tr><td>${escapeHtml(r.name)}</td><td>× ${r.quantity}</td><td align="right">${r.total}</td></tr>`).join('\n')}
${totals.map(([label, amount]) => `<tr><td colspan="2">${escapeHtml(label)}</td><td align="right">${formatPeso(amount)}</td></tr>`).join('\n')}
</table>
<p><a href="${escapeHtml(link)}">View your order</a></p>
</body></html>`;
  const text = [
    'Your order has been placed! Please wait for your order to be confirmed.',
    `Order# ${order.referenceKey}`,
    '',
    ...rows.map((r) => `${r.name} x ${r.quantity}: ${r.total}`),
    '',
    ...totals.map(([label, amount]) => `${label}: ${formatPeso(amount)}`),
    '',
    `View your order: ${link}`,
  ].join('\n');
  return {
    to: order.userEmail,
    subject: `${SHOP_NAME} order ${order.referenceKey}`,
    html,
    text,
    template: 'order_confirmation',
  };
}
