// The sticky order summary beside the checkout steps: lines, totals and the promo code.
import { lazy, Suspense, useState } from 'react';
import { useFetcher } from 'react-router';
import { shippingSummaryLabel } from '../../../common/checkout/shipping-display';
import { formatPeso } from '../../../common/money';
import { LineThumbnail } from '../cart/LineThumbnail';
import { TrustStrip } from '../layout/TrustStrip';
import type { CheckoutView } from './types';

// As on the product page, the calculators' code loads after the page's (at most 150 KB
// of JavaScript on a first load); until it arrives the server-rendered boxes stay as they are.
const InstallmentWidgets = lazy(() => import('../catalogue/InstallmentWidgets').then((m) => ({ default: m.InstallmentWidgets })));

type Props = {
  checkout: CheckoutView;
  /** The chosen method's kind once saved: pickup is free, delivery shows the estimate. */
  shippingKind: 'pickup' | 'delivery' | null;
  showCodFee: boolean;
};

type ActionResult = { ok: boolean; message?: string };

export function OrderSummary({ checkout, shippingKind, showCodFee }: Props) {
  return (
    <aside className="h-fit rounded-lg border border-gray-200 bg-white p-4 shadow-sm lg:sticky lg:top-20" aria-labelledby="summary-title">
      <h2 id="summary-title" className="text-lg font-bold">
        Order Summary
      </h2>
      <ul className="mt-3 divide-y divide-gray-100">
        {checkout.lines.map((line) => (
          <li key={line.id} className="flex gap-3 py-2 text-sm">
            <LineThumbnail url={line.thumbnailUrl} alt={line.thumbnailAlt} size={48} />
            <div className="min-w-0 flex-1">
              <p className="font-medium">{line.productName}</p>
              {line.variantName ? <p className="text-gray-700">{line.variantName}</p> : null}
              <p className="text-gray-700">Qty: {line.quantity}</p>
            </div>
            <p className="whitespace-nowrap font-semibold">{formatPeso(line.totalPrice)}</p>
          </li>
        ))}
      </ul>
      <PromoCode voucherCode={checkout.voucherCode} />
      <dl className="mt-4 space-y-1 border-t border-gray-200 pt-3 text-sm" data-testid="order-totals">
        <Row label="Subtotal" value={formatPeso(checkout.subtotal)} />
        <Row label="Shipping" value={shippingLabel(checkout, shippingKind)} />
        {checkout.hasInsurance ? <Row label="Shipping Insurance" value={formatPeso(checkout.insurance)} /> : null}
        {showCodFee && checkout.cashOnDeliveryFee > 0 ? (
          <Row label="Cash on Delivery Fee" value={formatPeso(checkout.cashOnDeliveryFee)} />
        ) : null}
        {/* The server adds it to the total once PayPal is the chosen payment (ADR 040). */}
        {checkout.appliedPaypalFee > 0 ? <Row label="PayPal Fee" value={formatPeso(checkout.appliedPaypalFee)} /> : null}
        {checkout.discount > 0 ? (
          <Row label={`Discount${checkout.discountName ? ` (${checkout.discountName})` : ''}`} value={`-${formatPeso(checkout.discount)}`} />
        ) : null}
        <div className="flex justify-between border-t border-gray-200 pt-2 text-base font-bold">
          <dt>Total</dt>
          <dd data-testid="order-total" className="whitespace-nowrap">{formatPeso(checkout.total)}</dd>
        </div>
      </dl>
      {/* docs/product/catalogue.md#installment-calculators: the installment option (and its calculators) only when every line is installment-ready. */}
      {checkout.lines.length > 0 && checkout.lines.every((l) => l.isInstallmentReady) && checkout.total > 0 ? (
        <div className="mt-4">
          <Suspense fallback={null}>
            <InstallmentWidgets price={checkout.total / 100} />
          </Suspense>
        </div>
      ) : null}
      {/* What the shop promises (its terms' words), where the shopper decides to pay; delivery's only for a delivery. */}
      <div className="mt-4 border-t border-gray-200 pt-4">
        <TrustStrip variant="list" only={shippingKind === 'pickup' ? ['payment', 'returns'] : ['payment', 'delivery', 'returns']} />
      </div>
    </aside>
  );
}

export function shippingLabel(checkout: CheckoutView, kind: 'pickup' | 'delivery' | null): string {
  return shippingSummaryLabel({
    kind,
    allLinesShipFree: checkout.lines.length > 0 && checkout.lines.every((l) => l.isFreeShippingFee),
    shippingPriceCentavos: checkout.shippingPrice,
    estimateCentavos: checkout.estimatedShippingFee,
  });
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex justify-between gap-3">
      <dt className="text-gray-700">{label}</dt>
      <dd className="whitespace-nowrap text-right font-medium">{value}</dd>
    </div>
  );
}

function PromoCode({ voucherCode }: { voucherCode: string | null }) {
  const fetcher = useFetcher<ActionResult>();
  const [code, setCode] = useState('');
  const busy = fetcher.state !== 'idle';
  const error = fetcher.data && !fetcher.data.ok ? fetcher.data.message : null;
  if (voucherCode) {
    return (
      <fetcher.Form method="post" action="/checkout" className="mt-3 flex items-center justify-between gap-2 rounded-md bg-secondary-light px-3 py-2 text-sm">
        <input type="hidden" name="intent" value="promoRemove" />
        <input type="hidden" name="code" value={voucherCode} />
        <span>
          Promo code <strong data-testid="applied-promo">{voucherCode}</strong>
        </span>
        <button type="submit" className="font-semibold text-secondary-dark underline" disabled={busy}>
          Remove
        </button>
        {error ? <span role="alert" className="text-red-700">{error}</span> : null}
      </fetcher.Form>
    );
  }
  return (
    <fetcher.Form method="post" action="/checkout" className="mt-3" onSubmit={() => setCode((c) => c.trim())}>
      <input type="hidden" name="intent" value="promoAdd" />
      <label htmlFor="promo-code" className="block text-sm font-medium text-gray-800">
        Promo Code
      </label>
      <div className="mt-1 flex">
        {/* w-0: an input's own width (about 20 characters) would otherwise set the summary's
            narrowest width, past a 320 px screen when no code is applied; flex-1 fills the row. */}
        <input
          id="promo-code"
          name="code"
          value={code}
          onChange={(e) => setCode(e.target.value)}
          autoComplete="off"
          className="w-0 min-w-0 flex-1 rounded-l-md border border-gray-400 px-3 py-2 text-sm uppercase focus:border-secondary focus:outline-none"
        />
        <button type="submit" className="btn-secondary rounded-l-none" disabled={busy || code.trim() === ''}>
          Apply
        </button>
      </div>
      {error ? (
        <p role="alert" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </fetcher.Form>
  );
}
