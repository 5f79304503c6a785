// The cart's slide-in after ADD TO CART (the rulebook's header cart panel and "cart slide 1000
// ms"): a sheet sliding in from the right with what was added, the cart's lines (thumbnail,
// product, variant, quantity, line price) and the ways on: View Cart, Checkout and Continue
// Shopping (the add-to-cart confirmation's links). A Radix dialog: focus moves into it and
// stays there, Escape or the close button closes it, and focus returns to ADD TO CART. It reuses
// the dialog code the header already loads (no new JavaScript but this file).
import * as Dialog from '@radix-ui/react-dialog';
import { OpenDialogPortal } from '../layout/OpenDialogPortal';
import type { RefObject } from 'react';
import { Link } from 'react-router';
import { formatPeso } from '../../../common/money';
import { useRootData } from '../../lib/personal-fill';
import { LineThumbnail } from './LineThumbnail';

export const CART_SLIDE_IN_TITLE = 'Added to cart';

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** A line set to the stock left instead of the quantity asked for (the /cart action's notice). */
  notice: string | null;
  /** Where focus goes back to once the sheet closes: the ADD TO CART button. */
  returnFocusTo?: RefObject<HTMLElement | null>;
};

export function CartSlideIn({ open, onOpenChange, notice, returnFocusTo }: Props) {
  // The header's cart, which the root loader reloads after the add: it already holds the new line.
  const cart = useRootData()?.cart ?? null;
  const lines = cart?.lines ?? [];
  const subtotal = lines.reduce((sum, line) => sum + line.totalPrice, 0);
  const close = () => onOpenChange(false);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <OpenDialogPortal open={open}>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content
          data-testid="cart-slide-in"
          onCloseAutoFocus={(event) => {
            if (!returnFocusTo?.current) return;
            event.preventDefault();
            returnFocusTo.current.focus();
          }}
          className="animate-cart-slide-in fixed inset-y-0 right-0 z-50 flex w-96 max-w-[90vw] flex-col bg-white shadow-xl motion-reduce:animate-none"
        >
          <div className="flex items-center justify-between border-b border-gray-200 p-4">
            <Dialog.Title className="text-lg font-bold">{CART_SLIDE_IN_TITLE}</Dialog.Title>
            <Dialog.Close className="rounded p-2" aria-label="Close cart">
              ✕
            </Dialog.Close>
          </div>
          <Dialog.Description asChild>
            {notice ? (
              <p className="border-b border-gray-200 px-4 py-3 text-sm font-semibold text-orange-800" data-testid="stock-notice">
                {notice}
              </p>
            ) : (
              <p className="border-b border-gray-200 px-4 py-3 text-sm">The item was added to your cart.</p>
            )}
          </Dialog.Description>
          {lines.length > 0 ? (
            <ul aria-label="Your Cart" className="flex-1 divide-y divide-gray-200 overflow-y-auto px-4">
              {lines.map((line) => (
                <li key={line.id} className="flex gap-3 py-3" data-testid="cart-slide-in-line">
                  <LineThumbnail url={line.thumbnailUrl} alt={line.thumbnailAlt} size={56} />
                  <div className="min-w-0 flex-1 text-sm">
                    <p className="font-semibold">{line.productName}</p>
                    {line.variantName ? <p className="text-gray-700">{line.variantName}</p> : null}
                    <p className="text-gray-700">Qty: {line.quantity}</p>
                  </div>
                  <p className="text-sm font-semibold">{formatPeso(line.totalPrice)}</p>
                </li>
              ))}
            </ul>
          ) : (
            <div className="flex-1" />
          )}
          <div className="mt-auto flex flex-col gap-2 border-t border-gray-200 p-4">
            {lines.length > 0 ? (
              <p className="flex justify-between text-sm font-semibold">
                <span>Subtotal</span>
                <span>{formatPeso(subtotal)}</span>
              </p>
            ) : null}
            <Link to="/cart" className="btn-outline" onClick={close}>
              View Cart
            </Link>
            <Link to="/checkout" className="btn-primary" onClick={close}>
              Checkout
            </Link>
            <Link to="/shop/" className="btn-secondary" onClick={close}>
              Continue Shopping
            </Link>
          </div>
        </Dialog.Content>
      </OpenDialogPortal>
    </Dialog.Root>
  );
}
