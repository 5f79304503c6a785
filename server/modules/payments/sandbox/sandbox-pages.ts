// The sandbox's hosted pages: plain server-rendered HTML forms that work without JavaScript.
import { formatPeso } from '../../../../common/money';
import { escapeHtml } from '../../notifications/email-layout';
import type { SandboxSessionRow } from '../payments.tables';

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>
body{font-family:system-ui,sans-serif;background:#f4f4f5;margin:0;padding:2rem 1rem;color:#18181b}
main{max-width:28rem;margin:0 auto;background:#fff;border-radius:.75rem;padding:1.5rem;box-shadow:0 1px 3px #0002}
h1{font-size:1.25rem;margin:0 0 .25rem}
.note{font-size:.8rem;color:#52525b;background:#fef3c7;border-radius:.5rem;padding:.5rem .75rem}
dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem}dt{color:#52525b}dd{margin:0;font-weight:600}
.actions{display:flex;gap:.5rem;flex-wrap:wrap;margin-top:1rem}
input{font:inherit;padding:.5rem;border:1px solid #d4d4d8;border-radius:.5rem;margin-top:.25rem}
button{font:inherit;padding:.6rem 1.1rem;border-radius:.5rem;border:1px solid #d4d4d8;background:#fff;cursor:pointer}
button[value=approve]{background:#15803d;color:#fff;border-color:#15803d}
button[value=decline]{background:#b91c1c;color:#fff;border-color:#b91c1c}
</style>
</head>
<body><main>${body}</main></body>
</html>`;
}

const SANDBOX_NOTE =
  '<p class="note">Payment sandbox: nothing is charged. Approve, decline or cancel to see what the shop does.</p>';

export function sessionPage(session: SandboxSessionRow, action: string, options: { keysAmount?: boolean } = {}): string {
  // An approved installment plan (sandbox.router.ts): what is left is the down payment, a third
  // upfront; the provider then pays the shop the whole amount.
  const plan = session.status === 'APPROVED' && !session.captureByMerchant;
  // Paid in part (ADR 050): what was paid and what is left.
  const paid = session.paidAmount ?? 0;
  const left = session.amount - paid;
  return page(
    `${session.gateway} sandbox`,
    `<h1>${plan ? `Your ${escapeHtml(session.gateway)} plan is approved` : `Pay with ${escapeHtml(session.gateway)}`}</h1>
${SANDBOX_NOTE}
<dl>
<dt>Merchant</dt><dd>Suki</dd>
<dt>Order</dt><dd>${escapeHtml(session.orderReference)}</dd>
<dt>Amount</dt><dd>${escapeHtml(formatPeso(session.amount))}</dd>
${plan ? `<dt>Down payment (1/3 upfront)</dt><dd>${escapeHtml(formatPeso(Math.ceil(session.amount / 3)))}</dd>` : ''}
${paid > 0 ? `<dt>Paid so far</dt><dd>${escapeHtml(formatPeso(paid))}</dd><dt>Remaining balance</dt><dd>${escapeHtml(formatPeso(left))}</dd>` : ''}
</dl>
${plan ? `<p>Approve pays the down payment; the rest is paid to ${escapeHtml(session.gateway)} over up to 12 months.</p>` : ''}
<form method="post" action="${escapeHtml(action)}">
${
  options.keysAmount
    ? `<p><label>Amount to pay (₱, less pays a part and leaves the rest to pay later)<br><input name="amount" inputmode="decimal" value="${escapeHtml((left / 100).toFixed(2))}" required></label></p>`
    : ''
}
<div class="actions">
<button type="submit" name="decision" value="approve">Approve</button>
<button type="submit" name="decision" value="decline">Decline</button>
<button type="submit" name="decision" value="cancel">Cancel</button>
</div>
</form>`,
  );
}

export function messagePage(title: string, text: string, link?: { href: string; label: string }): string {
  return page(
    title,
    `<h1>${escapeHtml(title)}</h1>${SANDBOX_NOTE}<p>${escapeHtml(text)}</p>${
      link ? `<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>` : ''
    }`,
  );
}
