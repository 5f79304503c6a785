// The /cart screen (docs/product/cart-and-checkout.md#cart): lines with editable quantities, subtotal, Update Cart,
// Continue Shopping and Checkout; 'NO PRODUCT IN CART' when empty. A changed quantity shows in
// the line and the subtotal at once and is saved after a short pause; a 0 or an
// emptied field waits for Update Cart. Leaving the cart (Checkout above all) with anything
// unsaved saves it first, and stays when the save was refused or cut to the stock left.
import { useEffect, useRef, useState } from 'react';
import { Link, useBlocker, useFetcher } from 'react-router';
import { lowStockHint, maxBuyable, onlyLeftText, OUT_OF_STOCK } from '../../../common/catalogue/stock';
import { cartSaveLines, cartTotals, cartUpdateLines, MAX_LINE_QUANTITY, settleEdits } from '../../../common/checkout/cart-quantity';
import { CART_MESSAGES } from '../../../common/checkout/checkout-messages';
import { formatPeso } from '../../../common/money';
import type { CartLineView } from '../checkout/types';
import { EmptyState } from '../layout/EmptyState';
import { TrustStrip } from '../layout/TrustStrip';
import { LineThumbnail } from './LineThumbnail';
import { QuantityStepper } from './QuantityStepper';

type ActionResult = { ok: boolean; message?: string };
type SaveLine = { lineId: string; variantId: string; quantity: number };

/** How long the cart waits after the last +, - or keystroke before it saves (clicks in a row go as one). */
const SAVE_PAUSE_MS = 400;

