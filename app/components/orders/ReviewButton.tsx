// 'Write a Review' / 'Update Review' on a line of a FULFILLED order (docs/product/orders-and-payments.md#order-actions), the
// review dialog (five stars, an optional note) and its answers. The form posts intent=review to
// the order action; the dialog checks the same rules first (common/reviews/review.ts).
import { lazy, Suspense, useEffect, useState } from 'react';
import { useFetcher } from 'react-router';
import { reviewActionFor } from '../../../common/orders/order-actions';
import type { OrderStatus } from '../../../common/orders/order-status';
import type { OrderLineData } from '../../graphql/orders';
import { Modal } from '../catalogue/Modal';
import type { OrderActionResult } from './order-messages';

// The dialog's form (and its rules) loads when it opens: the order pages' first load stays
// within the first-load JavaScript budget (bench/js-budget.ts).
const ReviewForm = lazy(() => import('./ReviewForm'));

const TOAST_MS = 4000;

const secondary = 'rounded-md border border-gray-400 px-3 py-1.5 text-sm font-medium hover:bg-gray-50 disabled:opacity-60';

export function ReviewButton({
  line,
  orderId,
  status,
  compact = false,
}: {
  line: Pick<OrderLineData, 'productId' | 'productName' | 'variantName' | 'viewerReview'>;
  orderId: string;
  status: OrderStatus;
  compact?: boolean;
}) {
  const fetcher = useFetcher<OrderActionResult>();
  const [open, setOpen] = useState(false);
  const [toast, setToast] = useState<string | null>(null);
  const [formKey, setFormKey] = useState(0);
  const busy = fetcher.state !== 'idle';
  const answer = fetcher.state === 'idle' ? fetcher.data : undefined;

  // Each answer once: success closes the dialog and shows the toast; a refusal stays in it.
  const [handled, setHandled] = useState<OrderActionResult | undefined>(undefined);
  // The answer the dialog was opened after: an earlier refusal is not shown again.
  const [stale, setStale] = useState<OrderActionResult | undefined>(undefined);
  if (answer && answer !== handled) {
    setHandled(answer);
    if (answer.ok) {
      setOpen(false);
      setToast(answer.message);
    }
  }
  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(() => setToast(null), TOAST_MS);
    return () => clearTimeout(timer);
  }, [toast]);

  const label = reviewActionFor(status, line.viewerReview !== null);
  if (!label) return null;
  const product = `${line.productName} (${line.variantName})`;
  const serverError = answer && !answer.ok && answer !== stale ? answer.message : null;

  return (
    <>
      <button
        type="button"
        className={compact ? `${secondary} px-2 py-1 text-xs` : secondary}
        aria-label={`${label}: ${product}`}
        disabled={busy}
        onClick={() => {
          setStale(fetcher.data);
          setFormKey((k) => k + 1);
          setOpen(true);
        }}
      >
        {label}
      </button>
      <Modal open={open} onOpenChange={setOpen} title={label}>
        <Suspense fallback={<p className="text-sm text-gray-700">Loading…</p>}>
          <ReviewForm
            key={formKey}
            fetcher={fetcher}
            orderId={orderId}
            productId={line.productId}
            product={product}
            review={line.viewerReview}
            submitLabel={label}
            busy={busy}
            serverError={serverError}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      </Modal>
      {toast ? (
        <p role="status" className="fixed bottom-6 left-1/2 z-50 -translate-x-1/2 rounded-md bg-gray-900 px-4 py-2 text-sm text-white shadow-lg">
          {toast}
        </p>
      ) : null}
    </>
  );
}