export function CartView({ lines, subtotal }: { lines: CartLineView[]; subtotal: number }) {
  const update = useFetcher<ActionResult>();
  const [edited, setEdited] = useState<Record<string, number | null>>({});
  // True from a save's start until its reloaded cart and the edits left are both in place.
  const [settling, setSettling] = useState(false);
  const saving = settling || update.state !== 'idle';
  const toSave = cartSaveLines(lines, edited, false);
  const unsaved = cartSaveLines(lines, edited, true).length > 0;
  const totals = cartTotals(lines, edited, subtotal);

  const save = async (changes: SaveLine[]) => {
    if (changes.length === 0) return;
    setSettling(true);
    try {
      await update.submit({ intent: 'updateLines', lines: JSON.stringify(changes) }, { method: 'post', action: '/cart' });
    } finally {
      // The reloaded cart is the truth now (saved quantities, or the stock left, or unchanged
      // ones and the error); edits made meanwhile stay and are saved next.
      setEdited((e) => settleEdits(e, Object.fromEntries(changes.map((c) => [c.lineId, c.quantity]))));
      setSettling(false);
    }
  };

  // Saves the changed quantities once the customer pauses (one save at a time).
  const pendingKey = JSON.stringify(toSave);
  useEffect(() => {
    if (saving || toSave.length === 0) return;
    const timer = setTimeout(() => void save(toSave), SAVE_PAUSE_MS);
    return () => clearTimeout(timer);
    // The changes themselves (pendingKey) decide; the arrays and save are new on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pendingKey, saving]);

  // Nothing leaves the cart unsaved: the way out waits for the save, then goes on.
  const blocker = useBlocker(({ currentLocation, nextLocation }) => (unsaved || saving) && currentLocation.pathname !== nextLocation.pathname);
  const blocked = blocker.state === 'blocked';
  const savedOnWayOut = useRef(false);
  useEffect(() => {
    if (!blocked) return;
    if (saving) {
      savedOnWayOut.current = true;
      return;
    }
    if (unsaved) {
      savedOnWayOut.current = true;
      // The router holds the navigation (an outside system): the save answers it.
      // eslint-disable-next-line react-hooks/set-state-in-effect
      void save(cartUpdateLines(lines, edited));
      return;
    }
    // A refusal, or a quantity cut to the stock left, is shown here rather than passed by.
    const result = update.data;
    if (savedOnWayOut.current && result && (!result.ok || result.message)) blocker.reset();
    else blocker.proceed();
    savedOnWayOut.current = false;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [blocked, saving, unsaved]);

  if (lines.length === 0) {
    return (
      <section className="container-page py-12 text-center">
        <h1 className="text-3xl font-bold">Your Cart</h1>
        <EmptyState
          title={CART_MESSAGES.emptyCart}
          action={
            <>
              <Link to="/shop" className="btn-primary">
                Go Shopping
              </Link>
              <Link to="/account/watchlist" className="btn-outline">
                My Watchlist
              </Link>
            </>
          }
        >
          Items you add to your cart stay here until you check out. Browse the shop or your watchlist to find something you like.
        </EmptyState>
      </section>
    );
  }

  const count = lines.reduce((n, l) => n + l.quantity, 0);
  return (
    <section className="container-page py-4 md:py-8">
      <h1 className="text-2xl font-bold md:text-3xl">Your Cart</h1>
      {/* A laptop: the lines and, under them, the promises; beside both, the summary, sticky.
          A phone: lines, summary, promises. */}
      <div className="mt-3 grid grid-cols-[minmax(0,1fr)] gap-6 md:mt-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:grid-rows-[auto_1fr] lg:gap-8">
        <ul className="self-start divide-y divide-gray-200 rounded-lg border border-gray-200 bg-white px-3 shadow-sm sm:px-4" aria-label="Cart items">
          {lines.map((line) => (
            <CartLineRow
              key={line.id}
              line={line}
              value={line.id in edited ? edited[line.id]! : line.quantity}
              total={totals.lineTotals[line.id] ?? line.totalPrice}
              onChange={(value) => setEdited((e) => ({ ...e, [line.id]: value }))}
            />
          ))}
        </ul>
        <aside className="h-fit lg:sticky lg:top-20 lg:col-start-2 lg:row-span-2 lg:row-start-1" aria-labelledby="cart-summary-title">
          <div className="rounded-lg border border-gray-200 bg-white p-4 shadow-sm sm:p-5">
            <h2 id="cart-summary-title" className="text-lg font-bold">
              Order Summary
            </h2>
            <dl className="mt-3 space-y-1 border-b border-gray-200 pb-3 text-sm">
              <div className="flex justify-between gap-4">
                <dt className="text-gray-700">Items</dt>
                <dd>{count}</dd>
              </div>
              <div className="flex items-center justify-between gap-4 pt-1 text-lg">
                <dt className="font-semibold">Subtotal</dt>
                <dd className="whitespace-nowrap font-bold" data-testid="cart-subtotal" aria-live="polite">
                  {formatPeso(totals.subtotal)}
                </dd>
              </div>
            </dl>
            <p className="mt-2 text-xs text-gray-600">Shipping and any payment fee are added at checkout.</p>
            {update.data && !update.data.ok ? (
              <p role="alert" className="mt-3 rounded bg-red-50 px-3 py-2 text-sm text-red-800">
                {update.data.message}
              </p>
            ) : null}
            {update.data?.ok && update.data.message ? (
              <p role="status" className="mt-3 rounded bg-orange-50 px-3 py-2 text-sm text-orange-900" data-testid="stock-notice">
                {update.data.message}
              </p>
            ) : null}
            <div className="mt-4 flex flex-col gap-2">
              <Link to="/checkout" className="btn-primary py-3 text-base">
                Checkout
              </Link>
              <button
                type="button"
                className="btn-secondary"
                disabled={saving || !unsaved}
                onClick={() => void save(cartUpdateLines(lines, edited))}
              >
                {saving ? 'Updating…' : 'Update Cart'}
              </button>
              <Link to="/shop" className="btn-outline">
                Continue Shopping
              </Link>
            </div>
          </div>
        </aside>
        <div className="self-start lg:col-start-1 lg:row-start-2">
          <TrustStrip only={['payment', 'delivery', 'returns']} />
        </div>
      </div>
    </section>
  );
}

function CartLineRow({
  line,
  value,
  total,
  onChange,
}: {
  line: CartLineView;
  value: number | null;
  /** The line's total for the quantity shown, in centavos. */
  total: number;
  onChange: (value: number | null) => void;
}) {
  const remove = useFetcher<ActionResult>();
  const removing = remove.state !== 'idle';
  const max = maxBuyable(line.stockQuantity, MAX_LINE_QUANTITY);
  // More in the cart than can be bought now (someone else bought them): the rulebook's words, then how many.
  const stockNote =
    line.stockQuantity != null && line.quantity > max
      ? [OUT_OF_STOCK, max > 0 ? onlyLeftText(max) : null].filter(Boolean).join(' ')
      : lowStockHint(line.stockQuantity);
  return (
    <li className="flex flex-wrap items-center gap-4 py-4" data-testid="cart-line">
      <LineThumbnail url={line.thumbnailUrl} alt={line.thumbnailAlt} size={72} />
      <div className="min-w-0 flex-1 basis-40">
        <Link to={`/product/${line.productId}`} className="font-semibold hover:underline">
          {line.isPreOrder ? '[PRE-ORDER] ' : ''}
          {line.productName}
        </Link>
        {line.variantName ? <p className="text-sm text-gray-700">{line.variantName}</p> : null}
        <p className="whitespace-nowrap text-sm text-gray-700">{formatPeso(line.unitPrice)} each</p>
        {stockNote ? (
          <p className="text-sm font-semibold text-orange-800" data-testid="cart-stock">
            {stockNote}
          </p>
        ) : null}
      </div>
      <div className="ml-auto flex flex-wrap items-center justify-end gap-3">
        <QuantityStepper value={value} onChange={onChange} label={line.productName} disabled={removing} max={max} />
        <p className="min-w-24 whitespace-nowrap text-right font-semibold" data-testid="cart-line-total">{formatPeso(total)}</p>
        <remove.Form method="post" action="/cart">
          <input type="hidden" name="intent" value="deleteLine" />
          <input type="hidden" name="lineId" value={line.id} />
          <button
            type="submit"
            className="rounded p-2 text-gray-700 hover:bg-red-50 hover:text-red-700"
            aria-label={`Remove ${line.productName}`}
            disabled={removing}
          >
            <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
              <path d="M3 6h18M8 6V4h8v2M6 6l1 14h10l1-14" />
            </svg>
          </button>
        </remove.Form>
      </div>
      {remove.data && !remove.data.ok ? (
        <p role="alert" className="w-full text-sm text-red-700">
          {remove.data.message ?? CART_MESSAGES.unableToRemove}
        </p>
      ) : null}
    </li>
  );
}
